import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { dailyActivityListSchema, dailyActivityQuerySchema, platformStatsSchema } from "@clinora/contracts";
import type { AdminDashboardService } from "./admin-dashboard.service";

export function adminDashboardRoutes(service: AdminDashboardService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      "/admin/dashboard/summary",
      {
        config: { access: ["admin"] },
        schema: { tags: ["admin"], summary: "Indicadores da plataforma", response: { 200: platformStatsSchema } },
      },
      () => service.summary(),
    );
    r.get(
      "/admin/dashboard/daily",
      {
        config: { access: ["admin"] },
        schema: {
          tags: ["admin"],
          summary: "Novos pacientes e consultas por dia",
          querystring: dailyActivityQuerySchema,
          response: { 200: dailyActivityListSchema },
        },
      },
      (request) => service.daily(request.query.days),
    );
  };
}
