import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { WEB_CHAT_TOKEN_HEADER } from "@clinora/contracts";
import * as s from "../../tables";
import { createAssistantHarness, type AssistantHarness, type Clinic } from "../../../test/assistant-harness";
import { WHATSAPP_MAX_BODY } from "../messaging";
import { TOOL_TEXTS } from "./assistant-tool-texts";
import { nextBusinessDate } from "../../../test/business-dates";

/**
 * The limits of one answer, through the real server, the SDKs and the stand-ins over HTTP: one change of each kind
 * per patient message, no tools run in the round that offered none, tools found by their own name only, a long
 * reply sent as ordered parts, the professional's consultation length, and a closed agenda (Indisponível).
 */

const PATIENT = "+5511988880001";
const toPatient = (m: { to: string }) => m.to === `whatsapp:${PATIENT}`;
type ToolTurn = { role: "tool"; name: string; content: string };

// One server for the whole file: starting one is the slow part.
let h: AssistantHarness;
beforeAll(async () => {
  h = await createAssistantHarness();
});
afterAll(() => h.close());

describe("the assistant's limits per patient message", () => {
  let clinic: Clinic;
  const D = nextBusinessDate();

  const appointments = () => h.db.select().from(s.appointments).where(eq(s.appointments.professionalId, clinic.professionalId));
  const conversation = async () => (await h.db.select().from(s.conversations).where(eq(s.conversations.professionalId, clinic.professionalId)))[0]!;
  /** The tool results the model was sent back, in order, from the request after the one with the calls. */
  const toolResults = (requestIndex: number) =>
    (h.llm.requests[requestIndex]!.messages.filter((m) => m.role === "tool") as ToolTurn[]).map((m) => ({ name: m.name, result: JSON.parse(m.content) as Record<string, unknown> }));

  beforeEach(async () => {
    h.twilio.reset();
    h.llm.reset();
    clinic = await h.clinic();
  });
  afterEach(() => h.drain());

  it("makes one appointment from 30 parallel booking calls; the others are told one at a time; the reply fits WhatsApp", async () => {
    const times = Array.from({ length: 30 }, (_, i) => `${String(8 + Math.floor(i / 4)).padStart(2, "0")}:${["00", "15", "30", "45"][i % 4]}`);
    h.llm.script([
      { toolCalls: times.map((time) => ({ name: "book_appointment", arguments: { date: D, time, patient_name: "Maria Souza" } })) },
      { text: "Pronto!" },
    ]);
    await clinic.patientWrites(PATIENT, `Quero marcar ${D} às 8h, meu nome é Maria Souza`);
    await h.drain();

    const booked = await appointments();
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({ appointmentDate: D, appointmentTime: "08:00:00", source: "assistant" });
    const results = toolResults(1);
    expect(results).toHaveLength(30);
    expect(results[0]!.result).toMatchObject({ status: "booked" });
    for (const later of results.slice(1)) expect(later.result).toMatchObject({ status: "one_at_a_time", error: TOOL_TEXTS.oneAtATime });

    const sent = h.twilio.sent.filter(toPatient);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.match(/agendada/g)).toHaveLength(1);
    expect(sent[0]!.body.length).toBeLessThanOrEqual(WHATSAPP_MAX_BODY);
  });

  it("allows one booking, one rescheduling and one cancellation per message, also across rounds", async () => {
    const patient = await h.make.patient(clinic.professionalId, { name: "Maria Souza", phone: PATIENT });
    const first = await h.make.appointment(clinic.professionalId, patient.id, { appointmentDate: D, appointmentTime: "09:00", duration: 50, source: "assistant" });
    const second = await h.make.appointment(clinic.professionalId, patient.id, { appointmentDate: D, appointmentTime: "11:00", duration: 50, source: "assistant" });
    const D2 = nextBusinessDate(5);
    h.llm.script([
      { toolCalls: [{ name: "cancel_appointment", arguments: { appointment_id: first.id } }] },
      {
        toolCalls: [
          { name: "cancel_appointment", arguments: { appointment_id: second.id } },
          { name: "reschedule_appointment", arguments: { appointment_id: second.id, date: D2, time: "14:00" } },
          { name: "reschedule_appointment", arguments: { appointment_id: second.id, date: D2, time: "16:00" } },
        ],
      },
      { text: "Feito." },
    ]);
    await clinic.patientWrites(PATIENT, "Cancela tudo e muda a outra");
    await h.drain();

    const rows = await appointments();
    expect(rows.find((a) => a.id === first.id)).toMatchObject({ status: "cancelled" });
    expect(rows.find((a) => a.id === second.id)).toMatchObject({ status: "pending", appointmentDate: D2, appointmentTime: "14:00:00" });
    const round2 = toolResults(2).slice(1);
    expect(round2.map((r) => r.result.status)).toEqual(["one_at_a_time", "rescheduled", "one_at_a_time"]);
  });

  it("ignores tool calls in the last round, which offered no tools, and stops after a bounded number of rounds", async () => {
    const look = { toolCalls: [{ name: "check_availability", arguments: { date: D } }] };
    h.llm.script([look, look, look, look, { text: "Vou verificar.", toolCalls: [{ name: "book_appointment", arguments: { date: D, time: "10:00", patient_name: "Maria Souza" } }] }, { text: "nunca chega aqui" }]);
    await clinic.patientWrites(PATIENT, `Horários em ${D}? Sou Maria Souza`);
    await h.drain();

    expect(h.llm.requests).toHaveLength(5);
    expect(h.llm.requests[3]!.toolNames.length).toBeGreaterThan(0);
    expect(h.llm.requests[4]!.toolNames).toEqual([]);
    expect(await appointments()).toHaveLength(0);
    const [reply] = h.twilio.sent.filter(toPatient);
    expect(reply!.body).toBe("Vou verificar.");
  });

  it("answers a tool with an odd or unknown name with 'Ferramenta desconhecida', never an exception", async () => {
    const odd = ["__proto__", "hasOwnProperty", "constructor", "toString", "valueOf", "apagar_tudo"];
    h.llm.script([{ toolCalls: odd.map((name) => ({ name, arguments: {} })) }, { text: "Como posso ajudar?" }]);
    await clinic.patientWrites(PATIENT, "Oi");
    await h.drain();

    const results = toolResults(1);
    expect(results.map((r) => r.name)).toEqual(odd);
    for (const { result } of results) expect(String(result.error)).toMatch(/^Ferramenta desconhecida/);
    const [reply] = h.twilio.sent.filter(toPatient);
    expect(reply!.body).toBe("Como posso ajudar?");
    expect((await conversation()).status).toBe("bot_handling");
  });

  it("sends a reply longer than WhatsApp takes as ordered parts cut between sentences, each a message in Conversas", async () => {
    const sentences = Array.from({ length: 70 }, (_, i) => `Esta é a frase ${i + 1} de uma resposta longa sobre o consultório.`);
    const long = sentences.join(" ");
    expect(long.length).toBeGreaterThan(WHATSAPP_MAX_BODY * 2);
    h.llm.script([{ text: long }]);
    await clinic.patientWrites(PATIENT, "Me fala tudo sobre a clínica");
    await h.drain();

    const parts = h.twilio.sent.filter(toPatient);
    expect(parts.length).toBeGreaterThanOrEqual(3);
    for (const part of parts) {
      expect(part.body.length).toBeLessThanOrEqual(WHATSAPP_MAX_BODY);
      expect(part.body).toMatch(/^Esta é a frase \d+ .*\.$/s);
    }
    expect(parts.map((p) => p.body).join(" ")).toBe(long);
    // Twilio received them in order (each part is queued only once the previous one was sent).
    expect(parts.map((p) => Number(/frase (\d+)/.exec(p.body)![1]))).toEqual([...parts.map((p) => Number(/frase (\d+)/.exec(p.body)![1]))].sort((a, b) => a - b));

    const thread = (await h.request({ method: "GET", url: `/api/conversations/${(await conversation()).id}`, session: clinic.session })).json();
    const outbound = thread.messages.filter((m: { direction: string }) => m.direction === "outbound");
    expect(outbound.map((m: { content: string }) => m.content)).toEqual(parts.map((p) => p.body));
    expect(outbound.every((m: { status: string }) => m.status !== "queued" && m.status !== "failed")).toBe(true);
  });

  it("tells the model the real consultation length and says it plainly when the patient asks for another one", async () => {
    await h.db.update(s.professionals).set({ appointmentDuration: 50 }).where(eq(s.professionals.id, clinic.professionalId));
    h.llm.script([
      { toolCalls: [{ name: "book_appointment", arguments: { date: D, time: "08:00", patient_name: "Maria Souza", duration_minutes: 600 } }] },
      { text: "" },
    ]);
    await clinic.patientWrites(PATIENT, `Quero uma consulta de 10 horas em ${D} às 8h, sou Maria Souza`);
    await h.drain();
    expect(await appointments()).toHaveLength(0);
    expect(toolResults(1)[0]!.result).toMatchObject({ status: "duration_fixed", duration_minutes: 50 });
    const told = h.twilio.sent.filter(toPatient)[0]!;
    expect(told.body).toBe(TOOL_TEXTS.durationFixed(50, 600));
    expect(told.body).toContain("50 minutos");
    expect(told.body).toContain("10 horas");

    // Booked at the professional's length, and the confirmation says it.
    h.llm.script([{ toolCalls: [{ name: "book_appointment", arguments: { date: D, time: "08:00", patient_name: "Maria Souza" } }] }, { text: "" }]);
    await clinic.patientWrites(PATIENT, "Então pode ser a normal");
    await h.drain();
    const [row] = await appointments();
    expect(row).toMatchObject({ duration: 50, appointmentTime: "08:00:00" });
    expect(toolResults(3)[0]!.result).toMatchObject({ status: "booked", appointment: { duration_minutes: 50 } });
    const confirmation = (await h.twilio.waitForSent(2)).filter(toPatient)[1]!;
    expect(confirmation.body).toContain("agendada");
    expect(confirmation.body).toContain("(duração: 50 minutos)");
  });
});

describe("an unavailable professional (Indisponível) offers no times anywhere", () => {
  let clinic: Clinic;
  const D = nextBusinessDate();
  beforeEach(async () => {
    h.twilio.reset();
    h.llm.reset();
    clinic = await h.clinic();
    const off = await h.request({ method: "PATCH", url: "/api/professionals/me/availability?is_available=false", session: clinic.session });
    expect(off.statusCode).toBe(200);
  });
  afterEach(() => h.drain());

  it("on WhatsApp: no free times reach the model or the patient, who is told the clinic will get back", async () => {
    h.llm.script([{ toolCalls: [{ name: "check_availability", arguments: { date: D } }] }, { text: "Tenho 10:00 e 11:00 livres!" }]);
    await clinic.patientWrites(PATIENT, `Quais horários livres em ${D}?`);
    await h.drain();

    // The tool answered no times and the server's text ended the answer: the model was not asked again.
    expect(h.llm.requests).toHaveLength(1);
    const [reply] = h.twilio.sent.filter(toPatient);
    expect(reply!.body).toBe(TOOL_TEXTS.notAccepting);
    expect(reply!.body).not.toMatch(/\d{1,2}:\d{2}/);
    const [conv] = await h.db.select().from(s.conversations).where(eq(s.conversations.professionalId, clinic.professionalId));
    expect(conv!.status).toBe("waiting");

    // A booking attempt gets the same answer and writes nothing (the unused scripted answer above is dropped).
    h.llm.reset();
    h.llm.script([{ toolCalls: [{ name: "book_appointment", arguments: { date: D, time: "10:00", patient_name: "Maria Souza" } }] }, { text: "Agendado!" }]);
    await h.db.update(s.conversations).set({ status: "bot_handling" }).where(eq(s.conversations.id, conv!.id));
    await clinic.patientWrites(PATIENT, "Marca 10h então, Maria Souza");
    await h.drain();
    expect(h.llm.requests).toHaveLength(1);
    expect(await h.db.select().from(s.appointments).where(eq(s.appointments.professionalId, clinic.professionalId))).toHaveLength(0);
    expect(h.twilio.sent.filter(toPatient)[1]!.body).toBe(TOOL_TEXTS.notAccepting);
  });

  it("in the web chat: the same answer, no times", async () => {
    const settings = (await h.request({ method: "GET", url: "/api/web-chat", session: clinic.session })).json();
    h.llm.script([{ toolCalls: [{ name: "check_availability", arguments: { date: D } }] }, { text: "Tenho 10:00 livre" }]);
    const started = await h.request({ method: "POST", url: `/api/public/chat/clinics/${settings.public_id}/conversations`, payload: { content: `Horários em ${D}?` }, remoteAddress: "10.77.0.1" });
    expect(started.statusCode).toBe(201);
    await h.drain();
    const thread = (
      await h.request({ method: "GET", url: "/api/public/chat/thread", headers: { [WEB_CHAT_TOKEN_HEADER]: started.json().visitor_token }, remoteAddress: "10.77.0.1" })
    ).json();
    const answer = thread.messages.at(-1);
    expect(answer).toMatchObject({ author: "assistant", content: TOOL_TEXTS.notAccepting });
    expect(h.llm.requests).toHaveLength(1);
    expect(h.twilio.sent).toHaveLength(0);
  });

  it("in 'Testar assistente': no times listed, and dates read as the patient reads them when bookings are open", async () => {
    h.llm.script([{ toolCalls: [{ name: "check_availability", arguments: { date: D } }] }, { text: "Tenho 10:00" }]);
    const closed = await h.request({ method: "POST", url: "/api/professionals/me/assistant/test", session: clinic.session, payload: { messages: [{ role: "patient", content: `Horários em ${D}?` }] } });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ reply: TOOL_TEXTS.notAccepting, handed_off: true });
    expect(closed.json().reply).not.toMatch(/\d{1,2}:\d{2}/);

    await h.request({ method: "PATCH", url: "/api/professionals/me/availability?is_available=true", session: clinic.session });
    h.llm.reset();
    h.llm.script([{ toolCalls: [{ name: "book_appointment", arguments: { date: D, time: "08:00", patient_name: "Maria Souza" } }] }, { text: "" }]);
    const open = await h.request({ method: "POST", url: "/api/professionals/me/assistant/test", session: clinic.session, payload: { messages: [{ role: "patient", content: `Marca ${D} 8h, Maria Souza` }] } });
    const summary = open.json().actions[0].summary as string;
    const [, mm, dd] = D.split("-");
    expect(summary).toMatch(new RegExp(`^Agendaria [a-zç]+(-feira)?, ${dd}/${mm}, às 08:00 `));
    expect(summary).not.toContain(D);
    expect(await h.db.select().from(s.appointments).where(and(eq(s.appointments.professionalId, clinic.professionalId)))).toHaveLength(0);
  });
});
