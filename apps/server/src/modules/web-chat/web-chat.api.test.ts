import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { MSG, WEB_CHAT_MESSAGE_MAX_LENGTH, WEB_CHAT_TEXTS, WEB_CHAT_TOKEN_HEADER } from "@clinora/contracts";
import * as s from "../../tables";
import { createAssistantHarness, type AssistantHarness, type Clinic } from "../../../test/assistant-harness";
import { nextBusinessDate } from "../../../test/business-dates";

const LIMITS = { visitorPerMinute: 4, llmPerDay: 5, newChatsPerHour: 3 };

describe("the web chat", () => {
  let h: AssistantHarness;
  let clinic: Clinic;
  let publicId: string;
  let address = 0;
  /** Each test writes from its own address, so the per-address limits of one test never touch another. */
  let ip = "";
  const D = nextBusinessDate();

  const start = (content: string, options: { id?: string; remoteAddress?: string } = {}) =>
    h.request({ method: "POST", url: `/api/public/chat/clinics/${options.id ?? publicId}/conversations`, payload: { content }, remoteAddress: options.remoteAddress ?? ip });
  const send = (token: string, content: string) =>
    h.request({ method: "POST", url: "/api/public/chat/thread/messages", payload: { content }, headers: { [WEB_CHAT_TOKEN_HEADER]: token }, remoteAddress: ip });
  const thread = (token: string | undefined, since?: string) =>
    h.request({
      method: "GET",
      url: `/api/public/chat/thread${since ? `?since=${encodeURIComponent(since)}` : ""}`,
      headers: token === undefined ? {} : { [WEB_CHAT_TOKEN_HEADER]: token },
      remoteAddress: ip,
    });
  const conversationsOf = (professionalId: string) => h.db.select().from(s.conversations).where(eq(s.conversations.professionalId, professionalId));

  beforeAll(async () => {
    h = await createAssistantHarness({
      env: {
        WEB_CHAT_VISITOR_MESSAGES_PER_MINUTE: String(LIMITS.visitorPerMinute),
        WEB_CHAT_LLM_CALLS_PER_DAY: String(LIMITS.llmPerDay),
        WEB_CHAT_NEW_CHATS_PER_HOUR: String(LIMITS.newChatsPerHour),
      },
    });
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    h.twilio.reset();
    h.llm.reset();
    ip = `10.0.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;
    clinic = await h.clinic();
    const settings = await h.request({ method: "GET", url: "/api/web-chat", session: clinic.session });
    expect(settings.statusCode).toBe(200);
    publicId = settings.json().public_id;
  });
  // Replies a test left queued must not eat the next test's scripted model answers.
  afterEach(() => h.drain());

  it("gives each professional a public link and a one-line embed snippet, the same every time", async () => {
    const first = (await h.request({ method: "GET", url: "/api/web-chat", session: clinic.session })).json();
    expect(first.public_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(first).toEqual({
      public_id: publicId,
      chat_url: `${h.publicUrl}/chat/${publicId}`,
      widget_url: `${h.publicUrl}/widget.js`,
      embed_snippet: `<script src="${h.publicUrl}/widget.js" data-clinora-chat="${publicId}" async></script>`,
    });
    const other = await h.clinic();
    const theirs = (await h.request({ method: "GET", url: "/api/web-chat", session: other.session })).json();
    expect(theirs.public_id).not.toBe(publicId);

    const page = await h.request({ method: "GET", url: `/api/public/chat/clinics/${publicId}`, remoteAddress: ip });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ clinic_name: "Clínica Bem Viver", assistant_name: "Marge", assistant_on: true });
    expect(page.json().greeting).toContain("Marge");
    // No preposition before the clinic's name ("assistente virtual de Espaço…"): the header names the clinic.
    expect(page.json().greeting).toBe("Olá! Sou Marge, assistente virtual deste atendimento. Posso ajudar com horários e agendamentos. Como posso ajudar?");
    const unknown = await h.request({ method: "GET", url: `/api/public/chat/clinics/${"x".repeat(22)}`, remoteAddress: ip });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: WEB_CHAT_TEXTS.chatNotFound });
    for (const id of ["curto", "x".repeat(99), "..%2F..%2Fapi"]) {
      expect((await h.request({ method: "GET", url: `/api/public/chat/clinics/${id}`, remoteAddress: ip })).statusCode, id).toBe(404);
    }
  });

  it("a visitor books: the assistant asks for name and WhatsApp first, then the chat links to that patient and WhatsApp joins it", async () => {
    // The model tries to book at once; the tool refuses until it has a name and an E.164 number.
    h.llm.script([
      { toolCalls: [{ name: "book_appointment", arguments: { date: D, time: "10:00" } }] },
      { text: "Claro! Para agendar, preciso do seu nome completo e do seu WhatsApp com DDD." },
      { toolCalls: [{ name: "book_appointment", arguments: { date: D, time: "10:00", patient_name: "Maria Souza", patient_phone: "(11) 98888-7777" } }] },
      { text: "Posso ajudar em algo mais?" },
    ]);
    const started = await start(`Quero marcar para ${D} às 10h`);
    expect(started.statusCode).toBe(201);
    const token = started.json().visitor_token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(started.json().messages).toEqual([expect.objectContaining({ author: "visitor", content: `Quero marcar para ${D} às 10h` })]);
    await h.drain();

    const refused = JSON.parse((h.llm.requests[1]!.messages.find((m) => m.role === "tool") as { content: string }).content);
    expect(refused).toMatchObject({ status: "contact_required", missing: ["patient_name", "patient_phone"] });
    expect(h.llm.requests[0]!.system).toContain("chat do site");
    expect(h.llm.requests[0]!.system).toContain("patient_phone");
    const asked = (await thread(token)).json();
    expect(asked.messages.map((m: { author: string }) => m.author)).toEqual(["visitor", "assistant"]);
    expect(asked.messages[1].content).toContain("WhatsApp com DDD");
    expect(await h.db.select().from(s.appointments).where(eq(s.appointments.professionalId, clinic.professionalId))).toHaveLength(0);

    const sent = await send(token, "Maria Souza, (11) 98888-7777");
    expect(sent.statusCode).toBe(201);
    await h.drain();
    const booked = (await thread(token, asked.cursor)).json();
    const confirmation = booked.messages.find((m: { author: string; content: string }) => m.author === "assistant" && m.content.includes("agendada"));
    expect(confirmation.content).toContain("às 10:00");
    expect(confirmation.content).toContain("Posso ajudar em algo mais?");

    // Compromissos shows it, for a patient with that WhatsApp number; nothing went through Twilio.
    const list = (await h.request({ method: "GET", url: `/api/appointments?date=${D}`, session: clinic.session })).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ appointment_time: "10:00", status: "pending", source: "assistant", patient_name: "Maria Souza", patient_phone: "+5511988887777" });
    expect(h.twilio.sent).toHaveLength(0);

    // Conversas: channel web_chat, linked to the patient, replies delivered (read once the visitor's page showed them).
    const [conversation] = await conversationsOf(clinic.professionalId);
    expect(conversation).toMatchObject({ channel: "web_chat", patientId: list.items[0].patient_id, patientName: "Maria Souza", phoneNumber: "+5511988887777" });
    const listed = (await h.request({ method: "GET", url: "/api/conversations?channel=web_chat", session: clinic.session })).json();
    expect(listed.items.map((c: { id: string }) => c.id)).toEqual([conversation!.id]);
    const outbound = await h.db.select().from(s.messages).where(and(eq(s.messages.conversationId, conversation!.id), eq(s.messages.direction, "outbound")));
    expect(outbound.map((m) => m.status)).toEqual(["read", "read"]);

    // The same number on WhatsApp later is the same patient.
    h.llm.script([{ text: "Olá, Maria! Como posso ajudar?" }]);
    await clinic.patientWrites("+5511988887777", "Oi, sou eu de novo pelo WhatsApp");
    await h.drain();
    const whatsapp = (await conversationsOf(clinic.professionalId)).find((c) => c.channel === "whatsapp");
    expect(whatsapp!.patientId).toBe(list.items[0].patient_id);
  });

  it("a visitor who types an existing patient's number books for that patient, but sees none of the appointments made elsewhere", async () => {
    const existing = await h.make.patient(clinic.professionalId, { name: "Joana Existente", phone: "+5511977776666" });
    const earlier = await h.make.appointment(clinic.professionalId, existing.id, { appointmentDate: nextBusinessDate(5), appointmentTime: "15:00" });
    h.llm.script([
      { toolCalls: [{ name: "book_appointment", arguments: { date: D, time: "11:00", patient_name: "Outra Pessoa", patient_phone: "11 97777-6666" } }] },
      { text: "" },
      { toolCalls: [{ name: "list_my_appointments", arguments: {} }] },
      { toolCalls: [{ name: "cancel_appointment", arguments: { appointment_id: earlier.id } }] },
      { text: "Não encontrei essa consulta." },
    ]);
    const token = (await start(`Quero marcar ${D} às 11h. Outra Pessoa, 11 97777-6666`)).json().visitor_token as string;
    await h.drain();
    const [conversation] = await conversationsOf(clinic.professionalId);
    // Linked to the patient with that phone (WhatsApp will find the same record); the name shown is the one typed.
    expect(conversation).toMatchObject({ patientId: existing.id, patientName: "Outra Pessoa", phoneNumber: "+5511977776666" });
    expect((await h.db.select().from(s.patients).where(eq(s.patients.phone, "+5511977776666"))).length).toBe(1);

    await send(token, "Quais consultas eu tenho? Cancela a outra");
    await h.drain();
    const toolResults = h.llm.requests.at(-1)!.messages.filter((m) => m.role === "tool").map((m) => JSON.parse((m as { content: string }).content));
    expect(toolResults[0].appointments.map((a: { id: string }) => a.id)).not.toContain(earlier.id);
    expect(toolResults[0].appointments).toHaveLength(1);
    expect(toolResults[1]).toEqual({ status: "not_found" });
    const [still] = await h.db.select().from(s.appointments).where(eq(s.appointments.id, earlier.id));
    expect(still!.status).not.toBe("cancelled");
    // Nor does the prompt tell the model about them, or the name on the record.
    expect(h.llm.requests.at(-1)!.system).not.toContain("15:00");
    expect(h.llm.requests.at(-1)!.system).not.toContain("Joana Existente");
  });

  it("the professional replies from Conversas and the visitor sees it; the assistant then stays silent", async () => {
    h.llm.script([{ text: "Olá! Como posso ajudar?" }]);
    const token = (await start("Vocês atendem por convênio?")).json().visitor_token as string;
    await h.drain();
    const [conversation] = await conversationsOf(clinic.professionalId);

    const opened = (await h.request({ method: "GET", url: `/api/conversations/${conversation!.id}`, session: clinic.session })).json();
    expect(opened.reply_window).toEqual({ open: true, closes_at: null, reason: null });
    const reply = await h.request({
      method: "POST",
      url: `/api/conversations/${conversation!.id}/messages`,
      session: clinic.session,
      payload: { content: "Olá! Aqui é a doutora: atendemos Unimed e particular." },
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ status: "in_progress", channel: "web_chat" });
    expect(reply.json().messages.at(-1)).toMatchObject({ sender: "professional", status: "delivered" });
    await h.drain();
    expect(h.twilio.sent).toHaveLength(0);

    const seen = (await thread(token)).json();
    expect(seen.messages.at(-1)).toMatchObject({ author: "professional", content: "Olá! Aqui é a doutora: atendemos Unimed e particular." });

    const before = h.llm.requests.length;
    expect((await send(token, "Ótimo, obrigada!")).statusCode).toBe(201);
    await h.drain();
    expect(h.llm.requests.length).toBe(before);
    expect((await thread(token)).json().messages.at(-1)).toMatchObject({ author: "visitor" });
  });

  it("answers a crisis over HTTP at once with CVV 188 and SAMU 192, without the model, and flags the conversation first", async () => {
    h.llm.script([{ text: "Olá! Como posso ajudar?" }]);
    const token = (await start("Vocês atendem sábado?")).json().visitor_token as string;
    await h.drain();
    expect(h.llm.requests).toHaveLength(1);
    // A second visitor writes after the first one: without the crisis, that chat would be listed first.
    h.llm.script([{ text: "Olá!" }]);
    await start("Oi, qual o endereço?", { remoteAddress: "10.250.0.1" });
    await h.drain();

    // The visitor's browser talks to the listening server over HTTP, as the chat page does.
    const res = await fetch(`${h.publicUrl}/api/public/chat/thread/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", [WEB_CHAT_TOKEN_HEADER]: token },
      body: JSON.stringify({ content: "tenho pensado em tirar a minha própria vida" }),
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { messages: { author: string; content: string }[] };
    expect(body.messages.map((m) => m.author)).toEqual(["visitor", "assistant"]);
    expect(body.messages[1]!.content).toContain("CVV no 188 (ligação gratuita, 24 horas)");
    expect(body.messages[1]!.content).toContain("cvv.org.br");
    expect(body.messages[1]!.content).toContain("SAMU (192)");
    await h.drain();
    expect(h.llm.requests).toHaveLength(2);

    const list = (await h.request({ method: "GET", url: "/api/conversations", session: clinic.session })).json();
    expect(list.items).toHaveLength(2);
    expect(list.items[0]).toMatchObject({ channel: "web_chat", status: "waiting", urgency: 3 });
    expect(list.items[0].last_message).toContain("CVV");
    expect(list.items[1].urgency).toBe(0);
    expect(h.twilio.sent).toHaveLength(0);
  });

  it("the token is the only key: another visitor, a guessed or a missing token read nothing", async () => {
    h.llm.script([{ text: "Resposta para a primeira" }, { text: "Resposta para a segunda" }]);
    const first = (await start("Mensagem da primeira visitante, com meu telefone 11 98888-1111")).json().visitor_token as string;
    const second = (await start("Mensagem da segunda")).json().visitor_token as string;
    await h.drain();

    const theirs = (await thread(second)).json();
    expect(theirs.messages.map((m: { content: string }) => m.content)).not.toContain("Mensagem da primeira visitante, com meu telefone 11 98888-1111");
    expect(JSON.stringify(theirs)).not.toContain("98888-1111");
    for (const token of [undefined, "", "a".repeat(43), `${first}x`, first.slice(0, 42)]) {
      const res = await thread(token);
      expect(res.statusCode, String(token)).toBe(404);
      expect(res.json()).toEqual({ detail: WEB_CHAT_TEXTS.threadNotFound });
      const write = await h.request({
        method: "POST",
        url: "/api/public/chat/thread/messages",
        payload: { content: "oi" },
        headers: token === undefined ? {} : { [WEB_CHAT_TOKEN_HEADER]: token },
        remoteAddress: ip,
      });
      expect(write.statusCode).toBe(404);
    }
    // Only the token's hash is stored.
    const visitors = await h.db.select().from(s.webChatVisitors).where(eq(s.webChatVisitors.professionalId, clinic.professionalId));
    expect(visitors).toHaveLength(2);
    expect(visitors.map((v) => v.tokenHash)).not.toContain(first);
    // The public answers carry no ids of the conversation or the patient.
    expect(Object.keys(theirs).sort()).toEqual(["assistant_name", "clinic_name", "cursor", "messages"]);
  });

  it("limits messages: too long 422, per visitor and per address 429 with a Portuguese detail", async () => {
    const tooLong = await start("a".repeat(WEB_CHAT_MESSAGE_MAX_LENGTH + 1));
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().details[0]).toMatchObject({ loc: ["body", "content"], msg: WEB_CHAT_TEXTS.messageTooLong });
    expect((await start("   ")).statusCode).toBe(422);

    const token = (await start("Oi")).json().visitor_token as string;
    expect((await send(token, "a".repeat(WEB_CHAT_MESSAGE_MAX_LENGTH + 1))).statusCode).toBe(422);
    for (let i = 1; i < LIMITS.visitorPerMinute; i++) expect((await send(token, `mensagem ${i}`)).statusCode).toBe(201);
    const flooded = await send(token, "mais uma");
    expect(flooded.statusCode).toBe(429);
    expect(flooded.json()).toEqual({ detail: WEB_CHAT_TEXTS.tooManyMessages });

    // New chats from one address: the limit per hour (refused requests count too), then 429; another address still starts one.
    const busy = "10.99.0.1";
    for (let i = 0; i < LIMITS.newChatsPerHour; i++) expect((await start(`Oi ${i}`, { remoteAddress: busy })).statusCode).toBe(201);
    const tooMany = await start("Oi de novo", { remoteAddress: busy });
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json()).toEqual({ detail: MSG.tooManyRequests });
    expect((await start("Oi", { remoteAddress: "10.99.0.2" })).statusCode).toBe(201);
  });

  it("caps the model calls per visitor per day: then the visitor is told the clinic will answer and the chat waits", async () => {
    const look = { toolCalls: [{ name: "check_availability", arguments: { date: D } }] };
    h.llm.script([look, { text: "Tenho horários livres." }, look, { text: "Ainda tenho horários." }, look, { text: "nunca chega aqui" }]);
    const token = (await start(`Quais horários em ${D}?`)).json().visitor_token as string;
    await h.drain();
    await send(token, "E de tarde?");
    await h.drain();
    expect(h.llm.requests).toHaveLength(4);
    await send(token, "E no fim da tarde?");
    await h.drain();

    // The fifth call was the last one allowed: the answer ends with the polite note instead of a sixth.
    expect(h.llm.requests).toHaveLength(LIMITS.llmPerDay);
    const last = (await thread(token)).json().messages.at(-1);
    expect(last).toMatchObject({ author: "assistant", content: WEB_CHAT_TEXTS.dailyLimitReached });
    const [conversation] = await conversationsOf(clinic.professionalId);
    expect(conversation!.status).toBe("waiting");

    // Further messages wait for the professional: no model call.
    await send(token, "Alô?");
    await h.drain();
    expect(h.llm.requests).toHaveLength(LIMITS.llmPerDay);
    const [visitor] = await h.db.select().from(s.webChatVisitors).where(eq(s.webChatVisitors.conversationId, conversation!.id));
    expect(visitor!.llmCalls).toBe(LIMITS.llmPerDay);
  });
});
