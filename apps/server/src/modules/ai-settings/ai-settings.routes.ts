import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AI_MODELS, aiModelsSchema, ROLES } from "@clinora/contracts";

export function aiSettingsRoutes() {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      "/ai-settings/models",
      { config: { access: ROLES }, schema: { tags: ["ai-settings"], summary: "Modelos disponíveis por provedor", response: { 200: aiModelsSchema } } },
      () => ({ openai: [...AI_MODELS.openai], anthropic: [...AI_MODELS.anthropic] }),
    );
  };
}
