import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { availabilityToggleQuerySchema, professionalSchema, zenModeToggleQuerySchema } from "@clinora/contracts";
import { professionalIdOf } from "../../platform/plugins/auth";
import type { ProfessionalTogglesService } from "./professional-toggles.service";

const access = { access: ["professional"] as const };
const tags = ["professionals"];

export function professionalToggleRoutes(service: ProfessionalTogglesService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.patch(
      "/professionals/me/availability",
      { config: access, schema: { tags, summary: "Ligar ou desligar a disponibilidade", querystring: availabilityToggleQuerySchema, response: { 200: professionalSchema } } },
      (request) => service.setAvailability(professionalIdOf(request), request.query.is_available),
    );

    r.patch(
      "/professionals/me/zen-mode",
      { config: access, schema: { tags, summary: "Ligar ou desligar o Modo Zen", querystring: zenModeToggleQuerySchema, response: { 200: professionalSchema } } },
      (request) => service.setZenMode(professionalIdOf(request), request.query.zen_mode),
    );
  };
}
