import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  errorResponseSchema,
  idParamSchema,
  leadInputSchema,
  leadListQuerySchema,
  leadSchema,
  leadStatsSchema,
  listResponseSchema,
  okResponseSchema,
} from "@clinora/contracts";
import { actorOf } from "../../platform/plugins/auth";
import type { LeadService } from "./lead.service";

const adminOnly = { access: ["admin"] as const };
const tags = ["leads"];

export function leadRoutes(service: LeadService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      "/leads",
      { config: adminOnly, schema: { tags, summary: "Listar leads", querystring: leadListQuerySchema, response: { 200: listResponseSchema(leadSchema) } } },
      (request) => service.list(request.query),
    );

    r.get(
      "/leads/stats",
      { config: adminOnly, schema: { tags, summary: "Indicadores dos leads", response: { 200: leadStatsSchema } } },
      () => service.stats(),
    );

    r.get(
      "/leads/:id",
      { config: adminOnly, schema: { tags, summary: "Um lead", params: idParamSchema, response: { 200: leadSchema, 404: errorResponseSchema } } },
      (request) => service.get(request.params.id),
    );

    r.post(
      "/leads",
      { config: adminOnly, schema: { tags, summary: "Cadastrar lead", body: leadInputSchema, response: { 201: leadSchema } } },
      async (request, reply) => reply.status(201).send(await service.create(actorOf(request), request.body)),
    );

    r.put(
      "/leads/:id",
      {
        config: adminOnly,
        schema: { tags, summary: "Atualizar lead", params: idParamSchema, body: leadInputSchema, response: { 200: leadSchema, 404: errorResponseSchema } },
      },
      (request) => service.update(actorOf(request), request.params.id, request.body),
    );

    r.delete(
      "/leads/:id",
      { config: adminOnly, schema: { tags, summary: "Excluir lead", params: idParamSchema, response: { 200: okResponseSchema, 404: errorResponseSchema } } },
      async (request) => {
        await service.remove(actorOf(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
}
