import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { platformStatsSchema } from "@clinora/contracts";
import type { AdminDashboardService } from "./admin-dashboard.service";

export function adminDashboardRoutes(service: AdminDashboardService) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      "/admin/dashboard/summary",
      {
        config: { access: ["admin"] },
        schema: { tags: ["admin"], summary: "Indicadores da plataforma", response: { 200: platformStatsSchema } },
      },
      () => service.summary(),
    );
  };
}
