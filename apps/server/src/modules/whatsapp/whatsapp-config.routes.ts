import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ROLES, whatsappConfigSchema } from "@clinora/contracts";
import { authOf } from "../../platform/plugins/auth";
import type { WhatsappConfigService } from "./whatsapp-config.service";

export function whatsappConfigRoutes(service: WhatsappConfigService) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      "/whatsapp/config",
      { config: { access: ROLES }, schema: { tags: ["whatsapp"], summary: "Número WhatsApp e webhook", response: { 200: whatsappConfigSchema } } },
      (request) => service.get(authOf(request)),
    );
  };
}
