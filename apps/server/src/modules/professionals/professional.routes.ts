import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  errorResponseSchema,
  idParamSchema,
  listResponseSchema,
  okResponseSchema,
  professionalInputSchema,
  professionalListQuerySchema,
  professionalSchema,
  professionalStatsSchema,
} from "@clinora/contracts";
import { actorOf, professionalIdOf } from "../../platform/plugins/auth";
import type { ProfessionalService } from "./professional.service";

const adminOnly = { access: ["admin"] as const };
const tags = ["professionals"];

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

    r.get(
      "/professionals",
      {
        config: adminOnly,
        schema: { tags, summary: "Listar profissionais", querystring: professionalListQuerySchema, response: { 200: listResponseSchema(professionalSchema) } },
      },
      (request) => service.list(request.query),
    );

    r.get(
      "/professionals/stats",
      { config: adminOnly, schema: { tags, summary: "Indicadores dos profissionais", response: { 200: professionalStatsSchema } } },
      () => service.stats(),
    );

    r.get(
      "/professionals/:id",
      { config: adminOnly, schema: { tags, summary: "Um profissional", params: idParamSchema, response: { 200: professionalSchema, 404: errorResponseSchema } } },
      (request) => service.get(request.params.id),
    );

    r.post(
      "/professionals",
      { config: adminOnly, schema: { tags, summary: "Cadastrar profissional", body: professionalInputSchema, response: { 201: professionalSchema } } },
      async (request, reply) => reply.status(201).send(await service.create(actorOf(request), request.body)),
    );

    r.put(
      "/professionals/:id",
      {
        config: adminOnly,
        schema: { tags, summary: "Atualizar profissional", params: idParamSchema, body: professionalInputSchema, response: { 200: professionalSchema, 404: errorResponseSchema } },
      },
      (request) => service.update(actorOf(request), request.params.id, request.body),
    );

    r.delete(
      "/professionals/:id",
      {
        config: adminOnly,
        schema: {
          tags,
          summary: "Excluir profissional sem dados vinculados",
          params: idParamSchema,
          response: { 200: okResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
        },
      },
      async (request) => {
        await service.remove(actorOf(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
}
