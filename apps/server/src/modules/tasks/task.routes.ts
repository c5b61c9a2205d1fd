import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  errorResponseSchema,
  idParamSchema,
  listResponseSchema,
  taskInputSchema,
  taskListQuerySchema,
  taskSchema,
  taskSummarySchema,
  taskUpdateSchema,
} from "@clinora/contracts";
import { tenantOf } from "../../platform/plugins/auth";
import type { TaskService } from "./task.service";

const access = { access: ["professional"] as const };
const tags = ["tasks"];

export function taskRoutes(service: TaskService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      "/tasks",
      { config: access, schema: { tags, summary: "Minhas tarefas", querystring: taskListQuerySchema, response: { 200: listResponseSchema(taskSchema) } } },
      (request) => service.list(tenantOf(request), request.query),
    );

    r.get(
      "/tasks/summary",
      { config: access, schema: { tags, summary: "Contagens por status e vencidas", response: { 200: taskSummarySchema } } },
      (request) => service.summary(tenantOf(request)),
    );

    r.get(
      "/tasks/:id",
      { config: access, schema: { tags, summary: "Uma tarefa", params: idParamSchema, response: { 200: taskSchema, 404: errorResponseSchema } } },
      (request) => service.get(tenantOf(request), request.params.id),
    );

    r.post(
      "/tasks",
      { config: access, schema: { tags, summary: "Criar tarefa", body: taskInputSchema, response: { 201: taskSchema } } },
      async (request, reply) => reply.status(201).send(await service.create(tenantOf(request), request.body)),
    );

    r.put(
      "/tasks/:id",
      {
        config: access,
        schema: { tags, summary: "Atualizar tarefa (dados completos ou só o status)", params: idParamSchema, body: taskUpdateSchema, response: { 200: taskSchema, 404: errorResponseSchema } },
      },
      (request) => service.update(tenantOf(request), request.params.id, request.body),
    );

    r.delete(
      "/tasks/:id",
      { config: access, schema: { tags, summary: "Excluir tarefa", params: idParamSchema, response: { 204: z.null(), 404: errorResponseSchema } } },
      async (request, reply) => {
        await service.remove(tenantOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
