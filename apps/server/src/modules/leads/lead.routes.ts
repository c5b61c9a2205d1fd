import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { leadInputSchema, leadListQuerySchema, leadSchema, leadStatsSchema } from "@clinora/contracts";
import { resourceSchemas } from "../../platform/lib/resource-schemas";
import { actorOf } from "../../platform/plugins/auth";
import type { LeadService } from "./lead.service";

const adminOnly = { access: ["admin"] as const };
const tags = ["leads"];
const schemas = resourceSchemas(tags, leadSchema);

export function leadRoutes(service: LeadService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get("/leads", { config: adminOnly, schema: schemas.list("Listar leads", leadListQuerySchema) }, (request) => service.list(request.query));

    r.get(
      "/leads/stats",
      { config: adminOnly, schema: { tags, summary: "Indicadores dos leads", response: { 200: leadStatsSchema } } },
      () => service.stats(),
    );

    r.get("/leads/:id", { config: adminOnly, schema: schemas.byId("Um lead") }, (request) => service.get(request.params.id));

    r.post("/leads", { config: adminOnly, schema: schemas.create("Cadastrar lead", leadInputSchema) }, async (request, reply) =>
      reply.status(201).send(await service.create(actorOf(request), request.body)),
    );

    r.put("/leads/:id", { config: adminOnly, schema: schemas.update("Atualizar lead", leadInputSchema) }, (request) =>
      service.update(actorOf(request), request.params.id, request.body),
    );

    r.delete("/leads/:id", { config: adminOnly, schema: schemas.remove("Excluir lead") }, async (request) => {
      await service.remove(actorOf(request), request.params.id);
      return { ok: true as const };
    });
  };
}
