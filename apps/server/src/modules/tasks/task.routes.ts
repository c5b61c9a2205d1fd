import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponseSchema, idParamSchema, taskInputSchema, taskListQuerySchema, taskSchema, taskSummarySchema, taskUpdateSchema } from "@clinora/contracts";
import { resourceSchemas } from "../../platform/lib/resource-schemas";
import { tenantOf } from "../../platform/plugins/auth";
import type { TaskService } from "./task.service";

const access = { access: ["professional"] as const };
const tags = ["tasks"];
const schemas = resourceSchemas(tags, taskSchema);

export function taskRoutes(service: TaskService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get("/tasks", { config: access, schema: schemas.list("Minhas tarefas", taskListQuerySchema) }, (request) =>
      service.list(tenantOf(request), request.query),
    );

    r.get(
      "/tasks/summary",
      { config: access, schema: { tags, summary: "Contagens por status e vencidas", response: { 200: taskSummarySchema } } },
      (request) => service.summary(tenantOf(request)),
    );

    r.get("/tasks/:id", { config: access, schema: schemas.byId("Uma tarefa") }, (request) => service.get(tenantOf(request), request.params.id));

    r.post("/tasks", { config: access, schema: schemas.create("Criar tarefa", taskInputSchema) }, async (request, reply) =>
      reply.status(201).send(await service.create(tenantOf(request), request.body)),
    );

    r.put("/tasks/:id", { config: access, schema: schemas.update("Atualizar tarefa (dados completos ou só o status)", taskUpdateSchema) }, (request) =>
      service.update(tenantOf(request), request.params.id, request.body),
    );

    // Deleting a task answers 204 with no body, not the `{ ok: true }` of schemas.remove.
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
