import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq } from "drizzle-orm";
import { toLocal } from "@clinora/contracts/zoned-time";
import * as s from "../../tables";
import { createAssistantHarness, type AssistantHarness, type Clinic } from "../../../test/assistant-harness";
import { currentDatabaseUrl, hasPgDump, logicalDump, pgDumpText } from "../../../test/database-dump";
import { testDbKind } from "../../../test/test-db";
import { canSendBusinessInitiated } from "../consent";

/** Whether a reminder may go to this patient now, read as the reminder job reads it (the patient's own phone). */
async function mayRemind(db: AssistantHarness["db"], patientId: string, channel?: "whatsapp_reminders" | "whatsapp_assistant") {
  const [patient] = await db.select({ professionalId: s.patients.professionalId, phone: s.patients.phone }).from(s.patients).where(eq(s.patients.id, patientId));
  return canSendBusinessInitiated(db, patient!.professionalId, { patientId, phone: patient!.phone }, channel);
}

const PATIENT = { name: "Beatriz Quintanilha Moreira", phone: "+5511987651234", cpf: "52998224725", email: "beatriz.q@exemplo.com.br" };
const OTHER = { name: "Otávio Rezende Lacerda", phone: "+5511976543210" };

const patientInput = (overrides: Record<string, unknown> = {}) => ({
  name: PATIENT.name,
  phone: PATIENT.phone,
  email: PATIENT.email,
  birth_date: "1985-04-12",
  cpf: PATIENT.cpf,
  address: "Rua Harmonia, 45",
  preferred_time: "Manhã",
  notes: "Prefere contato por WhatsApp",
  medical_history: "Asma leve",
  emergency_contact: "Carlos Moreira (11) 91234-5678",
  ...overrides,
});

describe("patient data rights (LGPD)", () => {
  let h: AssistantHarness;
  let clinic: Clinic;
  let patientId: string;

  beforeAll(async () => {
    h = await createAssistantHarness();
    clinic = await h.clinic({ timezone: "America/Manaus" });
    await h.request({
      method: "PUT",
      url: "/api/professionals/me/ai-settings",
      session: clinic.session,
      payload: { ai_enabled: false, ai_model: "gpt-4o-mini", ai_role_name: null, ai_system_prompt: null, ai_instructions: null, ai_temperature: 0.7, ai_max_tokens: 500 },
    });
    const created = await h.request({ method: "POST", url: "/api/patients", session: clinic.session, payload: patientInput() });
    expect(created.statusCode).toBe(201);
    patientId = created.json().id;
  });
  afterAll(() => h.close());

  const get = (url: string, session = clinic.session) => h.request({ method: "GET", url, session });
  const conversationOf = async (phone: string) =>
    (await h.db.select().from(s.conversations).where(and(eq(s.conversations.professionalId, clinic.professionalId), eq(s.conversations.phoneNumber, phone))))[0]!;

  it("exports everything held about the patient and nothing about anyone else, and logs the export", async () => {
    // The patient's data of every kind…
    await h.make.appointment(clinic.professionalId, patientId, { appointmentDate: "2026-01-15", status: "completed", notes: "Retorno em 30 dias" });
    await h.make.task(clinic.professionalId, { patientId, title: "Enviar recibo da consulta", description: "Recibo de janeiro" });
    await clinic.patientWrites(PATIENT.phone, "Bom dia, preciso remarcar");
    const conv = await conversationOf(PATIENT.phone);
    const reply = await h.request({ method: "POST", url: `/api/conversations/${conv.id}/messages`, session: clinic.session, payload: { content: "Claro! Qual dia prefere?" } });
    expect(reply.statusCode).toBe(201);
    await h.drain();
    await h.twilio.waitForSent(1);
    const consent = await h.request({
      method: "POST",
      url: `/api/patients/${patientId}/consents`,
      session: clinic.session,
      payload: { channel: "whatsapp_reminders", status: "given", method: "written", note: "Termo assinado na recepção" },
    });
    expect(consent.statusCode).toBe(200);
    // …and another patient of the same practice, and a patient of another professional.
    const other = await h.make.patient(clinic.professionalId, { name: OTHER.name, phone: OTHER.phone });
    await h.make.task(clinic.professionalId, { patientId: other.id, title: "Ligar para Otávio" });
    await h.make.appointment(clinic.professionalId, other.id, { appointmentDate: "2026-01-16" });
    await clinic.patientWrites(OTHER.phone, "Mensagem de outra pessoa");
    const elsewhere = await h.clinic();
    await h.make.patient(elsewhere.professionalId, { name: "Paciente De Outro Consultório", phone: PATIENT.phone });

    const res = await get(`/api/patients/${patientId}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="paciente-.*\.json"$/);
    const data = res.json();
    expect(data).toMatchObject({ format: "clinora.patient-export", version: 1, time_zone: "America/Manaus" });
    expect(data.patient).toMatchObject({ id: patientId, name: PATIENT.name, cpf: PATIENT.cpf, phone: PATIENT.phone, email: PATIENT.email, medical_history: "Asma leve" });
    expect(data.appointments).toHaveLength(1);
    expect(data.appointments[0]).toMatchObject({ date: "2026-01-15", status: "completed", notes: "Retorno em 30 dias" });
    expect(data.tasks.map((t: { title: string }) => t.title)).toEqual(["Enviar recibo da consulta"]);
    expect(data.conversations).toHaveLength(1);
    const messages = data.conversations[0].messages;
    expect(messages.map((m: { content: string }) => m.content)).toEqual(["Bom dia, preciso remarcar", "Claro! Qual dia prefere?"]);
    expect(messages[1].status).not.toBeNull();
    expect(data.consents.channels).toContainEqual(expect.objectContaining({ channel: "whatsapp_reminders", state: "given", method: "written" }));
    expect(data.consents.history[0]).toMatchObject({ note: "Termo assinado na recepção", actor_name: expect.any(String) });
    const actions = data.access_log.map((a: { action: string }) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["patient.created", "patient.consent_recorded", "patient.exported"]));

    const text = JSON.stringify(data);
    for (const foreign of [OTHER.name, OTHER.phone, "Ligar para Otávio", "Mensagem de outra pessoa", "Paciente De Outro Consultório", other.id]) {
      expect(text).not.toContain(foreign);
    }

    const html = await get(`/api/patients/${patientId}/export.html`);
    expect(html.statusCode).toBe(200);
    expect(html.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(html.body).toContain("<html lang=\"pt-BR\">");
    expect(html.body).toContain(`Dados do paciente: ${PATIENT.name}`);
    expect(html.body).toContain("Bom dia, preciso remarcar");
    // The printable page shows the CPF as a Brazilian writes it.
    expect(html.body).toContain("529.982.247-25");
    expect(html.body).toContain("Histórico de acesso");
    expect(html.body).not.toContain(OTHER.name);
  });

  it("escapes what people wrote in the printable page", async () => {
    await clinic.patientWrites(PATIENT.phone, "<script>alert(1)</script>");
    const html = (await get(`/api/patients/${patientId}/export.html`)).body;
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("shows who viewed, changed and exported the record, with names and times in the professional's zone", async () => {
    expect((await get(`/api/patients/${patientId}`)).statusCode).toBe(200);
    const put = await h.request({ method: "PUT", url: `/api/patients/${patientId}`, session: clinic.session, payload: patientInput({ notes: "Atualizado" }) });
    expect(put.statusCode).toBe(200);
    await get(`/api/patients/${patientId}/export`);

    const res = await get(`/api/patients/${patientId}/access-log?per_page=100`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const byAction = (action: string) => body.items.find((i: { action: string }) => i.action === action);
    for (const [action, label] of [
      ["patient.viewed", "Visualizou o cadastro"],
      ["patient.updated", "Alterou o cadastro"],
      ["patient.exported", "Exportou os dados do paciente"],
    ]) {
      const entry = byAction(action!);
      expect(entry, action).toBeDefined();
      expect(entry.action_label).toBe(label);
      expect(entry.actor_name).toMatch(/^Dra\. Teste/);
      const local = toLocal(new Date(entry.at), "America/Manaus");
      expect(entry.at_local).toBe(`${local.date.split("-").reverse().join("/")} ${local.time}`);
    }
    expect(body.total).toBeGreaterThanOrEqual(body.items.length);
  });

  it("answers 404 for another professional's patient on every data-rights route", async () => {
    const other = await h.clinic();
    const routes: [string, string, unknown?][] = [
      ["GET", `/api/patients/${patientId}/export`],
      ["GET", `/api/patients/${patientId}/export.html`],
      ["GET", `/api/patients/${patientId}/access-log`],
      ["GET", `/api/patients/${patientId}/consents`],
      ["POST", `/api/patients/${patientId}/consents`, { channel: "whatsapp_reminders", status: "withdrawn", method: "in_person" }],
      ["POST", `/api/patients/${patientId}/anonymize`, { confirm: true }],
    ];
    for (const [method, url, payload] of routes) {
      const res = await h.request({ method: method as "GET", url, session: other.session, payload: payload as object });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ detail: "Paciente não encontrado" });
    }
    const log = await h.db.select({ n: count() }).from(s.auditLog).where(eq(s.auditLog.professionalId, other.professionalId));
    expect(log[0]!.n).toBe(0);
  });
});

describe("WhatsApp opt-out and opt-in", () => {
  let h: AssistantHarness;
  let clinic: Clinic;

  beforeAll(async () => {
    h = await createAssistantHarness();
    clinic = await h.clinic();
  });
  afterAll(() => h.close());

  const consentsOf = async (id: string) => (await h.request({ method: "GET", url: `/api/patients/${id}/consents`, session: clinic.session })).json();

  it("PARAR opts the patient out of every WhatsApp channel at once, confirms it, and the assistant stays silent", async () => {
    const patient = await h.make.patient(clinic.professionalId, { name: "Helena Prado", phone: "+5511955501111" });
    expect(await mayRemind(h.db, patient.id)).toBe(true);

    await clinic.patientWrites("whatsapp:+5511955501111", "Parar.");
    const consents = await consentsOf(patient.id);
    expect(consents.whatsapp_opted_out).toBe(true);
    expect(consents.channels).toEqual([
      expect.objectContaining({ channel: "whatsapp_assistant", state: "withdrawn", method: "whatsapp_keyword" }),
      expect.objectContaining({ channel: "whatsapp_reminders", state: "withdrawn", method: "whatsapp_keyword" }),
    ]);
    expect(await mayRemind(h.db, patient.id)).toBe(false);
    expect(await mayRemind(h.db, patient.id, "whatsapp_assistant")).toBe(false);
    const listed = (await h.request({ method: "GET", url: "/api/patients", session: clinic.session })).json();
    expect(listed.items.find((p: { id: string }) => p.id === patient.id)).toMatchObject({ whatsapp_opted_out: true });

    // The one message an opted-out patient still gets: the confirmation (no model involved).
    await h.drain();
    const [confirmation] = await h.twilio.waitForSent(1);
    expect(confirmation!.body).toContain("não receberá mais mensagens automáticas");
    expect(confirmation!.body).toContain("VOLTAR");
    expect(h.llm.requests).toHaveLength(0);

    // A later question goes to the professional, not to the assistant.
    h.twilio.reset();
    await clinic.patientWrites("whatsapp:+5511955501111", "Quero marcar uma consulta");
    const jobs = await h.db.select().from(s.jobs).where(eq(s.jobs.type, "assistant.reply"));
    expect(jobs).toHaveLength(0);
    const [conv] = await h.db.select().from(s.conversations).where(eq(s.conversations.patientId, patient.id));
    expect(conv!.status).toBe("waiting");
    await h.drain();
    expect(h.twilio.sent).toHaveLength(0);
    expect(h.llm.requests).toHaveLength(0);

    const log = (await h.request({ method: "GET", url: `/api/patients/${patient.id}/access-log`, session: clinic.session })).json();
    expect(log.items[0]).toMatchObject({ action: "patient.consent_recorded", actor_name: "O próprio paciente (WhatsApp)" });
  });

  it("VOLTAR opts back in and the assistant answers again", async () => {
    const patient = await h.make.patient(clinic.professionalId, { name: "Igor Tavares", phone: "+5511955502222" });
    await clinic.patientWrites("whatsapp:+5511955502222", "SAIR");
    expect(await mayRemind(h.db, patient.id)).toBe(false);
    await clinic.patientWrites("whatsapp:+5511955502222", "voltar");
    expect(await mayRemind(h.db, patient.id)).toBe(true);
    const consents = await consentsOf(patient.id);
    expect(consents.whatsapp_opted_out).toBe(false);
    expect(consents.history.map((e: { status: string }) => e.status)).toEqual(["given", "given", "withdrawn", "withdrawn"]);
    h.twilio.reset();
    await h.drain();
    const sent = await h.twilio.waitForSent(2);
    expect(sent.map((m) => m.body)).toEqual([expect.stringContaining("não receberá mais"), expect.stringContaining("voltará a receber")]);

    h.llm.script({ text: "Olá, Igor! Como posso ajudar?" });
    await clinic.patientWrites("whatsapp:+5511955502222", "Oi, tudo bem?");
    expect(await h.db.select().from(s.jobs).where(eq(s.jobs.type, "assistant.reply"))).toHaveLength(1);
  });

  it("only the whole message counts as a keyword", async () => {
    const patient = await h.make.patient(clinic.professionalId, { name: "Joana Lins", phone: "+5511955503333" });
    await clinic.patientWrites("whatsapp:+5511955503333", "Não quero parar o tratamento");
    await clinic.patientWrites("whatsapp:+5511955503333", "stop it");
    expect(await mayRemind(h.db, patient.id)).toBe(true);
    await clinic.patientWrites("whatsapp:+5511955503333", "  STOP ");
    expect(await mayRemind(h.db, patient.id)).toBe(false);
  });

  it("a keyword from a number that is no patient yet applies once a patient has that number", async () => {
    await clinic.patientWrites("whatsapp:+5511955504444", "PARAR", { profileName: "Desconhecida" });
    const created = await h.request({ method: "POST", url: "/api/patients", session: clinic.session, payload: { name: "Kátia Nunes", phone: "(11) 95550-4444" } });
    expect(created.json()).toMatchObject({ whatsapp_opted_out: true });
    expect(await mayRemind(h.db, created.json().id)).toBe(false);
  });

  it("records Twilio's 21610 (unsubscribed recipient) as an opt-out, from a status callback or at send time", async () => {
    const viaCallback = await h.make.patient(clinic.professionalId, { name: "Lúcia Ramos", phone: "+5511955505555" });
    await clinic.patientWrites("whatsapp:+5511955505555", "Oi");
    const [conv] = await h.db.select().from(s.conversations).where(eq(s.conversations.patientId, viaCallback.id));
    h.twilio.reset();
    await h.request({ method: "POST", url: `/api/conversations/${conv!.id}/messages`, session: clinic.session, payload: { content: "Olá, Lúcia!" } });
    await h.drain();
    const sent = await h.twilio.waitForSent((m) => m.body === "Olá, Lúcia!");
    await h.twilio.postStatus(sent.sid, "failed", { ErrorCode: "21610" });
    expect(await mayRemind(h.db, viaCallback.id)).toBe(false);
    const consents = await consentsOf(viaCallback.id);
    expect(consents.channels[1]).toMatchObject({ state: "withdrawn", method: "twilio_opt_out" });

    const atSend = await h.make.patient(clinic.professionalId, { name: "Mário Dias", phone: "+5511955506666" });
    await clinic.patientWrites("whatsapp:+5511955506666", "Oi");
    const [conv2] = await h.db.select().from(s.conversations).where(eq(s.conversations.patientId, atSend.id));
    h.twilio.failRecipient("+5511955506666", { httpStatus: 400, code: 21610 });
    await h.request({ method: "POST", url: `/api/conversations/${conv2!.id}/messages`, session: clinic.session, payload: { content: "Olá, Mário!" } });
    await h.drain();
    expect(await mayRemind(h.db, atSend.id)).toBe(false);
    expect((await consentsOf(atSend.id)).channels[0]).toMatchObject({ state: "withdrawn", method: "twilio_opt_out" });
  });

  it("the professional records consent given or withdrawn on the screen, and the choice is validated", async () => {
    const patient = await h.make.patient(clinic.professionalId, { name: "Nair Costa", phone: "+5511955507777" });
    const bad = await h.request({ method: "POST", url: `/api/patients/${patient.id}/consents`, session: clinic.session, payload: { channel: "whatsapp_reminders", status: "withdrawn", method: "whatsapp_keyword" } });
    expect(bad.statusCode).toBe(422);
    const res = await h.request({ method: "POST", url: `/api/patients/${patient.id}/consents`, session: clinic.session, payload: { channel: "whatsapp_reminders", status: "withdrawn", method: "phone_call", note: "Pediu por telefone" } });
    expect(res.statusCode).toBe(200);
    expect(res.json().channels).toEqual([
      expect.objectContaining({ channel: "whatsapp_assistant", state: "not_recorded" }),
      expect.objectContaining({ channel: "whatsapp_reminders", state: "withdrawn", method: "phone_call" }),
    ]);
    expect(await mayRemind(h.db, patient.id)).toBe(false);
    expect(await mayRemind(h.db, patient.id, "whatsapp_assistant")).toBe(true);
  });
});

describe("anonymisation", () => {
  let h: AssistantHarness;
  let clinic: Clinic;

  beforeAll(async () => {
    h = await createAssistantHarness();
    clinic = await h.clinic();
  });
  afterAll(() => h.close());

  it("refuses while a future appointment is active, then removes every identifying string and keeps the appointment history", async () => {
    const created = await h.request({ method: "POST", url: "/api/patients", session: clinic.session, payload: patientInput() });
    const id = created.json().id as string;
    await h.make.appointment(clinic.professionalId, id, { appointmentDate: "2025-06-02", status: "completed", appointmentType: "Consulta", notes: `Paciente ${PATIENT.name} relatou melhora` });
    await h.make.appointment(clinic.professionalId, id, { appointmentDate: "2025-07-07", status: "cancelled", appointmentType: "Retorno" });
    const future = await h.make.appointment(clinic.professionalId, id, { appointmentDate: "2099-03-10", status: "confirmed" });
    await h.make.task(clinic.professionalId, { patientId: id, title: `Ligar para ${PATIENT.name}`, description: `CPF ${PATIENT.cpf}` });
    const unrelated = await h.make.task(clinic.professionalId, { title: `Conferir reembolso de ${PATIENT.name.toUpperCase()}`, description: "Convênio" });
    await clinic.patientWrites(PATIENT.phone, `Oi, sou ${PATIENT.name}, meu CPF é ${PATIENT.cpf}`, { profileName: "Bia" });
    await clinic.patientWrites(PATIENT.phone, "PARAR");
    await h.drain();
    await h.request({ method: "GET", url: `/api/patients/${id}`, session: clinic.session });

    const refused = await h.request({ method: "POST", url: `/api/patients/${id}/anonymize`, session: clinic.session, payload: { confirm: true } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain("compromissos futuros ativos");
    // The refusal names the appointment that blocks it, so the professional knows which one to cancel.
    expect(refused.json().detail).toContain(`10/03/2099 às ${future.appointmentTime.slice(0, 5)}`);
    const unconfirmed = await h.request({ method: "POST", url: `/api/patients/${id}/anonymize`, session: clinic.session, payload: {} });
    expect(unconfirmed.statusCode).toBe(422);

    expect((await h.request({ method: "DELETE", url: `/api/appointments/${future.id}`, session: clinic.session })).statusCode).toBe(200);
    const countAppointments = async () => (await h.db.select({ status: s.appointments.status, date: s.appointments.appointmentDate, type: s.appointments.appointmentType }).from(s.appointments).where(eq(s.appointments.patientId, id))).sort((a, b) => a.date.localeCompare(b.date));
    const before = await countAppointments();

    const res = await h.request({ method: "POST", url: `/api/patients/${id}/anonymize`, session: clinic.session, payload: { confirm: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: "Paciente anonimizado", phone: null, email: null, cpf: null, medical_history: null, anonymized_at: expect.any(String) });
    expect(await countAppointments()).toEqual(before);

    // Search the whole database for the old identifying strings.
    const dump = await logicalDump(h.db);
    const needles = [PATIENT.name, PATIENT.name.toLowerCase(), PATIENT.phone, PATIENT.phone.slice(1), PATIENT.cpf, PATIENT.email];
    for (const needle of needles) expect(dump.includes(needle), needle).toBe(false);
    if (testDbKind() === "postgres" && hasPgDump()) {
      const pgDump = pgDumpText(await currentDatabaseUrl(h.db));
      expect(pgDump).toContain("Paciente anonimizado");
      for (const needle of needles) expect(pgDump.includes(needle), needle).toBe(false);
    }
    const [task] = await h.db.select().from(s.tasks).where(eq(s.tasks.id, unrelated.id));
    expect(task!.title).toBe("Conferir reembolso de [paciente anonimizado]");

    const again = await h.request({ method: "POST", url: `/api/patients/${id}/anonymize`, session: clinic.session, payload: { confirm: true } });
    expect(again.statusCode).toBe(409);
    const edit = await h.request({ method: "PUT", url: `/api/patients/${id}`, session: clinic.session, payload: patientInput() });
    expect(edit.statusCode).toBe(409);
    const search = await h.request({ method: "GET", url: "/api/patients/search?q=Paciente anon", session: clinic.session });
    expect(search.json()).toEqual([]);
    const log = (await h.request({ method: "GET", url: `/api/patients/${id}/access-log?per_page=100`, session: clinic.session })).json();
    expect(log.items[0]).toMatchObject({ action: "patient.anonymized", action_label: "Anonimizou o paciente" });
    expect(log.items.map((i: { action: string }) => i.action)).toEqual(expect.arrayContaining(["patient.viewed", "patient.created"]));
  });

  it("queues the calendar sync of the patient's appointments so the name leaves Google Calendar too", async () => {
    const patient = await h.make.patient(clinic.professionalId, { name: "Rosa Amarante", phone: "+5511944440000" });
    const appt = await h.make.appointment(clinic.professionalId, patient.id, { appointmentDate: "2025-05-05", status: "completed" });
    await h.db.insert(s.calendarConnections).values({ professionalId: clinic.professionalId, accessTokenEnc: "v1.x", refreshTokenEnc: "v1.y", status: "connected" });
    await h.db.delete(s.jobs);
    const res = await h.request({ method: "POST", url: `/api/patients/${patient.id}/anonymize`, session: clinic.session, payload: { confirm: true } });
    expect(res.statusCode).toBe(200);
    const jobs = await h.db.select().from(s.jobs).where(eq(s.jobs.type, "calendar.sync"));
    expect(jobs.map((j) => j.payload)).toEqual([{ professionalId: clinic.professionalId, appointmentId: appt.id }]);
  });
});
