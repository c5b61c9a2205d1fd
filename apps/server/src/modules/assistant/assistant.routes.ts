import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { assistantTestRequestSchema, assistantTestResponseSchema, errorResponseSchema, validationErrorSchema } from "@clinora/contracts";
import { tenantOf } from "../../platform/plugins/auth";
import type { AssistantService } from "./assistant.service";

export function assistantRoutes(service: AssistantService) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      "/professionals/me/assistant/test",
      {
        config: { access: ["professional"] as const },
        schema: {
          tags: ["assistant"],
          summary: "Testar assistente: conversa com o próprio assistente, sem WhatsApp; agendamentos simulados",
          body: assistantTestRequestSchema,
          response: { 200: assistantTestResponseSchema, 422: validationErrorSchema, 502: errorResponseSchema, 503: errorResponseSchema },
        },
      },
      (request) => service.test(tenantOf(request), request.body),
    );
  };
}
