import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InjectOptions } from "fastify";
import { createTestContext, type TestContext } from "./context";
import * as s from "../src/tables";

/**
 * Professional B uses professional A's ids on every professional route that takes an id: each answers 404 and
 * A's data is unchanged. Driven by the live route table: a new route with an id and no case here fails the test.
 */
let t: TestContext;
let sessionB: string;
let sessionA: string;
let ids: Record<string, string>;

/** How to call each id route with a valid payload, and how to read back the record it would touch. */
const CASES: Record<
  string,
  {
    id: () => string;
    messageId?: () => string;
    mediaId?: () => string;
    fileId?: () => string;
    body?: Record<string, unknown>;
    /** A file as the request body (the one route that takes bytes), with its query. */
    file?: { contentType: string; data: Buffer; query: string };
    readBack: string;
  }
> = {
  "GET /api/patients/:id": { id: () => ids.patient!, readBack: "/api/patients/:id" },
  "PUT /api/patients/:id": { id: () => ids.patient!, body: { name: "Invasor" }, readBack: "/api/patients/:id" },
  "GET /api/patients/:id/export": { id: () => ids.patient!, readBack: "/api/patients/:id" },
  "GET /api/patients/:id/export.html": { id: () => ids.patient!, readBack: "/api/patients/:id" },
  "GET /api/patients/:id/access-log": { id: () => ids.patient!, readBack: "/api/patients/:id/consents" },
  "GET /api/patients/:id/consents": { id: () => ids.patient!, readBack: "/api/patients/:id/consents" },
  "POST /api/patients/:id/consents": {
    id: () => ids.patient!,
    body: { channel: "whatsapp_reminders", status: "withdrawn", method: "in_person" },
    readBack: "/api/patients/:id/consents",
  },
  "POST /api/patients/:id/anonymize": { id: () => ids.patient!, body: { confirm: true }, readBack: "/api/patients/:id" },
  "GET /api/patients/:id/records": { id: () => ids.patient!, readBack: "/api/patients/:id/records" },
  "POST /api/patients/:id/records": {
    id: () => ids.patient!,
    body: { kind: "evolucao", session_at: "2026-04-01T13:00:00.000Z", free_text: "Entrada de B" },
    readBack: "/api/patients/:id/records",
  },
  "POST /api/patients/:id/records/eliminate": { id: () => ids.patient!, body: { confirm: true }, readBack: "/api/patients/:id/records" },
  "GET /api/patients/:id/records/retention": { id: () => ids.patient!, readBack: "/api/patients/:id/records" },
  "GET /api/patients/:id/records.pdf": { id: () => ids.patient!, readBack: "/api/patients/:id/records" },
  "GET /api/records/:id": { id: () => ids.draftRecord!, readBack: "/api/records/:id" },
  "PUT /api/records/:id": { id: () => ids.draftRecord!, body: { session_at: "2026-04-01T13:00:00.000Z", free_text: "Alterado por B" }, readBack: "/api/records/:id" },
  "POST /api/records/:id/finalise": { id: () => ids.draftRecord!, readBack: "/api/records/:id" },
  "GET /api/records/templates/:id": { id: () => ids.template!, readBack: "/api/records/templates" },
  "PUT /api/records/templates/:id": {
    id: () => ids.template!,
    body: { name: "Modelo de B", kind: "evolucao", fields: [{ label: "Campo de B", type: "short_text" }] },
    readBack: "/api/records/templates",
  },
  "POST /api/records/:id/attachments": {
    id: () => ids.draftRecord!,
    file: { contentType: "application/pdf", data: Buffer.from("%PDF-1.4\n%%EOF\n"), query: "?file_name=invasao.pdf" },
    readBack: "/api/records/:id",
  },
  "GET /api/records/:id/attachments/:fileId": { id: () => ids.draftRecord!, fileId: () => ids.recordFile!, readBack: "/api/records/:id" },
  "DELETE /api/records/:id/attachments/:fileId": { id: () => ids.draftRecord!, fileId: () => ids.recordFile!, readBack: "/api/records/:id" },
  "POST /api/records/:id/addenda": { id: () => ids.finalRecord!, body: { reason: "Correção de B", free_text: "Adendo de B" }, readBack: "/api/records/:id" },
  "GET /api/tasks/:id": { id: () => ids.task!, readBack: "/api/tasks/:id" },
  "PUT /api/tasks/:id": { id: () => ids.task!, body: { status: "done" }, readBack: "/api/tasks/:id" },
  "DELETE /api/tasks/:id": { id: () => ids.task!, readBack: "/api/tasks/:id" },
  "GET /api/appointments/:id": { id: () => ids.appointment!, readBack: "/api/appointments/:id" },
  "PUT /api/appointments/:id": {
    id: () => ids.appointment!,
    body: { patient_id: "7b0c5a52-5d1e-4e0c-9c8e-7c2f0e6f9a11", appointment_date: "2026-04-02", appointment_time: "15:00", appointment_type: "Invasão", status: "cancelled" },
    readBack: "/api/appointments/:id",
  },
  "DELETE /api/appointments/:id": { id: () => ids.appointment!, readBack: "/api/appointments/:id" },
  "POST /api/appointments/:id/cancel": { id: () => ids.appointment!, body: { notify_patient: true }, readBack: "/api/appointments/:id" },
  "POST /api/appointments/:id/remove": { id: () => ids.appointment!, readBack: "/api/appointments/:id" },
  "GET /api/conversations/:id": { id: () => ids.conversation!, readBack: "/api/conversations/:id" },
  "PUT /api/conversations/:id": { id: () => ids.conversation!, body: { status: "resolved" }, readBack: "/api/conversations/:id" },
  "POST /api/conversations/:id/messages": { id: () => ids.conversation!, body: { content: "Mensagem de B" }, readBack: "/api/conversations/:id" },
  "POST /api/conversations/:id/messages/:messageId/resend": {
    id: () => ids.conversation!,
    messageId: () => ids.failedMessage!,
    readBack: "/api/conversations/:id",
  },
  "POST /api/conversations/:id/messages/:messageId/dismiss-failure": {
    id: () => ids.conversation!,
    messageId: () => ids.failedMessage!,
    readBack: "/api/conversations/:id",
  },
  "GET /api/conversations/:id/media/:mediaId": { id: () => ids.conversation!, mediaId: () => ids.media!, readBack: "/api/conversations/:id" },
  "POST /api/conversations/:id/attachments": {
    id: () => ids.conversation!,
    file: { contentType: "application/pdf", data: Buffer.from("%PDF-1.4\n%%EOF\n"), query: "?file_name=invasao.pdf" },
    readBack: "/api/conversations/:id",
  },
  "GET /api/payments/charges/:id": { id: () => ids.charge!, readBack: "/api/payments/charges/:id" },
  "POST /api/payments/charges/:id/paid": { id: () => ids.charge!, body: { method: "pix" }, readBack: "/api/payments/charges/:id" },
  "POST /api/payments/charges/:id/status": { id: () => ids.charge!, body: { status: "cancelled" }, readBack: "/api/payments/charges/:id" },
  "POST /api/payments/charges/:id/pix": { id: () => ids.charge!, readBack: "/api/payments/charges/:id" },
  "GET /api/payments/charges/:id/comprovante.pdf": { id: () => ids.paidCharge!, readBack: "/api/payments/charges/:id" },
  "PUT /api/payments/charges/:id/receipt": { id: () => ids.paidCharge!, body: { receipt_number: "B-1" }, readBack: "/api/payments/charges/:id" },
  "PUT /api/payments/prices/patients/:id": { id: () => ids.patient!, body: { amount_cents: 100 }, readBack: "/api/payments/prices" },
  "DELETE /api/payments/expenses/:id": { id: () => ids.expense!, readBack: "/api/payments/expenses?month=2026-03" },
  "GET /api/payments/expenses/:id/file": { id: () => ids.expense!, readBack: "/api/payments/expenses?month=2026-03" },
  "POST /api/payments/expenses/:id/file": {
    id: () => ids.expense!,
    file: { contentType: "application/pdf", data: Buffer.from("%PDF-1.4\n%%EOF\n"), query: "?file_name=invasao.pdf" },
    readBack: "/api/payments/expenses?month=2026-03",
  },
};

beforeAll(async () => {
  t = await createTestContext();
  const a = await t.make.professionalUser();
  const b = await t.make.professionalUser();
  sessionA = await t.login(a.user.email, a.user.password);
  sessionB = await t.login(b.user.email, b.user.password);
  const patient = await t.make.patient(a.professional.id, { name: "Paciente de A" });
  const task = await t.make.task(a.professional.id, { title: "Tarefa de A", patientId: patient.id });
  const appointment = await t.make.appointment(a.professional.id, patient.id, { appointmentDate: "2026-04-01", appointmentTime: "10:00" });
  const conversation = await t.make.conversation(a.professional.id, { patientName: "Paciente de A", unreadCount: 3 });
  await t.make.message(conversation, { content: "Mensagem de A" });
  const failed = await t.make.message(conversation, { direction: "outbound", sender: "professional", content: "Resposta de A que falhou", status: "failed", errorCode: "30003" });
  const [media] = await t.db
    .insert(s.messageMedia)
    .values({ professionalId: a.professional.id, conversationId: conversation.id, messageId: failed.id, kind: "image", contentType: "image/png", status: "ready", data: Buffer.from("\x89PNG\r\n\x1a\n", "latin1") })
    .returning();
  // Session times a day ahead of the wall clock: the draft is never due for automatic finalisation during the test.
  const sessionAt = new Date(Date.now() + 86_400_000).toISOString();
  const draftRecord = await t.request({ method: "POST", url: `/api/patients/${patient.id}/records`, payload: { kind: "evolucao", session_at: sessionAt, free_text: "Rascunho de A" }, session: sessionA });
  const finalRecord = await t.request({ method: "POST", url: `/api/patients/${patient.id}/records`, payload: { kind: "evolucao", session_at: sessionAt, free_text: "Entrada final de A" }, session: sessionA });
  await t.request({ method: "POST", url: `/api/records/${finalRecord.json().id}/finalise`, session: sessionA });
  const recordFile = await t.request({
    method: "POST",
    url: `/api/records/${draftRecord.json().id}/attachments?file_name=exame.pdf`,
    payload: Buffer.from("%PDF-1.4\n%%EOF\n"),
    headers: { "content-type": "application/pdf" },
    session: sessionA,
  });
  const template = await t.request({ method: "POST", url: "/api/records/templates", payload: { name: "Modelo de A", kind: "evolucao", fields: [{ label: "Resumo", type: "long_text" }] }, session: sessionA });
  const [charge, paidCharge] = await t.db
    .insert(s.charges)
    .values([
      { professionalId: a.professional.id, patientId: patient.id, description: "Sessão", amountCents: 15000, dueDate: "2026-03-10", txid: "A1" },
      { professionalId: a.professional.id, patientId: patient.id, description: "Paga", amountCents: 15000, dueDate: "2026-03-10", txid: "A2", status: "paid", method: "pix", paidAt: new Date(), paymentDate: "2026-03-10" },
    ])
    .returning();
  const [expense] = await t.db.insert(s.expenses).values({ professionalId: a.professional.id, expenseDate: "2026-03-05", category: "Aluguel", amountCents: 1000 }).returning();
  ids = {
    draftRecord: draftRecord.json().id,
    template: (template.json().id as string).replace("custom.", ""),
    recordFile: recordFile.json().attachments[0].id,
    finalRecord: finalRecord.json().id,
    patient: patient.id,
    task: task.id,
    appointment: appointment.id,
    conversation: conversation.id,
    failedMessage: failed.id,
    media: media!.id,
    charge: charge!.id,
    paidCharge: paidCharge!.id,
    expense: expense!.id,
  };
});
afterAll(() => t.close());

describe("tenancy", () => {
  it("every professional route with an id has a case here", () => {
    const idRoutes = t.app.routeRegistry
      .filter((r) => r.url.startsWith("/api") && r.url.includes(":") && Array.isArray(r.access) && r.access.includes("professional"))
      .map((r) => `${r.method} ${r.url}`);
    expect(idRoutes.filter((k) => !(k in CASES))).toEqual([]);
  });

  it("professional B gets 404 for A's records and changes nothing", async () => {
    for (const [key, c] of Object.entries(CASES)) {
      const [method, url] = key.split(" ") as [InjectOptions["method"], string];
      const target = url.replace(":id", c.id()).replace(":messageId", c.messageId?.() ?? "").replace(":mediaId", c.mediaId?.() ?? "").replace(":fileId", c.fileId?.() ?? "");
      const before = (await t.request({ method: "GET", url: c.readBack.replace(":id", c.id()), session: sessionA })).body;
      const res = c.file
        ? await t.request({ method, url: `${target}${c.file.query}`, payload: c.file.data, headers: { "content-type": c.file.contentType }, session: sessionB })
        : await t.request({ method, url: target, payload: c.body, session: sessionB });
      expect(res.statusCode, key).toBe(404);
      const after = (await t.request({ method: "GET", url: c.readBack.replace(":id", c.id()), session: sessionA })).body;
      expect(after, key).toBe(before);
    }
  });

  it("lists never include another professional's rows", async () => {
    const list = await t.request({ method: "GET", url: "/api/patients", session: sessionB });
    expect(list.json().items).toEqual([]);
    const search = await t.request({ method: "GET", url: "/api/patients/search?q=Paciente", session: sessionB });
    expect(search.json()).toEqual([]);
    const tasks = await t.request({ method: "GET", url: "/api/tasks", session: sessionB });
    expect(tasks.json().items).toEqual([]);
    const summary = await t.request({ method: "GET", url: "/api/tasks/summary", session: sessionB });
    expect(summary.json()).toMatchObject({ total: 0 });
    const appointmentsOfB = await t.request({ method: "GET", url: "/api/appointments", session: sessionB });
    expect(appointmentsOfB.json().items).toEqual([]);
    const byPatient = await t.request({ method: "GET", url: `/api/appointments?patient_id=${ids.patient}`, session: sessionB });
    expect(byPatient.json().items).toEqual([]);
    const conversations = await t.request({ method: "GET", url: "/api/conversations?search=Paciente", session: sessionB });
    expect(conversations.json()).toMatchObject({ items: [], total: 0 });
  });
});
