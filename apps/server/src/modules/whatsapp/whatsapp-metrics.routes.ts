import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorResponseSchema, ROLES, whatsappMetricsQuerySchema, whatsappMetricsSchema } from "@clinora/contracts";
import { authOf, professionalIdOf } from "../../platform/plugins/auth";
import type { WhatsappMetricsService } from "./whatsapp-metrics.service";

export function whatsappMetricsRoutes(service: WhatsappMetricsService) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      "/whatsapp/metrics/overview",
      {
        config: { access: ROLES },
        schema: {
          tags: ["whatsapp"],
          summary: "Indicadores do WhatsApp nas últimas 24 horas",
          querystring: whatsappMetricsQuerySchema,
          response: { 200: whatsappMetricsSchema, 404: errorResponseSchema },
        },
      },
      // A professional always sees its own traffic: its professional_id, if sent, is ignored.
      (request) =>
        authOf(request).role === "admin"
          ? service.platformOverview(request.query.professional_id)
          : service.professionalOverview(professionalIdOf(request)),
    );
  };
}
