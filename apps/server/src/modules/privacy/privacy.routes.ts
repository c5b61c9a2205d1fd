import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  accessLogEntrySchema,
  accessLogQuerySchema,
  anonymizeInputSchema,
  consentInputSchema,
  errorResponseSchema,
  idParamSchema,
  listResponseSchema,
  patientConsentsSchema,
  patientExportSchema,
  patientSchema,
  recordExportQuerySchema,
} from "@clinora/contracts";
import { tenantOf } from "../../platform/plugins/auth";
import type { PrivacyService } from "./privacy.service";

const access = { access: ["professional"] as const };
const tags = ["patients"];
const notFound = { 404: errorResponseSchema };

/** The dated file name of an export, without the patient's name (a downloads folder is not private). */
const fileName = (id: string, ext: string) => `paciente-${id.slice(0, 8)}-${new Date().toISOString().slice(0, 10)}.${ext}`;

const optionsOf = (query: { include_confidential?: "true" | "false" }) => ({ includeConfidential: query.include_confidential === "true" });

/** A patient's data rights (LGPD art. 18): export, access history, consent, anonymisation. */
export function privacyRoutes(service: PrivacyService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      "/patients/:id/export",
      {
        config: access,
        schema: { tags, summary: "Exportar dados do paciente (JSON)", params: idParamSchema, querystring: recordExportQuerySchema, response: { 200: patientExportSchema, ...notFound } },
      },
      async (request, reply) => {
        const data = await service.exportJson(tenantOf(request), request.params.id, optionsOf(request.query));
        return reply.header("content-disposition", `attachment; filename="${fileName(request.params.id, "json")}"`).send(data);
      },
    );

    // Untyped 200 on purpose: the page is HTML, which the JSON response serializer must not touch.
    app.get<{ Params: { id: string }; Querystring: { include_confidential?: "true" | "false" } }>(
      "/patients/:id/export.html",
      { config: access, schema: { tags, summary: "Exportar dados do paciente (página para impressão)", params: idParamSchema, querystring: recordExportQuerySchema, response: notFound } },
      async (request, reply) => {
        const html = await service.exportHtml(tenantOf(request), request.params.id, optionsOf(request.query));
        return reply
          .type("text/html; charset=utf-8")
          .header("cache-control", "no-store")
          .header("content-disposition", `attachment; filename="${fileName(request.params.id, "html")}"`)
          .send(html);
      },
    );

    r.get(
      "/patients/:id/access-log",
      {
        config: access,
        schema: { tags, summary: "Histórico de acesso ao cadastro", params: idParamSchema, querystring: accessLogQuerySchema, response: { 200: listResponseSchema(accessLogEntrySchema), ...notFound } },
      },
      (request) => service.accessLog(tenantOf(request), request.params.id, request.query),
    );

    r.get(
      "/patients/:id/consents",
      { config: access, schema: { tags, summary: "Consentimentos do paciente por canal", params: idParamSchema, response: { 200: patientConsentsSchema, ...notFound } } },
      (request) => service.consents(tenantOf(request), request.params.id),
    );

    r.post(
      "/patients/:id/consents",
      {
        config: access,
        schema: { tags, summary: "Registrar consentimento dado ou retirado", params: idParamSchema, body: consentInputSchema, response: { 200: patientConsentsSchema, ...notFound, 409: errorResponseSchema } },
      },
      (request) => service.recordConsent(tenantOf(request), request.params.id, request.body),
    );

    r.post(
      "/patients/:id/anonymize",
      {
        config: access,
        schema: { tags, summary: "Anonimizar paciente (não pode ser desfeito)", params: idParamSchema, body: anonymizeInputSchema, response: { 200: patientSchema, ...notFound, 409: errorResponseSchema } },
      },
      (request) => service.anonymize(tenantOf(request), request.params.id),
    );
  };
}
