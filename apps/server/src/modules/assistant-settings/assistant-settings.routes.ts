import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { assistantSettingsInputSchema, assistantSettingsSchema, validationErrorSchema } from "@clinora/contracts";
import { tenantOf } from "../../platform/plugins/auth";
import type { AssistantSettingsService } from "./assistant-settings.service";

const config = { access: ["professional"] as const };
const tags = ["assistant"];
const PATH = "/professionals/me/ai-settings";

export function assistantSettingsRoutes(service: AssistantSettingsService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      PATH,
      { config, schema: { tags, summary: "Configurações do meu assistente virtual", response: { 200: assistantSettingsSchema } } },
      (request) => service.get(tenantOf(request)),
    );

    r.put(
      PATH,
      {
        config,
        schema: {
          tags,
          summary: "Salvar as configurações do meu assistente virtual",
          body: assistantSettingsInputSchema,
          response: { 200: assistantSettingsSchema, 422: validationErrorSchema },
        },
      },
      (request) => service.update(tenantOf(request), request.body),
    );
  };
}
