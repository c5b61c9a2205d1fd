import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  errorResponseSchema,
  idParamSchema,
  listResponseSchema,
  okResponseSchema,
  professionalAccountCreateSchema,
  professionalAccountSchema,
  userCreateSchema,
  userDeleteQuerySchema,
  userListQuerySchema,
  userProfessionalOverviewSchema,
  userSchema,
  userStatsSchema,
  userSuspendSchema,
  userUpdateSchema,
} from "@clinora/contracts";
import { actorOf } from "../../platform/plugins/auth";
import type { ProfessionalAccountService } from "./professional-account.service";
import type { UserService } from "./user.service";

const access = { access: ["admin"] as const };
const tags = ["users"];

export function userRoutes(service: UserService, accounts: ProfessionalAccountService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      "/users",
      { config: access, schema: { tags, summary: "Listar usuários", querystring: userListQuerySchema, response: { 200: listResponseSchema(userSchema) } } },
      (request) => service.list(request.query),
    );

    r.get(
      "/users/stats",
      { config: access, schema: { tags, summary: "Totais de usuários por status e dos últimos 7 dias", response: { 200: userStatsSchema } } },
      () => service.stats(),
    );

    r.get(
      "/users/:id",
      { config: access, schema: { tags, summary: "Detalhe de um usuário", params: idParamSchema, response: { 200: userSchema, 404: errorResponseSchema } } },
      (request) => service.get(request.params.id),
    );

    r.get(
      "/users/:id/professional-overview",
      {
        config: access,
        schema: {
          tags,
          summary: "Profissional vinculado e seus totais de pacientes, consultas, tarefas e conversas",
          params: idParamSchema,
          response: { 200: userProfessionalOverviewSchema, 404: errorResponseSchema },
        },
      },
      (request) => service.professionalOverview(request.params.id),
    );

    r.post(
      "/users",
      { config: access, schema: { tags, summary: "Criar usuário", body: userCreateSchema, response: { 201: userSchema, 409: errorResponseSchema } } },
      async (request, reply) => reply.status(201).send(await service.create(actorOf(request), request.body)),
    );

    r.post(
      "/users/create-professional-account",
      {
        config: access,
        schema: {
          tags,
          summary: "Criar conta profissional (usuário e profissional)",
          body: professionalAccountCreateSchema,
          response: { 201: professionalAccountSchema, 409: errorResponseSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await accounts.create(actorOf(request), request.body)),
    );

    r.put(
      "/users/:id",
      {
        config: access,
        schema: { tags, summary: "Editar usuário", params: idParamSchema, body: userUpdateSchema, response: { 200: userSchema, 404: errorResponseSchema, 409: errorResponseSchema } },
      },
      (request) => service.update(actorOf(request), request.params.id, request.body),
    );

    r.put(
      "/users/:id/suspend",
      {
        config: access,
        schema: { tags, summary: "Suspender usuário", params: idParamSchema, body: userSuspendSchema, response: { 200: userSchema, 404: errorResponseSchema, 409: errorResponseSchema } },
      },
      (request) => service.suspend(actorOf(request), request.params.id, request.body),
    );

    r.put(
      "/users/:id/reactivate",
      { config: access, schema: { tags, summary: "Reativar usuário", params: idParamSchema, response: { 200: userSchema, 404: errorResponseSchema } } },
      (request) => service.reactivate(actorOf(request), request.params.id),
    );

    r.delete(
      "/users/:id",
      {
        config: access,
        schema: {
          tags,
          summary: "Excluir usuário (opcionalmente com o profissional e todos os seus dados)",
          params: idParamSchema,
          querystring: userDeleteQuerySchema,
          response: { 200: okResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
        },
      },
      async (request) => {
        await service.remove(actorOf(request), request.params.id, request.query);
        return { ok: true as const };
      },
    );
  };
}
