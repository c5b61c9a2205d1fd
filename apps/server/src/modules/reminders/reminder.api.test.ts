import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq, like } from "drizzle-orm";
import * as s from "../../tables";
import { fixedClock } from "../../platform/lib/clock";
import { createAssistantHarness, type AssistantHarness, type Clinic } from "../../../test/assistant-harness";
import { reminderKey } from "./reminder-schedule";

/**
 * Reminders through the real server, the twilio SDK and the fake Twilio, on a pinned clock: scheduling follows
 * every appointment change, sending happens once per appointment time, and the patient's "1" / "2" changes the
 * appointment through the schedule's services.
 */

const CONTENT_SID = `HX${"a".repeat(32)}`;
/** Tuesday 1 December 2026, 09:00 in São Paulo. */
const NOW = new Date("2026-12-01T12:00:00Z");
const PATIENT_PHONE = "+5511987001122";

function reminderSuite(name: string, env: Record<string, string>, body: (get: () => Ctx) => void) {
  describe(name, () => {
    const ctx = {} as Ctx;
    beforeAll(async () => {
      ctx.clock = fixedClock(NOW);
      ctx.h = await createAssistantHarness({ clock: ctx.clock, env });
    });
    afterAll(() => ctx.h.close());
    beforeEach(async () => {
      ctx.clock.set(NOW);
      ctx.h.twilio.reset();
      ctx.h.llm.reset();
      ctx.clinic = await ctx.h.clinic();
      ctx.patient = await ctx.h.make.patient(ctx.clinic.professionalId, { name: "Maria Souza", phone: PATIENT_PHONE });
    });
    body(() => ctx);
  });
}

interface Ctx {
  h: AssistantHarness;
  clock: ReturnType<typeof fixedClock>;
  clinic: Clinic;
  patient: { id: string };
}

/** Helpers bound to one test's clinic. */
function helpers(c: Ctx) {
  const { h, clinic } = c;
  const api = async (method: "GET" | "POST" | "PUT" | "DELETE" | "PATCH", url: string, payload?: unknown) => {
    // The clock moves by days in these tests: a fresh session each time (sessions expire after 12 idle hours).
    const session = await h.login(clinic.email, clinic.password);
    const res = await h.request({ method, url, session, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: res.statusCode, body: res.body ? res.json() : null };
  };
  return {
    api,
    async book(date: string, time: string, patientId = c.patient.id) {
      const res = await api("POST", "/api/appointments", { patient_id: patientId, appointment_date: date, appointment_time: time, appointment_type: "Consulta" });
      expect(res.status).toBe(201);
      return res.body as { id: string; starts_at: string };
    },
    async reminderJobs(appointmentId: string) {
      return h.db.select().from(s.jobs).where(like(s.jobs.dedupeKey, `reminder:${appointmentId}:%`));
    },
    async appointment(id: string) {
      return (await api("GET", `/api/appointments/${id}`)).body as {
        status: string;
        patient_response: string | null;
        reminder: { outcome: string; reason: string | null; reason_text: string | null } | null;
      };
    },
    /** Moves the clock to `at` and runs every job due by then. */
    async runAt(at: Date) {
      c.clock.set(at);
      await h.drain();
    },
    /** What this test's clinic sent the patient (every test's patient has the same phone). */
    toPatient: () => h.twilio.sent.filter((m) => m.to === `whatsapp:${PATIENT_PHONE}` && m.from === clinic.number),
    async setAssistant(on: boolean) {
      const res = await api("PUT", "/api/professionals/me/ai-settings", { ai_enabled: on, ai_model: "gpt-4o-mini", ai_temperature: 0.7, ai_max_tokens: 500 });
      expect(res.status).toBe(200);
    },
  };
}

reminderSuite("reminders with an approved template", { TWILIO_REMINDER_CONTENT_SID: CONTENT_SID }, (get) => {
  it("schedules one job 24 h before, moves it on edit, drops it on cancel", async () => {
    const x = helpers(get());
    const a = await x.book("2026-12-03", "10:00");
    let jobs = await x.reminderJobs(a.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ dedupeKey: reminderKey(a.id, 24), status: "pending", type: "reminder.send" });
    expect(jobs[0]!.runAt.toISOString()).toBe("2026-12-02T13:00:00.000Z");

    const moved = await x.api("PUT", `/api/appointments/${a.id}`, { patient_id: get().patient.id, appointment_date: "2026-12-04", appointment_time: "15:30", appointment_type: "Consulta" });
    expect(moved.status).toBe(200);
    jobs = await x.reminderJobs(a.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.runAt.toISOString()).toBe("2026-12-03T18:30:00.000Z");

    expect((await x.api("DELETE", `/api/appointments/${a.id}`)).status).toBe(200);
    expect(await x.reminderJobs(a.id)).toHaveLength(0);
    await x.runAt(new Date("2026-12-04T12:00:00Z"));
    expect(x.toPatient()).toHaveLength(0);
  });

  it("follows the lead time and the switch of Configurações › Consultas", async () => {
    const x = helpers(get());
    const a = await x.book("2026-12-03", "10:00");
    const settings = await x.api("GET", "/api/professionals/me/reminders");
    expect(settings.body).toEqual({ enabled: true, lead_hours: 24, lead_options: [2, 12, 24, 48], template_configured: true, sender_assigned: true });

    expect((await x.api("PUT", "/api/professionals/me/reminders", { enabled: true, lead_hours: 2 })).status).toBe(200);
    let jobs = await x.reminderJobs(a.id);
    expect(jobs.map((j) => [j.dedupeKey, j.runAt.toISOString()])).toEqual([[reminderKey(a.id, 2), "2026-12-03T11:00:00.000Z"]]);

    expect((await x.api("PUT", "/api/professionals/me/reminders", { enabled: false, lead_hours: 2 })).body).toMatchObject({ enabled: false, lead_hours: 2 });
    expect(await x.reminderJobs(a.id)).toHaveLength(0);
    const b = await x.book("2026-12-05", "10:00");
    expect(await x.reminderJobs(b.id)).toHaveLength(0);

    expect((await x.api("PUT", "/api/professionals/me/reminders", { enabled: true, lead_hours: 48 })).status).toBe(200);
    jobs = await x.reminderJobs(b.id);
    expect(jobs.map((j) => [j.dedupeKey, j.runAt.toISOString()])).toEqual([[reminderKey(b.id, 48), "2026-12-03T13:00:00.000Z"]]);

    const bad = await x.api("PUT", "/api/professionals/me/reminders", { enabled: true, lead_hours: 5 });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain("Escolha a antecedência do lembrete");
  });

  it("never reminds of a time already past, and reminds at once of one booked inside the lead time", async () => {
    const x = helpers(get());
    // Starts in 30 minutes: too close for a reminder.
    const soon = await x.book("2026-12-01", "09:30");
    expect(await x.reminderJobs(soon.id)).toHaveLength(0);
    // Starts in 5 hours with a 24-hour lead: the reminder is due now.
    const today = await x.book("2026-12-01", "14:00");
    const [job] = await x.reminderJobs(today.id);
    expect(job!.runAt.toISOString()).toBe(NOW.toISOString());
    // Booked in the past (a late registration): nothing.
    const past = await x.book("2026-11-30", "10:00");
    expect(await x.reminderJobs(past.id)).toHaveLength(0);

    // A job that only gets to run after the start sends nothing (the worker was down).
    const later = await x.book("2026-12-03", "10:00");
    await x.runAt(new Date("2026-12-01T12:00:30Z"));
    expect(x.toPatient()).toHaveLength(1);
    expect((await x.appointment(today.id)).reminder).toMatchObject({ outcome: "sent" });
    await x.runAt(new Date("2026-12-03T13:05:00Z"));
    expect(x.toPatient()).toHaveLength(1);
    expect((await x.appointment(later.id)).reminder).toBeNull();
  });

  it("sends the approved template once, through the twilio SDK, also with Zen mode on", async () => {
    const x = helpers(get());
    expect((await x.api("PUT", "/api/professionals/me/reminders", { enabled: true, lead_hours: 24 })).status).toBe(200);
    expect((await x.api("PATCH", "/api/professionals/me/zen-mode?zen_mode=true")).status).toBe(200);
    const a = await x.book("2026-12-03", "10:00");

    await x.runAt(new Date("2026-12-02T12:59:00Z"));
    expect(x.toPatient()).toHaveLength(0);
    await x.runAt(new Date("2026-12-02T13:00:00Z"));
    const sent = x.toPatient();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ from: get().clinic.number, contentSid: CONTENT_SID, body: "" });
    expect(JSON.parse(sent[0]!.contentVariables!)).toEqual({ "1": "Maria", "2": "quinta-feira, 3 de dezembro", "3": "10:00", "4": "Clínica Bem Viver" });
    expect((await x.appointment(a.id)).reminder).toMatchObject({ outcome: "sent", reason: null });

    // The thread shows the reminder as text; the conversation waits for nobody.
    const [conversation] = await get().h.db.select().from(s.conversations).where(eq(s.conversations.professionalId, get().clinic.professionalId));
    expect(conversation).toMatchObject({ status: "resolved", patientId: get().patient.id });
    const thread = (await x.api("GET", `/api/conversations/${conversation!.id}`)).body as { messages: { content: string }[] };
    expect(thread.messages.at(-1)!.content).toBe("Olá, Maria! Lembrete da sua consulta em quinta-feira, 3 de dezembro, às 10:00, com Clínica Bem Viver. Responda 1 para confirmar ou 2 para cancelar.");

    // A re-armed job (an edit of the notes) and a later run find the reminder already sent.
    const edit = await x.api("PUT", `/api/appointments/${a.id}`, { patient_id: get().patient.id, appointment_date: "2026-12-03", appointment_time: "10:00", appointment_type: "Consulta", notes: "Trazer exames" });
    expect(edit.status).toBe(200);
    await x.runAt(new Date("2026-12-02T15:00:00Z"));
    expect(x.toPatient()).toHaveLength(1);

    // Moved to another day: a reminder for the new time.
    await x.api("PUT", `/api/appointments/${a.id}`, { patient_id: get().patient.id, appointment_date: "2026-12-07", appointment_time: "09:00", appointment_type: "Consulta" });
    await x.runAt(new Date("2026-12-06T12:00:00Z"));
    expect(x.toPatient()).toHaveLength(2);
    expect(JSON.parse(x.toPatient()[1]!.contentVariables!)).toMatchObject({ "2": "segunda-feira, 7 de dezembro", "3": "09:00" });
  });

  it("sends nothing to a patient who wrote PARAR after the reminder was scheduled, and says why", async () => {
    const x = helpers(get());
    const a = await x.book("2026-12-03", "10:00");
    expect(await x.reminderJobs(a.id)).toHaveLength(1);

    await get().clinic.patientWrites(PATIENT_PHONE, "PARAR");
    await get().h.drain();
    // Only the opt-out's own confirmation went out.
    expect(x.toPatient()).toHaveLength(1);

    await x.runAt(new Date("2026-12-02T13:00:00Z"));
    expect(x.toPatient()).toHaveLength(1);
    expect((await x.appointment(a.id)).reminder).toMatchObject({
      outcome: "skipped",
      reason: "opted_out",
      reason_text: "O paciente pediu para não receber lembretes pelo WhatsApp.",
    });

    // VOLTAR gives consent back: the next appointment's reminder goes.
    await get().clinic.patientWrites(PATIENT_PHONE, "VOLTAR");
    await get().h.drain();
    const b = await x.book("2026-12-04", "10:00");
    await x.runAt(new Date("2026-12-03T13:00:00Z"));
    expect(x.toPatient().filter((m) => m.contentSid === CONTENT_SID)).toHaveLength(1);
    expect((await x.appointment(b.id)).reminder).toMatchObject({ outcome: "sent" });
  });

  it("records a reminder that cannot go out, with the reason Compromissos shows", async () => {
    const x = helpers(get());
    const noPhone = await get().h.make.patient(get().clinic.professionalId, { name: "Sem Telefone" });
    const a = await x.book("2026-12-03", "10:00", noPhone.id);
    await x.runAt(new Date("2026-12-02T13:00:00Z"));
    expect(get().h.twilio.sent.filter((m) => m.from === get().clinic.number)).toHaveLength(0);
    expect((await x.appointment(a.id)).reminder).toEqual({
      outcome: "skipped",
      reason: "no_phone",
      reason_text: "O paciente não tem telefone cadastrado.",
      at: "2026-12-02T13:00:00.000Z",
    });
  });

  it("confirms and cancels by reply with the assistant off (the simple matcher)", async () => {
    const x = helpers(get());
    await x.setAssistant(false);
    const first = await x.book("2026-12-03", "10:00");
    const second = await x.book("2026-12-03", "15:00");
    await x.runAt(new Date("2026-12-02T13:00:00Z"));
    expect(x.toPatient()).toHaveLength(1);

    await get().clinic.patientWrites(PATIENT_PHONE, "Sim, confirmo!");
    await get().h.drain();
    expect(x.toPatient()).toHaveLength(2);
    expect(x.toPatient()[1]!.body).toBe("Obrigado! Sua consulta de quinta-feira, 3 de dezembro, às 10:00, está confirmada. Até lá!");
    expect(await x.appointment(first.id)).toMatchObject({ status: "confirmed", patient_response: "confirmed" });
    const [conversation] = await get().h.db.select().from(s.conversations).where(eq(s.conversations.professionalId, get().clinic.professionalId));
    // Answered by the product: nobody has to pick it up.
    expect(conversation!.status).toBe("resolved");
    expect(get().h.llm.requests).toHaveLength(0);

    // The second reminder; "2" answers that one, the latest.
    await x.runAt(new Date("2026-12-02T18:00:00Z"));
    expect(x.toPatient()).toHaveLength(3);
    await get().clinic.patientWrites(PATIENT_PHONE, "2");
    await get().h.drain();
    expect(x.toPatient()[3]!.body).toContain("às 15:00, foi cancelada");
    expect(await x.appointment(second.id)).toMatchObject({ status: "cancelled", patient_response: "cancelled" });
    expect(await x.appointment(first.id)).toMatchObject({ status: "confirmed" });

    // Compromissos and the Painel read the marks.
    const list = (await x.api("GET", "/api/appointments?date=2026-12-03")).body as { items: { id: string; patient_response: string | null }[] };
    expect(list.items.map((i) => i.patient_response)).toEqual(["confirmed", "cancelled"]);
    get().clock.set(new Date("2026-12-03T11:00:00Z"));
    const today = (await x.api("GET", "/api/appointments/today/list")).body as { patient_response: string | null; status: string }[];
    expect(today.map((t) => [t.status, t.patient_response])).toEqual([["confirmed", "confirmed"], ["cancelled", "cancelled"]]);

    // The audit trail names the patient.
    const audit = await get().h.db.select().from(s.auditLog).where(and(eq(s.auditLog.entityId, second.id), eq(s.auditLog.action, "appointment.cancelled_by_patient")));
    expect(audit[0]).toMatchObject({ actorRole: "patient", actorUserId: null });

    // A text that is not a clear answer waits for the professional, as any message does.
    await get().clinic.patientWrites(PATIENT_PHONE, "posso remarcar?");
    await get().h.drain();
    expect(x.toPatient()).toHaveLength(4);
    const [after] = await get().h.db.select().from(s.conversations).where(eq(s.conversations.id, conversation!.id));
    expect(after!.status).toBe("waiting");
  });

  it("a reply answers only a reminder whose appointment still starts when the reminder said", async () => {
    const x = helpers(get());
    await x.setAssistant(false);
    const a = await x.book("2026-12-03", "10:00");
    await x.runAt(new Date("2026-12-02T13:00:00Z"));
    expect(x.toPatient()).toHaveLength(1);
    // Moved after the reminder went out: its "1" no longer names this time, so nothing is confirmed.
    const moved = await x.api("PUT", `/api/appointments/${a.id}`, { patient_id: get().patient.id, appointment_date: "2026-12-04", appointment_time: "10:00", appointment_type: "Consulta" });
    expect(moved.status).toBe(200);
    await get().clinic.patientWrites(PATIENT_PHONE, "1");
    await get().h.drain();
    expect(x.toPatient()).toHaveLength(1);
    expect(await x.appointment(a.id)).toMatchObject({ status: "pending", patient_response: null });
    // The reminder of the new time is the one a "1" answers.
    await x.runAt(new Date("2026-12-03T13:00:00Z"));
    expect(x.toPatient()).toHaveLength(2);
    await get().clinic.patientWrites(PATIENT_PHONE, "1");
    await get().h.drain();
    expect(x.toPatient()[2]!.body).toContain("4 de dezembro, às 10:00, está confirmada");
    expect(await x.appointment(a.id)).toMatchObject({ status: "confirmed", patient_response: "confirmed" });
  });

  it("with the assistant on: a bare 1 is read by the matcher, a free answer by the model's confirm tool", async () => {
    const x = helpers(get());
    const a = await x.book("2026-12-03", "10:00");
    await x.runAt(new Date("2026-12-02T13:00:00Z"));
    await get().clinic.patientWrites(PATIENT_PHONE, "1");
    await get().h.drain();
    expect(get().h.llm.requests).toHaveLength(0);
    expect(await x.appointment(a.id)).toMatchObject({ status: "confirmed", patient_response: "confirmed" });

    // A professional re-opens it; the patient answers in their own words, and the model uses its tool.
    const reopened = await x.api("PUT", `/api/appointments/${a.id}`, { patient_id: get().patient.id, appointment_date: "2026-12-03", appointment_time: "10:00", appointment_type: "Consulta", status: "pending" });
    expect(reopened.body).toMatchObject({ status: "pending", patient_response: null });
    get().h.llm.script([{ toolCalls: [{ name: "confirm_appointment", arguments: { appointment_id: a.id } }] }, { text: "" }]);
    await get().clinic.patientWrites(PATIENT_PHONE, "Pode deixar, amanhã estarei aí sem falta");
    await get().h.drain();
    expect(get().h.llm.requests.length).toBeGreaterThan(0);
    expect(get().h.llm.requests[0]!.toolNames).toContain("confirm_appointment");
    expect(await x.appointment(a.id)).toMatchObject({ status: "confirmed", patient_response: "confirmed" });
    expect(x.toPatient().at(-1)!.body).toContain("está confirmada");
  });
});

reminderSuite("reminders without a template", {}, (get) => {
  it("sends free text only inside the patient's 24-hour window, and says why not otherwise", async () => {
    const x = helpers(get());
    await x.setAssistant(false);
    expect((await x.api("GET", "/api/professionals/me/reminders")).body).toMatchObject({ template_configured: false });
    const closed = await x.book("2026-12-03", "10:00");
    await x.runAt(new Date("2026-12-02T13:00:00Z"));
    expect(x.toPatient()).toHaveLength(0);
    expect((await x.appointment(closed.id)).reminder).toMatchObject({ outcome: "skipped", reason: "no_template" });

    // The patient writes: the window is open for 24 hours, and the next reminder goes as free text.
    get().clock.set(new Date("2026-12-02T20:00:00Z"));
    await get().clinic.patientWrites(PATIENT_PHONE, "Bom dia, qual o endereço?");
    await get().h.drain();
    const open = await x.book("2026-12-04", "10:00");
    await x.runAt(new Date("2026-12-03T13:00:00Z"));
    const sent = x.toPatient();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ contentSid: null });
    expect(sent[0]!.body).toContain("Responda 1 para confirmar ou 2 para cancelar.");
    expect((await x.appointment(open.id)).reminder).toMatchObject({ outcome: "sent" });
  });
});
