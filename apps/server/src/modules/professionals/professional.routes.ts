import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { professionalSchema } from "@clinora/contracts";
import { professionalIdOf } from "../../plugins/auth";
import type { ProfessionalService } from "./professional.service";

export function professionalRoutes(service: ProfessionalService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      "/professionals/me",
      {
        config: { access: ["professional"] },
        schema: { tags: ["professionals"], summary: "Meu perfil profissional", response: { 200: professionalSchema } },
      },
      (request) => service.getOwn(professionalIdOf(request)),
    );
  };
}
