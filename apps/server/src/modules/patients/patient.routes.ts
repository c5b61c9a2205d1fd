import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  errorResponseSchema,
  idParamSchema,
  listResponseSchema,
  patientInputSchema,
  patientListQuerySchema,
  patientSchema,
  patientSearchItemSchema,
  patientSearchQuerySchema,
} from "@clinora/contracts";
import { tenantOf } from "../../platform/plugins/auth";
import type { PatientService } from "./patient.service";

const access = { access: ["professional"] as const };
const tags = ["patients"];

export function patientRoutes(service: PatientService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      "/patients",
      { config: access, schema: { tags, summary: "Meus pacientes", querystring: patientListQuerySchema, response: { 200: listResponseSchema(patientSchema) } } },
      (request) => service.list(tenantOf(request), request.query),
    );

    r.get(
      "/patients/search",
      {
        config: access,
        schema: { tags, summary: "Buscar pacientes por nome, telefone, email ou CPF", querystring: patientSearchQuerySchema, response: { 200: z.array(patientSearchItemSchema) } },
      },
      (request) => service.search(tenantOf(request), request.query.q, request.query.limit),
    );

    r.get(
      "/patients/:id",
      { config: access, schema: { tags, summary: "Um paciente", params: idParamSchema, response: { 200: patientSchema, 404: errorResponseSchema } } },
      (request) => service.get(tenantOf(request), request.params.id),
    );

    r.post(
      "/patients",
      { config: access, schema: { tags, summary: "Cadastrar paciente", body: patientInputSchema, response: { 201: patientSchema, 409: errorResponseSchema } } },
      async (request, reply) => reply.status(201).send(await service.create(tenantOf(request), request.body)),
    );

    r.put(
      "/patients/:id",
      {
        config: access,
        schema: { tags, summary: "Atualizar paciente", params: idParamSchema, body: patientInputSchema, response: { 200: patientSchema, 404: errorResponseSchema, 409: errorResponseSchema } },
      },
      (request) => service.update(tenantOf(request), request.params.id, request.body),
    );
  };
}
