import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { professionalProfileUpdateSchema, professionalSchema } from "@clinora/contracts";
import { tenantOf } from "../../platform/plugins/auth";
import type { ProfessionalProfileService } from "./professional-profile.service";

export function professionalProfileRoutes(service: ProfessionalProfileService) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().put(
      "/professionals/me",
      {
        config: { access: ["professional"] },
        schema: {
          tags: ["professionals"],
          summary: "Atualizar meu perfil (clínica, dados pessoais ou consultas)",
          body: professionalProfileUpdateSchema,
          response: { 200: professionalSchema },
        },
      },
      (request) => service.updateOwn(tenantOf(request), request.body),
    );
  };
}
