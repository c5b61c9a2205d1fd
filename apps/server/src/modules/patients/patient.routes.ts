import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { patientInputSchema, patientListQuerySchema, patientSchema, patientSearchItemSchema, patientSearchQuerySchema } from "@clinora/contracts";
import { conflictAnswer, resourceSchemas } from "../../platform/lib/resource-schemas";
import { tenantOf } from "../../platform/plugins/auth";
import type { PatientService } from "./patient.service";

const access = { access: ["professional"] as const };
const tags = ["patients"];
const schemas = resourceSchemas(tags, patientSchema);

export function patientRoutes(service: PatientService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get("/patients", { config: access, schema: schemas.list("Meus pacientes", patientListQuerySchema) }, (request) =>
      service.list(tenantOf(request), request.query),
    );

    r.get(
      "/patients/search",
      {
        config: access,
        schema: { tags, summary: "Buscar pacientes por nome, telefone, email ou CPF", querystring: patientSearchQuerySchema, response: { 200: z.array(patientSearchItemSchema) } },
      },
      (request) => service.search(tenantOf(request), request.query.q, request.query.limit),
    );

    r.get("/patients/:id", { config: access, schema: schemas.byId("Um paciente") }, (request) => service.get(tenantOf(request), request.params.id));

    r.post("/patients", { config: access, schema: schemas.create("Cadastrar paciente", patientInputSchema, conflictAnswer) }, async (request, reply) =>
      reply.status(201).send(await service.create(tenantOf(request), request.body)),
    );

    r.put("/patients/:id", { config: access, schema: schemas.update("Atualizar paciente", patientInputSchema, conflictAnswer) }, (request) =>
      service.update(tenantOf(request), request.params.id, request.body),
    );
  };
}
