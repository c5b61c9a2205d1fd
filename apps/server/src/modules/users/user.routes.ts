import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  errorResponseSchema,
  idParamSchema,
  professionalAccessCreateSchema,
  professionalAccessSchema,
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
import { conflictAnswer, resourceSchemas } from "../../platform/lib/resource-schemas";
import { actorOf } from "../../platform/plugins/auth";
import type { ProfessionalAccountService } from "./professional-account.service";
import type { UserService } from "./user.service";

const access = { access: ["admin"] as const };
const tags = ["users"];
const schemas = resourceSchemas(tags, userSchema);

export function userRoutes(service: UserService, accounts: ProfessionalAccountService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get("/users", { config: access, schema: schemas.list("Listar usuários", userListQuerySchema) }, (request) => service.list(request.query));

    r.get(
      "/users/stats",
      { config: access, schema: { tags, summary: "Totais de usuários por status e dos últimos 7 dias", response: { 200: userStatsSchema } } },
      () => service.stats(),
    );

    r.get("/users/:id", { config: access, schema: schemas.byId("Detalhe de um usuário") }, (request) => service.get(request.params.id));

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

    r.post("/users", { config: access, schema: schemas.create("Criar usuário", userCreateSchema, conflictAnswer) }, async (request, reply) =>
      reply.status(201).send(await service.create(actorOf(request), request.body)),
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

    r.post(
      "/users/professional-access",
      {
        config: access,
        schema: {
          tags,
          summary: "Criar o acesso de um profissional que ainda não tem login (primeira senha mostrada uma vez)",
          body: professionalAccessCreateSchema,
          response: { 201: professionalAccessSchema, 409: errorResponseSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await accounts.grantAccess(actorOf(request), request.body)),
    );

    r.put("/users/:id", { config: access, schema: schemas.update("Editar usuário", userUpdateSchema, conflictAnswer) }, (request) =>
      service.update(actorOf(request), request.params.id, request.body),
    );

    r.put("/users/:id/suspend", { config: access, schema: schemas.update("Suspender usuário", userSuspendSchema, conflictAnswer) }, (request) =>
      service.suspend(actorOf(request), request.params.id, request.body),
    );

    r.put("/users/:id/reactivate", { config: access, schema: schemas.byId("Reativar usuário") }, (request) =>
      service.reactivate(actorOf(request), request.params.id),
    );

    r.delete(
      "/users/:id",
      {
        config: access,
        schema: { ...schemas.remove("Excluir usuário (opcionalmente com o profissional e todos os seus dados)", conflictAnswer), querystring: userDeleteQuerySchema },
      },
      async (request) => {
        await service.remove(actorOf(request), request.params.id, request.query);
        return { ok: true as const };
      },
    );
  };
}
