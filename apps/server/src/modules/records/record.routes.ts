import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  errorResponseSchema,
  recordAttachmentDownloadQuerySchema,
  recordEliminateInputSchema,
  recordEliminationDueSchema,
  recordEliminationTermoSchema,
  recordAttachmentParamSchema,
  recordAttachmentQuerySchema,
  idParamSchema,
  listResponseSchema,
  recordAddendumInputSchema,
  recordDraftUpdateSchema,
  recordEntryInputSchema,
  recordEntrySchema,
  recordListQuerySchema,
  recordPendingSessionsSchema,
  recordRetentionSchema,
  recordTemplateInputSchema,
  recordTemplateSchema,
  recordTemplateVersionQuerySchema,
  recordTemplatesResponseSchema,
  validationErrorSchema,
} from "@clinora/contracts";
import { tenantOf } from "../../platform/plugins/auth";
import type { RecordService } from "./record.service";
import { FILE_BODY_LIMIT, fileBodyOf, registerFileRoutes } from "../../platform/plugins/file-body";

// Only the professional: an administrator gets 403 on every route here, and no admin route reads this module.
const access = { access: ["professional"] as const };
const tags = ["records"];
const notFound = { 404: errorResponseSchema };
const refused = { 404: errorResponseSchema, 409: errorResponseSchema, 422: validationErrorSchema };

/** A stored file as the answer: its own type (only accepted types are stored), its name, never sniffed. */
function sendFile(reply: FastifyReply, file: { contentType: string; fileName: string; data: Buffer }, download: boolean) {
  return reply
    .header("content-type", file.contentType)
    .header("content-length", file.data.length)
    .header("content-disposition", contentDisposition(download ? "attachment" : "inline", file.fileName))
    .header("cache-control", "private, no-store")
    .header("x-content-type-options", "nosniff")
    .send(file.data);
}

/** RFC 6266 / RFC 8187: an ASCII fallback name and the UTF-8 one. */
function contentDisposition(kind: "inline" | "attachment", fileName: string): string {
  const ascii = fileName.normalize("NFKD").replace(/[^\x20-\x7e]/g, "").replace(/["\\]/g, "_") || "arquivo";
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The prontuário (docs/product/records.md): read only by its author, locked once finalised, corrected by adendos. */
export function recordRoutes(service: RecordService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      "/records/templates",
      { config: access, schema: { tags, summary: "Modelos de prontuário", response: { 200: recordTemplatesResponseSchema } } },
      (request) => service.templates(tenantOf(request)),
    );

    r.post(
      "/records/templates",
      { config: access, schema: { tags, summary: "Criar modelo próprio", body: recordTemplateInputSchema, response: { 201: recordTemplateSchema, 422: validationErrorSchema } } },
      async (request, reply) => reply.status(201).send(await service.createTemplate(tenantOf(request), request.body)),
    );

    r.get(
      "/records/templates/:id",
      {
        config: access,
        schema: { tags, summary: "Uma versão de um modelo próprio", params: idParamSchema, querystring: recordTemplateVersionQuerySchema, response: { 200: recordTemplateSchema, ...notFound } },
      },
      (request) => service.templateVersion(tenantOf(request), request.params.id, request.query.version),
    );

    r.put(
      "/records/templates/:id",
      { config: access, schema: { tags, summary: "Editar modelo próprio (nova versão)", params: idParamSchema, body: recordTemplateInputSchema, response: { 200: recordTemplateSchema, ...notFound, 422: validationErrorSchema } } },
      (request) => service.updateTemplate(tenantOf(request), request.params.id, request.body),
    );

    r.get(
      "/records/elimination/due",
      { config: access, schema: { tags, summary: "Prontuários após o prazo de guarda", response: { 200: recordEliminationDueSchema } } },
      (request) => service.dueForElimination(tenantOf(request)),
    );

    r.get(
      "/records/eliminations",
      { config: access, schema: { tags, summary: "Termos de eliminação", response: { 200: z.array(recordEliminationTermoSchema) } } },
      (request) => service.eliminations(tenantOf(request)),
    );

    r.post(
      "/patients/:id/records/eliminate",
      {
        config: access,
        schema: { tags, summary: "Eliminar prontuário após o prazo de guarda (gera termo)", params: idParamSchema, body: recordEliminateInputSchema, response: { 200: recordEliminationTermoSchema, ...refused } },
      },
      (request) => service.eliminate(tenantOf(request), request.params.id),
    );

    r.get(
      "/records/pending-sessions",
      { config: access, schema: { tags, summary: "Sessões sem evolução (últimos 7 dias)", response: { 200: recordPendingSessionsSchema } } },
      (request) => service.pendingSessions(tenantOf(request)),
    );

    r.get(
      "/patients/:id/records",
      {
        config: access,
        schema: { tags, summary: "Prontuário do paciente (linha do tempo)", params: idParamSchema, querystring: recordListQuerySchema, response: { 200: listResponseSchema(recordEntrySchema), ...notFound } },
      },
      (request) => service.list(tenantOf(request), request.params.id, request.query),
    );

    r.post(
      "/patients/:id/records",
      { config: access, schema: { tags, summary: "Nova entrada (rascunho)", params: idParamSchema, body: recordEntryInputSchema, response: { 201: recordEntrySchema, ...refused } } },
      async (request, reply) => reply.status(201).send(await service.create(tenantOf(request), request.params.id, request.body)),
    );

    r.get(
      "/patients/:id/records/retention",
      { config: access, schema: { tags, summary: "Guarda do prontuário (Lei 13.787/2018)", params: idParamSchema, response: { 200: recordRetentionSchema, ...notFound } } },
      (request) => service.retention(tenantOf(request), request.params.id),
    );

    // Untyped 200 on purpose: the body is a PDF, which the JSON response serializer must not touch.
    app.get<{ Params: { id: string } }>(
      "/patients/:id/records.pdf",
      { config: access, schema: { tags, summary: "Prontuário em PDF (impressão)", params: idParamSchema, response: notFound } },
      async (request, reply) => {
        const pdf = await service.pdf(tenantOf(request), request.params.id);
        const download = (request.query as { download?: string }).download === "1";
        return reply
          .type("application/pdf")
          .header("cache-control", "no-store")
          .header("content-disposition", `${download ? "attachment" : "inline"}; filename="prontuario-${request.params.id.slice(0, 8)}.pdf"`)
          .send(pdf);
      },
    );

    r.get("/records/:id", { config: access, schema: { tags, summary: "Uma entrada do prontuário", params: idParamSchema, response: { 200: recordEntrySchema, ...notFound } } }, (request) =>
      service.get(tenantOf(request), request.params.id),
    );

    r.put(
      "/records/:id",
      { config: access, schema: { tags, summary: "Salvar rascunho", params: idParamSchema, body: recordDraftUpdateSchema, response: { 200: recordEntrySchema, ...refused } } },
      (request) => service.updateDraft(tenantOf(request), request.params.id, request.body),
    );

    r.post(
      "/records/:id/finalise",
      { config: access, schema: { tags, summary: "Finalizar (bloqueia a entrada para sempre)", params: idParamSchema, response: { 200: recordEntrySchema, ...refused } } },
      (request) => service.finalise(tenantOf(request), request.params.id),
    );

    r.get(
      "/records/:id/attachments/:fileId",
      {
        config: access,
        schema: { tags, summary: "Um arquivo da entrada (registrado nos acessos); download=1 para baixar", params: recordAttachmentParamSchema, querystring: recordAttachmentDownloadQuerySchema, response: notFound },
      },
      async (request, reply) => {
        const file = await service.attachment(tenantOf(request), request.params.id, request.params.fileId);
        return sendFile(reply, file, request.query.download === "1");
      },
    );

    r.delete(
      "/records/:id/attachments/:fileId",
      { config: access, schema: { tags, summary: "Remover arquivo do rascunho", params: recordAttachmentParamSchema, response: { 200: recordEntrySchema, ...refused } } },
      (request) => service.removeAttachment(tenantOf(request), request.params.id, request.params.fileId),
    );

    await registerFileRoutes(app, (scope) => {
      scope.post(
        "/records/:id/attachments",
        {
          config: access,
          bodyLimit: FILE_BODY_LIMIT,
          schema: {
            tags,
            summary: "Anexar arquivo ao rascunho (imagem ou PDF até 16 MB; o corpo é o arquivo, Content-Type o seu tipo)",
            params: idParamSchema,
            querystring: recordAttachmentQuerySchema,
            response: { 201: recordEntrySchema, 404: errorResponseSchema, 409: errorResponseSchema, 413: errorResponseSchema, 415: errorResponseSchema, 422: validationErrorSchema },
          },
        },
        async (request, reply) => {
          const file = fileBodyOf(request);
          const entry = await service.addAttachment(tenantOf(request), request.params.id, file, request.query.file_name);
          return reply.status(201).send(entry);
        },
      );
    });

    r.post(
      "/records/:id/addenda",
      { config: access, schema: { tags, summary: "Registrar adendo", params: idParamSchema, body: recordAddendumInputSchema, response: { 201: recordEntrySchema, ...refused } } },
      async (request, reply) => reply.status(201).send(await service.addAddendum(tenantOf(request), request.params.id, request.body)),
    );
  };
}
