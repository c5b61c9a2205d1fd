import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { aiSettingsInputSchema, aiSettingsSavedSchema, aiSettingsSchema } from "@clinora/contracts";
import { authOf } from "../../platform/plugins/auth";
import type { GlobalAiSettingsService } from "./global-ai-settings.service";

const access = { access: ["admin"] as const };
const tags = ["ai-settings"];

export function globalAiSettingsRoutes(service: GlobalAiSettingsService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      "/ai-settings",
      { config: access, schema: { tags, summary: "Configurações globais do assistente de IA", response: { 200: aiSettingsSchema } } },
      () => service.get(),
    );

    r.put(
      "/ai-settings",
      { config: access, schema: { tags, summary: "Salvar configurações globais do assistente de IA", body: aiSettingsInputSchema, response: { 200: aiSettingsSavedSchema } } },
      async (request) => ({ data: await service.save({ ...authOf(request), ip: request.ip }, request.body) }),
    );
  };
}
