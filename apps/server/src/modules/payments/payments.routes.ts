import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  chargeInputSchema,
  chargeListQuerySchema,
  chargeSchema,
  chargeStatusInputSchema,
  consultationPriceInputSchema,
  errorResponseSchema,
  expenseFileQuerySchema,
  expenseInputSchema,
  expenseSchema,
  idParamSchema,
  ledgerMonthDetailSchema,
  ledgerYearSchema,
  markPaidInputSchema,
  monthQuerySchema,
  patientPriceInputSchema,
  paymentSettingsInputSchema,
  paymentSettingsSchema,
  paymentSummarySchema,
  pixSchema,
  pricesSchema,
  receiptDueSchema,
  receiptInputSchema,
  validationErrorSchema,
  yearQuerySchema,
} from "@clinora/contracts";
import { tenantOf } from "../../platform/plugins/auth";
import type { PaymentWebhookService } from "./payment-webhook.service";
import type { PaymentsService } from "./payments.service";
import { FILE_BODY_LIMIT, fileBodyOf, registerFileRoutes } from "../../platform/plugins/file-body";

const access = { access: ["professional"] as const };
const tags = ["payments"];
const one = { 200: chargeSchema, 404: errorResponseSchema, 409: errorResponseSchema, 422: validationErrorSchema };

/** A stored file as a download: its own type (only accepted types are stored), never sniffed, never cached. */
function sendFile(reply: FastifyReply, file: { contentType: string; fileName: string; data: Buffer }) {
  // RFC 6266 / RFC 8187: an ASCII fallback name and the UTF-8 one.
  const ascii = file.fileName.normalize("NFKD").replace(/[^\x20-\x7e]/g, "").replace(/["\\]/g, "_") || "arquivo";
  return reply
    .header("content-type", file.contentType)
    .header("content-length", file.data.length)
    .header("content-disposition", `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
    .header("cache-control", "private, no-store")
    .header("x-content-type-options", "nosniff")
    .send(file.data);
}

export function paymentRoutes(service: PaymentsService, webhook: PaymentWebhookService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get("/payments/settings", { config: access, schema: { tags, summary: "Chave Pix, Mercado Pago e preferências", response: { 200: paymentSettingsSchema } } }, (request) =>
      service.getSettings(tenantOf(request)),
    );
    r.put(
      "/payments/settings",
      { config: access, schema: { tags, summary: "Salvar as configurações de cobrança", body: paymentSettingsInputSchema, response: { 200: paymentSettingsSchema, 422: validationErrorSchema } } },
      (request) => service.updateSettings(tenantOf(request), request.body),
    );

    r.get("/payments/prices", { config: access, schema: { tags, summary: "Preços por tipo de consulta e por paciente", response: { 200: pricesSchema } } }, (request) =>
      service.prices(tenantOf(request)),
    );
    r.put(
      "/payments/prices/types",
      { config: access, schema: { tags, summary: "Preço de um tipo de consulta", body: consultationPriceInputSchema, response: { 200: pricesSchema, 422: validationErrorSchema } } },
      (request) => service.setTypePrice(tenantOf(request), request.body.appointment_type, request.body.amount_cents),
    );
    r.delete(
      "/payments/prices/types",
      { config: access, schema: { tags, summary: "Remover o preço de um tipo", querystring: z.object({ appointment_type: z.string().min(1) }), response: { 200: pricesSchema } } },
      (request) => service.removeTypePrice(tenantOf(request), request.query.appointment_type),
    );
    r.put(
      "/payments/prices/patients/:id",
      { config: access, schema: { tags, summary: "Preço próprio de um paciente (null remove)", params: idParamSchema, body: patientPriceInputSchema, response: { 200: pricesSchema, 404: errorResponseSchema, 422: validationErrorSchema } } },
      (request) => service.setPatientPrice(tenantOf(request), request.params.id, request.body.amount_cents),
    );

    r.get("/payments/summary", { config: access, schema: { tags, summary: "Recebido e a receber no mês; recibos a emitir", response: { 200: paymentSummarySchema } } }, (request) =>
      service.summary(tenantOf(request)),
    );

    r.get("/payments/charges", { config: access, schema: { tags, summary: "Cobranças", querystring: chargeListQuerySchema, response: { 200: z.array(chargeSchema) } } }, (request) =>
      service.list(tenantOf(request), request.query),
    );
    r.post(
      "/payments/charges",
      { config: access, schema: { tags, summary: "Nova cobrança (de uma consulta ou avulsa)", body: chargeInputSchema, response: { 201: chargeSchema, 409: errorResponseSchema, 422: validationErrorSchema } } },
      async (request, reply) => reply.status(201).send(await service.create(tenantOf(request), request.body)),
    );
    // Untyped 200 on purpose: the body is a PDF, which the JSON response serializer must not touch.
    app.get<{ Params: { id: string } }>(
      "/payments/charges/:id/comprovante.pdf",
      { config: access, schema: { tags, summary: "Comprovante de pagamento em PDF (não substitui o recibo do Receita Saúde)", params: idParamSchema, response: { 404: errorResponseSchema, 409: errorResponseSchema } } },
      async (request, reply) => {
        const pdf = await service.proofPdf(tenantOf(request), request.params.id);
        return reply
          .type("application/pdf")
          .header("cache-control", "no-store")
          .header("content-disposition", `attachment; filename="comprovante-${request.params.id.slice(0, 8)}.pdf"`)
          .send(pdf);
      },
    );
    r.get("/payments/charges/:id", { config: access, schema: { tags, summary: "Uma cobrança", params: idParamSchema, response: { 200: chargeSchema, 404: errorResponseSchema } } }, (request) =>
      service.get(tenantOf(request), request.params.id),
    );
    r.post("/payments/charges/:id/paid", { config: access, schema: { tags, summary: "Marcar como pago", params: idParamSchema, body: markPaidInputSchema, response: one } }, (request) =>
      service.markPaid(tenantOf(request), request.params.id, request.body),
    );
    r.post("/payments/charges/:id/status", { config: access, schema: { tags, summary: "Isentar ou cancelar", params: idParamSchema, body: chargeStatusInputSchema, response: one } }, (request) =>
      service.setStatus(tenantOf(request), request.params.id, request.body.status),
    );
    r.post(
      "/payments/charges/:id/pix",
      { config: access, schema: { tags, summary: "Pix da cobrança (copia-e-cola e QR; link de cartão com o Mercado Pago)", params: idParamSchema, response: { 200: pixSchema, 404: errorResponseSchema, 409: errorResponseSchema, 502: errorResponseSchema } } },
      (request) => service.pix(tenantOf(request), request.params.id),
    );
    r.put("/payments/charges/:id/receipt", { config: access, schema: { tags, summary: "Recibo Receita Saúde emitido", params: idParamSchema, body: receiptInputSchema, response: one } }, (request) =>
      service.recordReceipt(tenantOf(request), request.params.id, request.body.receipt_number ?? null),
    );

    r.get("/payments/receipts-due", { config: access, schema: { tags, summary: "Recibos a emitir (Receita Saúde)", response: { 200: z.array(receiptDueSchema) } } }, (request) =>
      service.receiptsDue(tenantOf(request)),
    );

    r.get("/payments/ledger", { config: access, schema: { tags, summary: "Livro-caixa: os meses de um ano", querystring: yearQuerySchema, response: { 200: ledgerYearSchema, 422: validationErrorSchema } } }, (request) =>
      service.ledgerYear(tenantOf(request), request.query.year),
    );
    r.get("/payments/ledger/month", { config: access, schema: { tags, summary: "Livro-caixa de um mês: recebimentos, despesas e totais", querystring: monthQuerySchema, response: { 200: ledgerMonthDetailSchema, 422: validationErrorSchema } } }, (request) =>
      service.ledgerMonth(tenantOf(request), request.query.month),
    );
    app.get<{ Querystring: { month: string } }>(
      "/payments/ledger/csv",
      // Untyped 200 on purpose: the file is CSV, which the JSON response serializer must not touch.
      { config: access, schema: { tags, summary: "Livro-caixa do mês em CSV, para o contador", querystring: monthQuerySchema, response: { 422: validationErrorSchema } } },
      async (request, reply) => {
        // Sent as it is written, batch by batch (docs/benchmarks/payments.md).
        const csv = service.ledgerCsv(tenantOf(request), request.query.month);
        return reply
          .type("text/csv; charset=utf-8")
          .header("cache-control", "no-store")
          .header("content-disposition", `attachment; filename="livro-caixa-${request.query.month}.csv"`)
          .send(csv);
      },
    );
    r.get("/payments/expenses", { config: access, schema: { tags, summary: "Despesas do mês", querystring: monthQuerySchema, response: { 200: z.array(expenseSchema), 422: validationErrorSchema } } }, (request) =>
      service.expenses(tenantOf(request), request.query.month),
    );
    r.post("/payments/expenses", { config: access, schema: { tags, summary: "Nova despesa", body: expenseInputSchema, response: { 201: expenseSchema, 422: validationErrorSchema } } }, async (request, reply) =>
      reply.status(201).send(await service.addExpense(tenantOf(request), request.body)),
    );
    r.get(
      "/payments/expenses/:id/file",
      { config: access, schema: { tags, summary: "Baixar o arquivo da despesa", params: idParamSchema, response: { 404: errorResponseSchema } } },
      async (request, reply) => {
        const file = await service.expenseFile(tenantOf(request), request.params.id);
        return sendFile(reply, file);
      },
    );
    await registerFileRoutes(app, (scope) => {
      scope.post(
        "/payments/expenses/:id/file",
        {
          config: access,
          bodyLimit: FILE_BODY_LIMIT,
          schema: {
            tags,
            summary: "Anexar o arquivo da despesa (imagem ou PDF até 16 MB; o corpo é o arquivo, Content-Type o seu tipo)",
            params: idParamSchema,
            querystring: expenseFileQuerySchema,
            response: { 200: expenseSchema.shape.file.unwrap(), 404: errorResponseSchema, 413: errorResponseSchema, 415: errorResponseSchema, 422: validationErrorSchema },
          },
        },
        async (request) => {
          const file = fileBodyOf(request);
          return service.putExpenseFile(tenantOf(request), request.params.id, file, request.query.file_name);
        },
      );
    });
    r.delete("/payments/expenses/:id", { config: access, schema: { tags, summary: "Excluir despesa", params: idParamSchema, response: { 204: z.null(), 404: errorResponseSchema } } }, async (request, reply) => {
      await service.removeExpense(tenantOf(request), request.params.id);
      return reply.status(204).send(null);
    });

    // Public and signed, outside the API-wide rate limit: Mercado Pago posts from its own addresses, in bursts.
    r.post(
      "/payments/webhooks/mercadopago/:professionalId",
      {
        config: { access: "public", rateLimit: false },
        schema: {
          tags,
          summary: "Notificações de pagamento do Mercado Pago (x-signature)",
          params: z.object({ professionalId: z.string().max(64) }),
          querystring: z.object({ "data.id": z.string().max(64).optional(), type: z.string().max(64).optional(), topic: z.string().max(64).optional() }).loose(),
          response: { 200: z.object({ outcome: z.string() }), 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 503: errorResponseSchema },
        },
      },
      async (request) => {
        const body = (request.body ?? {}) as { type?: unknown; data?: { id?: unknown } };
        const header = (name: string) => {
          const v = request.headers[name];
          return Array.isArray(v) ? v[0] : v;
        };
        const outcome = await webhook.mercadopago(
          {
            professionalId: request.params.professionalId,
            signature: header("x-signature"),
            requestId: header("x-request-id"),
            dataId: request.query["data.id"] ?? (typeof body.data?.id === "string" || typeof body.data?.id === "number" ? String(body.data.id) : undefined),
            type: request.query.type ?? (typeof body.type === "string" ? body.type : undefined),
          },
          request.log,
        );
        return { outcome };
      },
    );
  };
}
