import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { professionalInputSchema, professionalListQuerySchema, professionalSchema, professionalStatsSchema } from "@clinora/contracts";
import { conflictAnswer, resourceSchemas } from "../../platform/lib/resource-schemas";
import { actorOf, professionalIdOf } from "../../platform/plugins/auth";
import type { ProfessionalService } from "./professional.service";

const adminOnly = { access: ["admin"] as const };
const tags = ["professionals"];
const schemas = resourceSchemas(tags, professionalSchema);

export function professionalRoutes(service: ProfessionalService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      "/professionals/me",
      {
        config: { access: ["professional"] },
        schema: { tags, summary: "Meu perfil profissional", response: { 200: professionalSchema } },
      },
      (request) => service.getOwn(professionalIdOf(request)),
    );

    r.get("/professionals", { config: adminOnly, schema: schemas.list("Listar profissionais", professionalListQuerySchema) }, (request) =>
      service.list(request.query),
    );

    r.get(
      "/professionals/stats",
      { config: adminOnly, schema: { tags, summary: "Indicadores dos profissionais", response: { 200: professionalStatsSchema } } },
      () => service.stats(),
    );

    r.get("/professionals/:id", { config: adminOnly, schema: schemas.byId("Um profissional") }, (request) => service.get(request.params.id));

    r.post("/professionals", { config: adminOnly, schema: schemas.create("Cadastrar profissional", professionalInputSchema) }, async (request, reply) =>
      reply.status(201).send(await service.create(actorOf(request), request.body)),
    );

    r.put("/professionals/:id", { config: adminOnly, schema: schemas.update("Atualizar profissional", professionalInputSchema) }, (request) =>
      service.update(actorOf(request), request.params.id, request.body),
    );

    r.delete(
      "/professionals/:id",
      { config: adminOnly, schema: schemas.remove("Excluir profissional sem dados vinculados", conflictAnswer) },
      async (request) => {
        await service.remove(actorOf(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
}
