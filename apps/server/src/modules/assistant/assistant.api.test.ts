import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { MSG } from "@clinora/contracts";
import * as s from "../../tables";
import { createAssistantHarness, type AssistantHarness, type Clinic } from "../../../test/assistant-harness";
import { receptionistBrain, type LlmBrain } from "@clinora/stand-ins";
import { SAFETY_TEXTS } from "../safety";
import { nothingChangedText } from "./safety/claims";
import { nextBusinessDate } from "../../../test/business-dates";
import { ASSISTANT_TOOLS } from "./assistant-tools";
import { PAYMENT_TOOLS } from "./assistant-payments";

const PATIENT = "+5511988887777";
const toPatient = (m: { to: string }) => m.to === `whatsapp:${PATIENT}`;

describe("the assistant on WhatsApp (OpenAI)", () => {
  let h: AssistantHarness;
  let clinic: Clinic;
  const D = nextBusinessDate();

  const conversation = async () => (await h.db.select().from(s.conversations).where(eq(s.conversations.professionalId, clinic.professionalId)))[0]!;
  const appointmentsOn = async (date: string) =>
    h.db.select().from(s.appointments).where(and(eq(s.appointments.professionalId, clinic.professionalId), eq(s.appointments.appointmentDate, date)));
  const repliesTo = (phone = PATIENT) => h.twilio.sent.filter((m) => m.to === `whatsapp:${phone}`);

  /** A test may play the model itself (after the scripted replies are used up). */
  let brain: LlmBrain | null = null;

  beforeAll(async () => {
    // A two-second limit per model call, so the time-out test is quick (the fake answers at once otherwise), yet a
    // call slowed by a busy machine is not taken for a time-out (its retry would get the next scripted answer).
    h = await createAssistantHarness({ brain: (request) => (brain ?? receptionistBrain)(request), env: { LLM_TIMEOUT_SECONDS: "2" } });
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    h.twilio.reset();
    h.llm.reset();
    brain = null;
    clinic = await h.clinic();
  });

  it("books, reschedules and cancels through the tools, and the server writes every confirmation", async () => {
    h.llm.script([{ toolCalls: [{ name: "book_appointment", arguments: { date: D, time: "10:00", patient_name: "Maria Souza" } }] }, { text: "Posso ajudar em algo mais?" }]);
    await clinic.patientWrites(PATIENT, `Quero marcar para ${D} às 10h. Meu nome é Maria Souza`, { profileName: "Mari" });
    await h.drain();

    const booked = await h.twilio.waitForSent(toPatient);
    expect(booked!.from).toBe(clinic.number);
    expect(booked!.body).toContain("agendada");
    expect(booked!.body).toContain("às 10:00");
    expect(booked!.body).toContain("Rua das Flores, 100");
    expect(booked!.body).toContain("Posso ajudar em algo mais?");
    expect(booked!.statusCallback).toBe(`${h.publicUrl}/api/whatsapp/webhook/twilio/status`);

    // The system prompt carried the clinic and today's date; the tool result went back to the model.
    const first = h.llm.requests[0]!;
    expect(first.system).toContain("Clínica Bem Viver");
    // Any weekday name, sábado and domingo included: this test runs on every day of the week.
    expect(first.system).toMatch(/Hoje é ((segunda|terça|quarta|quinta|sexta)-feira|sábado|domingo), \d{4}-\d{2}-\d{2}/);
    // The app passes the payments module in: the price and open-charge tools are offered too.
    expect(first.toolNames).toEqual([...ASSISTANT_TOOLS, ...PAYMENT_TOOLS].map((tool) => tool.name));
    expect(first.toolNames).toEqual(expect.arrayContaining(["check_availability", "book_appointment", "list_my_appointments", "reschedule_appointment", "cancel_appointment", "confirm_appointment", "report_risk", "handoff_to_human"]));
    const toolTurn = h.llm.requests[1]!.messages.find((m) => m.role === "tool");
    expect(JSON.parse((toolTurn as { content: string }).content)).toMatchObject({ status: "booked" });

    // Compromissos shows it: pending, booked by the assistant, for a new patient record with the WhatsApp phone.
    const list = (await h.request({ method: "GET", url: `/api/appointments?date=${D}`, session: clinic.session })).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ appointment_time: "10:00", status: "pending", source: "assistant", patient_name: "Maria Souza", patient_phone: PATIENT });
    const appointmentId = list.items[0].id as string;
    expect((await conversation()).patientId).toBe(list.items[0].patient_id);

    // Another day than D, whatever the weekday today.
    const D2 = nextBusinessDate(1, D);
    h.llm.script([{ toolCalls: [{ name: "reschedule_appointment", arguments: { appointment_id: appointmentId, date: D2, time: "15:00" } }] }, { text: "" }]);
    await clinic.patientWrites(PATIENT, `Preciso remarcar para ${D2} às 15h`);
    await h.drain();
    const rescheduled = (await h.twilio.waitForSent(2)).filter(toPatient)[1]!;
    expect(rescheduled.body).toContain("remarcada");
    expect(rescheduled.body).toContain("às 15:00");
    expect(await appointmentsOn(D)).toHaveLength(0);
    expect((await appointmentsOn(D2))[0]).toMatchObject({ id: appointmentId, appointmentTime: "15:00:00", status: "pending" });

    h.llm.script([{ toolCalls: [{ name: "cancel_appointment", arguments: { appointment_id: appointmentId } }] }, { text: "Até breve!" }]);
    await clinic.patientWrites(PATIENT, "Vou precisar cancelar");
    await h.drain();
    const cancelled = (await h.twilio.waitForSent(3)).filter(toPatient)[2]!;
    expect(cancelled.body).toContain("foi cancelada");
    expect((await appointmentsOn(D2))[0]!.status).toBe("cancelled");

    const thread = (await h.request({ method: "GET", url: `/api/conversations/${(await conversation()).id}`, session: clinic.session })).json();
    expect(thread.messages.map((m: { sender: string }) => m.sender)).toEqual(["patient", "assistant", "patient", "assistant", "patient", "assistant"]);
    expect(thread.status).toBe("bot_handling");
  });

  it("never double-books: a slot taken between check and book is refused and the nearest free times offered", async () => {
    const other = await h.make.patient(clinic.professionalId, { name: "Outro Paciente" });
    let offered: string[] = [];
    let target = "";
    // The model checks the day, picks a free time, and while it answers somebody else takes that time.
    brain = async (request) => {
      const tools = request.messages.filter((m) => m.role === "tool") as { name: string; content: string }[];
      if (tools.length === 0) return { toolCalls: [{ name: "check_availability", arguments: { date: D } }] };
      if (tools.length === 1) {
        offered = JSON.parse(tools[0]!.content).free_times;
        target = offered[3]!;
        await h.make.appointment(clinic.professionalId, other.id, { appointmentDate: D, appointmentTime: target, duration: 50 });
        return { toolCalls: [{ name: "book_appointment", arguments: { date: D, time: target, patient_name: "Maria Souza" } }] };
      }
      return { text: "Esse horário acabou de ser ocupado. Posso oferecer outro?" };
    };
    await clinic.patientWrites(PATIENT, `Pode ser ${D} às 14h? Sou Maria Souza`);
    await h.drain();

    expect(offered.length).toBeGreaterThan(3);
    const reply = await h.twilio.waitForSent(toPatient);
    // A change was tried and none succeeded: the server says so, with the free times the refusal found.
    expect(reply!.body).toMatch(/^Nada foi alterado na sua agenda\. O horário pedido já está ocupado\. Horários livres que encontrei: /);
    expect(reply!.body).not.toContain(`às ${target}`);
    const toolTurns = h.llm.requests[2]!.messages.filter((m) => m.role === "tool") as { content: string }[];
    const result = JSON.parse(toolTurns[1]!.content);
    expect(result.status).toBe("taken");
    expect(result.nearest_free_times.length).toBeGreaterThan(0);
    expect(result.nearest_free_times[0]).toMatchObject({ date: D });
    expect(result.nearest_free_times.map((t: { time: string }) => t.time)).not.toContain(target);
    expect((await appointmentsOn(D)).filter((a) => a.status !== "cancelled")).toHaveLength(1);
    // Nothing booked, so no patient record was created for the contact either.
    expect((await conversation()).patientId).toBeNull();
  });

  it("does not let the model claim a change that no tool made, in any wording: the patient reads the honest server text", async () => {
    const claims = [
      "Agendei sua consulta para amanhã às 10h",
      "Cancelei sua consulta de quinta",
      "Remarquei para sexta às 15h",
      "Sua consulta ficou para amanhã às 10h",
      "Suas consultas estão marcadas!",
      "Todas as consultas da clínica foram canceladas.",
      "ta td certo pra amanha as 10h, te espero 😘",
    ];
    for (const [i, claim] of claims.entries()) {
      h.llm.script([{ text: claim }]);
      await clinic.patientWrites(PATIENT, `Marca pra amanhã às 10h? (${i})`);
      await h.drain();
      const replies = await h.twilio.waitForSent(i + 1);
      expect(replies.filter(toPatient)[i]!.body).toBe(nothingChangedText([]));
    }
    expect(h.llm.requests).toHaveLength(claims.length);
    expect(await h.db.select().from(s.appointments).where(eq(s.appointments.professionalId, clinic.professionalId))).toHaveLength(0);
  });

  it("offers the free times a tool returned in place of a false claim, and lets an honest offer through unchanged", async () => {
    h.llm.script([{ toolCalls: [{ name: "check_availability", arguments: { date: D } }] }, { text: "Marquei você para amanhã às 10h!" }]);
    await clinic.patientWrites(PATIENT, `Tem horário ${D}?`);
    await h.drain();
    const reply = (await h.twilio.waitForSent(toPatient))!.body;
    expect(reply).toMatch(/^Ainda não fiz nenhuma alteração na sua agenda\. Horários livres que encontrei: [a-zç-]+, \d{2}\/\d{2}, às 08:00/);
    expect(reply).toContain(`${D.slice(8, 10)}/${D.slice(5, 7)}`);
    expect(reply).not.toContain("Marquei");

    // An honest offer of times a tool returned in this turn goes out unchanged.
    h.llm.script([{ toolCalls: [{ name: "check_availability", arguments: { date: D } }] }, { text: "Tenho horários às 08:00 e às 08:50, qual prefere?" }]);
    await clinic.patientWrites(PATIENT, "E amanhã?");
    await h.drain();
    expect((await h.twilio.waitForSent(2)).filter(toPatient)[1]!.body).toBe("Tenho horários às 08:00 e às 08:50, qual prefere?");
    expect(await appointmentsOn(D)).toHaveLength(0);
  });

  it("after a real booking the patient reads the server's confirmation, never a second claim added by the model", async () => {
    h.llm.script([
      { toolCalls: [{ name: "book_appointment", arguments: { date: D, time: "10:00", patient_name: "Maria Souza" } }] },
      { text: "Agendei para as 10h e também cancelei sua consulta de quinta às 15h. Qualquer dúvida, estou por aqui." },
    ]);
    await clinic.patientWrites(PATIENT, `Quero ${D} às 10h, sou Maria Souza`);
    await h.drain();
    const reply = (await h.twilio.waitForSent(toPatient))!.body;
    expect(reply).toContain("Sua consulta ficou agendada para");
    expect(reply).toContain("às 10:00");
    expect(reply).not.toContain("quinta às 15h");
    expect(reply).not.toContain("cancelei");
    expect(reply.endsWith("Qualquer dúvida, estou por aqui.")).toBe(true);
    expect(await appointmentsOn(D)).toHaveLength(1);
  });

  it("answers a crisis at once with CVV 188 and SAMU 192, without the model, and puts the conversation first and urgent", async () => {
    const OTHER = "+5511977776666";
    h.llm.script([{ text: "Olá! Como posso ajudar?" }]);
    await clinic.patientWrites(OTHER, "Oi, queria saber o valor");
    await h.drain();
    await h.twilio.waitForSent(1);
    h.llm.reset();

    await clinic.patientWrites(PATIENT, "às vezes penso em me machucar");
    await h.drain();
    const reply = (await h.twilio.waitForSent(toPatient))!.body;
    expect(reply).toBe(SAFETY_TEXTS.crisis("Dra. Teste"));
    expect(reply).toContain("CVV no 188 (ligação gratuita, 24 horas)");
    expect(reply).toContain("cvv.org.br");
    expect(reply).toContain("SAMU (192)");
    expect(h.llm.requests).toHaveLength(0);

    // A later message in the same conversation is for the professional: still no model.
    await clinic.patientWrites(PATIENT, "oi?");
    await h.drain();
    expect(h.llm.requests).toHaveLength(0);
    expect(repliesTo()).toHaveLength(1);

    // The other conversation has the newer message, yet the crisis is listed first, marked at the highest urgency.
    await clinic.patientWrites(OTHER, "Alguém aí?");
    const list = (await h.request({ method: "GET", url: "/api/conversations", session: clinic.session })).json();
    expect(list.items.map((c: { phone_number: string }) => c.phone_number)).toEqual([PATIENT, OTHER]);
    expect(list.items[0]).toMatchObject({ status: "waiting", urgency: 3 });
    const urgent = (await h.request({ method: "GET", url: "/api/conversations?urgent=true", session: clinic.session })).json();
    expect(urgent.items.map((c: { phone_number: string }) => c.phone_number)).toEqual([PATIENT]);

    // 'Resolver' ends it: no longer urgent, no longer first.
    await h.request({ method: "PUT", url: `/api/conversations/${list.items[0].id}`, session: clinic.session, payload: { status: "resolved" } });
    const after = (await h.request({ method: "GET", url: "/api/conversations", session: clinic.session })).json();
    expect(after.items.map((c: { phone_number: string; urgency: number }) => [c.phone_number, c.urgency])).toEqual([
      [OTHER, 0],
      [PATIENT, 0],
    ]);
    expect((await h.request({ method: "GET", url: "/api/conversations?urgent=true", session: clinic.session })).json().items).toEqual([]);
    await h.drain(); // the other patient's reply, before the next test counts model calls
  });

  it("answers a crisis even while the professional is answering, and even when the assistant is off", async () => {
    h.llm.script([{ text: "Olá!" }]);
    await clinic.patientWrites(PATIENT, "Oi");
    await h.drain();
    const id = (await conversation()).id;
    await h.request({ method: "POST", url: `/api/conversations/${id}/messages`, session: clinic.session, payload: { content: "Oi, aqui é a doutora." } });
    await h.drain();
    await clinic.patientWrites(PATIENT, "nao quero mais viver");
    await h.drain();
    expect((await h.twilio.waitForSent(3)).filter(toPatient)[2]!.body).toContain("CVV no 188");
    expect(await conversation()).toMatchObject({ status: "in_progress", urgency: 3 });
    expect(h.llm.requests).toHaveLength(1);

    const off = await h.clinic();
    const current = (await h.request({ method: "GET", url: "/api/professionals/me/ai-settings", session: off.session })).json();
    const toggled = await h.request({
      method: "PUT",
      url: "/api/professionals/me/ai-settings",
      session: off.session,
      payload: { ai_enabled: false, ai_model: current.ai_model, ai_temperature: current.ai_temperature, ai_max_tokens: current.ai_max_tokens },
    });
    expect(toggled.statusCode).toBe(200);
    const FAR = "+5511966665555";
    await off.patientWrites(FAR, "QUERO SUMIR E ACABAR COM TUDO");
    await h.drain();
    const got = await h.twilio.waitForSent((m) => m.to === `whatsapp:${FAR}`);
    expect(got!.body).toContain("CVV no 188");
    const [row] = await h.db.select().from(s.conversations).where(eq(s.conversations.professionalId, off.professionalId));
    expect(row).toMatchObject({ status: "waiting", urgency: 3 });
    expect(h.llm.requests).toHaveLength(1);
  });

  it("'Testar assistente' shows the crisis answer the patient would get, without the model", async () => {
    const res = await h.request({
      method: "POST",
      url: "/api/professionals/me/assistant/test",
      session: clinic.session,
      payload: { messages: [{ role: "patient", content: "tenho pensado em tirar a minha própria vida" }] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ handed_off: true, actions: [] });
    expect(res.json().reply).toContain("CVV no 188");
    expect(h.llm.requests).toHaveLength(0);
  });

  it("stays silent while the professional handles the conversation, and answers again after 'Resolver'", async () => {
    h.llm.script([{ text: "Olá! Como posso ajudar?" }]);
    await clinic.patientWrites(PATIENT, "Oi");
    await h.drain();
    await h.twilio.waitForSent(1);
    const id = (await conversation()).id;

    const reply = await h.request({ method: "POST", url: `/api/conversations/${id}/messages`, session: clinic.session, payload: { content: "Oi, aqui é a doutora. Tudo bem?" } });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ status: "in_progress" });
    await h.drain();
    await h.twilio.waitForSent(2);

    await clinic.patientWrites(PATIENT, "Tudo sim, doutora");
    await h.drain();
    expect(h.llm.requests).toHaveLength(1);
    expect(repliesTo()).toHaveLength(2);
    expect((await conversation()).status).toBe("in_progress");

    await h.request({ method: "PUT", url: `/api/conversations/${id}`, session: clinic.session, payload: { status: "resolved" } });
    h.llm.script([{ text: "Olá de novo!" }]);
    await clinic.patientWrites(PATIENT, "Mais uma pergunta");
    await h.drain();
    expect((await h.twilio.waitForSent(3)).filter(toPatient)[2]!.body).toBe("Olá de novo!");
    // A fresh session: the model saw only what came after 'Resolver'.
    expect(h.llm.requests[1]!.messages).toEqual([{ role: "user", content: "Mais uma pergunta" }]);
  });

  it("stores no reply when the professional takes the conversation over while the model is thinking", async () => {
    await clinic.patientWrites(PATIENT, "Oi, tudo bem?");
    const id = (await conversation()).id;
    brain = async () => {
      const res = await h.request({ method: "POST", url: `/api/conversations/${id}/messages`, session: clinic.session, payload: { content: "Oi, aqui é a doutora." } });
      expect(res.statusCode).toBe(201);
      return { text: "Olá! Como posso ajudar?" };
    };
    await h.drain();
    await h.twilio.waitForSent(1);
    await h.drain();
    expect(h.llm.requests).toHaveLength(1);
    expect(repliesTo().map((m) => m.body)).toEqual(["Oi, aqui é a doutora."]);
    const thread = await h.db.select().from(s.messages).where(eq(s.messages.conversationId, id));
    expect(thread.filter((m) => m.sender === "assistant")).toEqual([]);
    expect(await conversation()).toMatchObject({ status: "in_progress", lastMessage: "Oi, aqui é a doutora." });
    // Nor a send job of a reply that was never stored.
    const sends = await h.db.select().from(s.jobs).where(and(eq(s.jobs.type, "whatsapp.send"), eq(s.jobs.professionalId, clinic.professionalId)));
    expect(sends.map((j) => j.payload)).toEqual([{ messageId: thread.find((m) => m.sender === "professional")!.id }]);
  });

  it("a handoff never lowers the urgency the conversation already had", async () => {
    await clinic.patientWrites(PATIENT, "Bom dia");
    await h.db.update(s.conversations).set({ urgency: 3 }).where(eq(s.conversations.professionalId, clinic.professionalId));
    h.llm.script([{ text: "Bom dia! Em que posso ajudar?" }]);
    await h.drain();
    await clinic.patientWrites(PATIENT, "Quero falar com a doutora, por favor");
    await h.drain();
    await h.twilio.waitForSent(2);
    expect(await conversation()).toMatchObject({ status: "waiting", urgency: 3, lastMessage: expect.stringContaining("vai responder por aqui assim que possível") });
  });

  it("hands off to the professional when the patient asks for a person, without asking the model", async () => {
    await clinic.patientWrites(PATIENT, "Quero falar com a doutora, por favor");
    await h.drain();
    const reply = await h.twilio.waitForSent(toPatient);
    expect(reply!.body).toContain("vai responder por aqui assim que possível");
    expect(h.llm.requests).toHaveLength(0);
    expect(await conversation()).toMatchObject({ status: "waiting", urgency: 2 });
  });

  it("answers an emergency with SAMU 192 at once and raises the urgency", async () => {
    await clinic.patientWrites(PATIENT, "Estou com muita dor no peito");
    await h.drain();
    const reply = await h.twilio.waitForSent(toPatient);
    expect(reply!.body).toContain("192");
    expect(await conversation()).toMatchObject({ status: "waiting", urgency: 3 });
  });

  it("hands off with a message when the model fails on every attempt (never silence)", async () => {
    h.llm.failNext(3, 500);
    await clinic.patientWrites(PATIENT, "Vocês atendem convênio?");
    for (let attempt = 0; attempt < 3; attempt++) {
      await h.drain();
      await h.db.update(s.jobs).set({ runAt: new Date(0) }).where(eq(s.jobs.status, "pending"));
    }
    await h.drain();
    const reply = await h.twilio.waitForSent(toPatient);
    expect(reply!.body).toContain("vai responder por aqui assim que possível");
    expect(h.llm.requests).toHaveLength(3);
    expect(await conversation()).toMatchObject({ status: "waiting", urgency: 2 });
    expect(repliesTo()).toHaveLength(1);
  });

  it("hands off with a message when the model times out on every attempt", async () => {
    h.llm.setDelay(2500);
    await clinic.patientWrites(PATIENT, "Qual o valor da consulta?");
    for (let attempt = 0; attempt < 3; attempt++) {
      await h.drain();
      await h.db.update(s.jobs).set({ runAt: new Date(0) }).where(eq(s.jobs.status, "pending"));
    }
    h.llm.setDelay(0);
    await h.drain();
    const reply = await h.twilio.waitForSent(toPatient);
    expect(reply.body).toContain("vai responder por aqui assim que possível");
    expect(h.llm.requests).toHaveLength(3);
    expect(await conversation()).toMatchObject({ status: "waiting", urgency: 2 });
    const [job] = await h.db.select().from(s.jobs).where(and(eq(s.jobs.type, "assistant.reply"), eq(s.jobs.professionalId, clinic.professionalId)));
    expect(job).toMatchObject({ status: "failed", attempts: 3 });
    expect(job!.lastError).toMatch(/time/i);
  });

  it("refuses to send free text outside WhatsApp's 24-hour window", async () => {
    h.llm.script([{ text: "Olá!" }]);
    await clinic.patientWrites(PATIENT, "Oi");
    await h.drain();
    const id = (await conversation()).id;
    await h.db.update(s.conversations).set({ lastInboundAt: new Date(Date.now() - 25 * 3600_000) }).where(eq(s.conversations.id, id));
    const detail = (await h.request({ method: "GET", url: `/api/conversations/${id}`, session: clinic.session })).json();
    expect(detail.reply_window.open).toBe(false);
    const res = await h.request({ method: "POST", url: `/api/conversations/${id}/messages`, session: clinic.session, payload: { content: "Ainda está aí?" } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: MSG.replyWindowClosed });
  });

  it("'Testar assistente' uses the same tools as a dry run: nothing is written", async () => {
    h.llm.script([{ toolCalls: [{ name: "book_appointment", arguments: { date: D, time: "11:00", patient_name: "Paciente Teste" } }] }, { text: "" }]);
    const res = await h.request({
      method: "POST",
      url: "/api/professionals/me/assistant/test",
      session: clinic.session,
      payload: { messages: [{ role: "patient", content: `Quero marcar ${D} às 11h` }] },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.reply).toContain("agendada");
    expect(body.actions[0].summary).toContain("nada foi gravado");
    expect(body.handed_off).toBe(false);
    expect(await appointmentsOn(D)).toHaveLength(0);
    expect(await h.db.select().from(s.patients).where(eq(s.patients.professionalId, clinic.professionalId))).toHaveLength(0);
    expect(h.twilio.sent).toHaveLength(0);
  });
});

describe("the assistant with Anthropic, and without a provider", () => {
  it("books through Anthropic's tool calls when the platform chose Anthropic", async () => {
    const h = await createAssistantHarness({ provider: "anthropic" });
    try {
      const clinic = await h.clinic();
      const D = nextBusinessDate();
      h.llm.script([{ toolCalls: [{ name: "book_appointment", arguments: { date: D, time: "09:00", patient_name: "Ana Lima" } }] }, { text: "Até logo!" }]);
      await clinic.patientWrites(PATIENT, `Quero ${D} às 9h, sou Ana Lima`);
      await h.drain();
      const reply = await h.twilio.waitForSent(toPatient);
      expect(reply!.body).toContain("às 09:00");
      expect(h.llm.requests.map((r) => r.provider)).toEqual(["anthropic", "anthropic"]);
      expect(h.llm.requests[0]!.model).toBe("claude-3-5-haiku-latest");
    } finally {
      await h.close();
    }
  });

  it("leaves the message waiting in Conversas when no provider key is configured", async () => {
    const h = await createAssistantHarness({ env: { OPENAI_API_KEY: "" } });
    try {
      const clinic = await h.clinic();
      await clinic.patientWrites(PATIENT, "Oi");
      expect(await h.drain()).toBe(0);
      const [row] = await h.db.select().from(s.conversations);
      expect(row).toMatchObject({ status: "waiting", unreadCount: 1 });
      const test = await h.request({ method: "POST", url: "/api/professionals/me/assistant/test", session: clinic.session, payload: { messages: [{ role: "patient", content: "Oi" }] } });
      expect(test.statusCode).toBe(503);
      expect(test.json()).toEqual({ detail: MSG.assistantTestNoProvider });
    } finally {
      await h.close();
    }
  });
});
