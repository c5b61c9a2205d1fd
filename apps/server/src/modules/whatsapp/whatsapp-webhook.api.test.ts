import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import twilio from "twilio";
import { INBOUND_CUT_MARKER, INBOUND_MESSAGE_MAX_LENGTH, MSG } from "@clinora/contracts";
import * as s from "../../tables";
import { isStorableText } from "../../platform/plugins/input-rule";
import { createAssistantHarness, TEST_TWILIO, type AssistantHarness, type Clinic } from "../../../test/assistant-harness";
import { createTestContext } from "../../../test/context";

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

describe("Twilio webhooks", () => {
  let h: AssistantHarness;
  let clinic: Clinic;
  const countRows = async (table: typeof s.messages | typeof s.jobs | typeof s.conversations) => (await h.db.select({ n: count() }).from(table))[0]!.n;

  beforeAll(async () => {
    // Statuses are posted by the tests themselves, in the order each test needs.
    h = await createAssistantHarness({ twilio: { autoStatuses: false } });
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    await h.db.delete(s.conversations);
    await h.db.delete(s.jobs);
    h.twilio.reset();
    h.llm.reset();
    clinic = await h.clinic();
    // The assistant is off here: these tests are about storage and statuses, not replies.
    await h.request({ method: "PUT", url: "/api/professionals/me/ai-settings", session: clinic.session, payload: { ai_enabled: false, ai_model: "gpt-4o-mini", ai_role_name: null, ai_system_prompt: null, ai_instructions: null, ai_temperature: 0.7, ai_max_tokens: 500 } });
  });

  it("refuses a missing or wrong signature and stores nothing", async () => {
    const missing = await h.twilio.sendInbound({ webhookUrl: h.webhookUrl, from: "+5511988887777", to: clinic.number, body: "Oi", signature: null });
    const wrong = await h.twilio.sendInbound({ webhookUrl: h.webhookUrl, from: "+5511988887777", to: clinic.number, body: "Oi", signature: "bm90IGEgc2lnbmF0dXJl" });
    for (const res of [missing, wrong]) {
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body)).toEqual({ detail: MSG.webhookSignatureInvalid });
    }
    expect(await countRows(s.messages)).toBe(0);
  });

  it("answers empty TwiML at once and stores the message once, whatever the retries", async () => {
    const sid = `SM${"a".repeat(32)}`;
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await clinic.patientWrites("+5511988887777", "Quero marcar uma consulta", { messageSid: sid, profileName: "Maria Souza" }));
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.body).toBe(EMPTY_TWIML);
    }
    expect(await countRows(s.messages)).toBe(1);
    const [conversation] = await h.db.select().from(s.conversations);
    expect(conversation).toMatchObject({
      professionalId: clinic.professionalId,
      phoneNumber: "+5511988887777",
      patientName: "Maria Souza",
      patientId: null,
      status: "waiting",
      unreadCount: 1,
      lastMessage: "Quero marcar uma consulta",
    });
    expect(conversation!.lastInboundAt).not.toBeNull();
  });

  it("matches the patient by phone and reopens a resolved conversation", async () => {
    const patient = await h.make.patient(clinic.professionalId, { name: "João Pereira", phone: "+5511977776666" });
    await clinic.patientWrites("whatsapp:+5511977776666", "Bom dia", { profileName: "Joãozinho" });
    const [first] = await h.db.select().from(s.conversations);
    expect(first).toMatchObject({ patientId: patient.id, patientName: "João Pereira" });
    await h.request({ method: "PUT", url: `/api/conversations/${first!.id}`, session: clinic.session, payload: { status: "resolved" } });
    await clinic.patientWrites("whatsapp:+5511977776666", "Outra dúvida");
    const rows = await h.db.select().from(s.conversations);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "waiting", unreadCount: 2, lastMessage: "Outra dúvida" });
    expect(rows[0]!.resolvedAt).not.toBeNull();
  });

  it("stores nothing for a number no professional owns, and tells the administrator", async () => {
    const res = await h.twilio.sendInbound({ webhookUrl: h.webhookUrl, from: "+5511988887777", to: "whatsapp:+5511900000000", body: "Oi" });
    expect(res.status).toBe(200);
    expect(res.body).toBe(EMPTY_TWIML);
    expect(await countRows(s.messages)).toBe(0);
    expect(await countRows(s.conversations)).toBe(0);
    const admin = await h.make.admin();
    const metrics = await h.request({ method: "GET", url: "/api/whatsapp/metrics/overview", session: await h.login(admin.email, admin.password) });
    expect(metrics.json()).toMatchObject({ unrouted_inbound: 1, last_unrouted_number: "whatsapp:+5511900000000" });
    const own = await h.request({ method: "GET", url: "/api/whatsapp/metrics/overview", session: clinic.session });
    expect(own.json()).toMatchObject({ unrouted_inbound: 0, last_unrouted_number: null });
  });

  it("moves delivery statuses forward only, whatever order the callbacks arrive in", async () => {
    await clinic.patientWrites("+5511966665555", "Olá");
    const [conversation] = await h.db.select().from(s.conversations);
    h.twilio.reset();
    const reply = await h.request({ method: "POST", url: `/api/conversations/${conversation!.id}/messages`, session: clinic.session, payload: { content: "Olá! Em que posso ajudar?" } });
    expect(reply.statusCode).toBe(201);
    // Nothing automatic: this test sends the callbacks itself, in the wrong order.
    await h.drain();
    const [sent] = await h.twilio.waitForSent(1);
    const messageOf = async () => (await h.db.select().from(s.messages).where(eq(s.messages.externalId, sent!.sid)))[0]!;
    await h.twilio.postStatus(sent!.sid, "read");
    await h.twilio.postStatus(sent!.sid, "delivered");
    await h.twilio.postStatus(sent!.sid, "sent");
    await h.twilio.postStatus(sent!.sid, "failed", { ErrorCode: "30008" });
    expect(await messageOf()).toMatchObject({ status: "read", errorCode: null, sender: "professional" });
    // Each callback of a known message was applied at once, in its request: no job was queued for any of them.
    expect(await h.db.select().from(s.jobs).where(eq(s.jobs.type, "whatsapp.status"))).toEqual([]);

    const metrics = (await h.request({ method: "GET", url: "/api/whatsapp/metrics/overview", session: clinic.session })).json();
    expect(metrics).toMatchObject({ outbound_messages: 1, delivered_messages: 1, failed_messages: 0 });
  });

  it("records a failure with Twilio's code and explains it in the thread", async () => {
    await clinic.patientWrites("+5511955554444", "Oi");
    const [conversation] = await h.db.select().from(s.conversations);
    await h.request({ method: "POST", url: `/api/conversations/${conversation!.id}/messages`, session: clinic.session, payload: { content: "Olá!" } });
    await h.drain();
    const [sent] = await h.twilio.waitForSent(1);
    await h.twilio.postStatus(sent!.sid, "sent");
    await h.twilio.postStatus(sent!.sid, "undelivered", { ErrorCode: "63016" });
    const detail = (await h.request({ method: "GET", url: `/api/conversations/${conversation!.id}`, session: clinic.session })).json();
    const failed = detail.messages.find((m: { direction: string }) => m.direction === "outbound");
    expect(failed).toMatchObject({ status: "failed", error_code: "63016", sender: "professional" });
    expect(failed.error_message).toContain("24 horas");
    const metrics = (await h.request({ method: "GET", url: "/api/whatsapp/metrics/overview", session: clinic.session })).json();
    expect(metrics).toMatchObject({ failed_messages: 1 });
    expect(metrics.recent_failures).toHaveLength(1);
  });

  /** A request Twilio never sends: `body` of `type`, signed with the real token over the URL and `signedParams`. */
  const postSigned = (url: string, type: string, body: string, signedParams: Record<string, string>, signed = true) =>
    fetch(url, {
      method: "POST",
      headers: { "content-type": type, ...(signed ? { "x-twilio-signature": twilio.getExpectedTwilioSignature(TEST_TWILIO.authToken, url, signedParams) } : {}) },
      body,
    });

  it("takes only the form Twilio posts: another type is refused with 415 after the signature check, and nothing is stored", async () => {
    const fields = { MessageSid: `SM${"j".repeat(32)}`, From: "whatsapp:+5511988887777", To: clinic.number, Body: "Oi em JSON" };
    const urls = [h.webhookUrl, `${h.webhookUrl}/status`];
    for (const url of urls) {
      // Signed over the JSON's fields (as a form would be), over the URL alone, and not signed.
      const asJson = await postSigned(url, "application/json", JSON.stringify(fields), fields);
      const asText = await postSigned(url, "text/plain; charset=utf-8", "Oi em texto", {});
      const noType = await fetch(url, { method: "POST", headers: { "x-twilio-signature": twilio.getExpectedTwilioSignature(TEST_TWILIO.authToken, url, {}) } });
      for (const res of [asJson, asText, noType]) {
        expect(res.status, url).toBe(415);
        expect(await res.json()).toEqual({ detail: MSG.webhookFormOnly });
        expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
      }
      const unsigned = await postSigned(url, "application/json", JSON.stringify(fields), fields, false);
      expect(unsigned.status).toBe(403);
      expect(await unsigned.json()).toEqual({ detail: MSG.webhookSignatureInvalid });
    }
    expect(await countRows(s.messages)).toBe(0);
    expect(await countRows(s.conversations)).toBe(0);
    // The form itself, signed the same way, is taken.
    const form = await postSigned(h.webhookUrl, "application/x-www-form-urlencoded; charset=utf-8", new URLSearchParams(fields).toString(), fields);
    expect(form.status).toBe(200);
    expect(await countRows(s.messages)).toBe(1);
  });

  it("stores a text over WhatsApp's 4 096 characters cut, with a marker the professional sees in Conversas", async () => {
    const long = `${"Bom dia, doutora. ".repeat(300)}${"😀".repeat(5000)}${"x".repeat(200_000)}`;
    const res = await clinic.patientWrites("+5511988887777", long);
    expect(res.status).toBe(200);
    const [stored] = await h.db.select().from(s.messages);
    const kept = Array.from(long).slice(0, INBOUND_MESSAGE_MAX_LENGTH).join("");
    expect(stored!.content).toBe(`${kept}\n\n${INBOUND_CUT_MARKER}`);
    // Cut between characters: the last emoji kept is whole.
    expect(isStorableText(stored!.content!)).toBe(true);
    const [conversation] = await h.db.select().from(s.conversations);
    expect(conversation!.lastMessage).toBe(stored!.content);

    const thread = await h.request({ method: "GET", url: `/api/conversations/${conversation!.id}`, session: clinic.session });
    expect(thread.statusCode).toBe(200);
    expect(JSON.stringify(thread.json())).toContain(INBOUND_CUT_MARKER);

    // A text of exactly 4 096 characters is stored whole.
    const exact = "é".repeat(INBOUND_MESSAGE_MAX_LENGTH);
    await clinic.patientWrites("+5511977776666", exact);
    const texts = (await h.db.select().from(s.messages)).map((m) => m.content);
    expect(texts).toContain(exact);
  });

  it("stores a signed Body holding a NUL or a lone surrogate with U+FFFD in their place, answers 200, and the professional reads it", async () => {
    const res = await clinic.patientWrites("+5511966665555", "Olá\u0000 doutora \ud800fim");
    expect(res.status).toBe(200);
    expect(res.body).toBe(EMPTY_TWIML);
    const [stored] = await h.db.select().from(s.messages);
    expect(stored!.content).toBe("Olá\uFFFD doutora \uFFFDfim");
    const [conversation] = await h.db.select().from(s.conversations);
    const thread = await h.request({ method: "GET", url: `/api/conversations/${conversation!.id}`, session: clinic.session });
    expect(JSON.stringify(thread.json())).toContain("Olá\uFFFD doutora \uFFFDfim");
    // Unsigned, the same text is refused by the signature check and nothing is stored.
    const unsigned = await h.twilio.sendInbound({ webhookUrl: h.webhookUrl, from: "+5511966664444", to: clinic.number, body: "a\u0000b", signature: null });
    expect(unsigned.status).toBe(403);
    expect(await countRows(s.messages)).toBe(1);
  });

  it("applies a status callback that arrived before the send was recorded", async () => {
    await clinic.patientWrites("+5511944443333", "Oi");
    const [conversation] = await h.db.select().from(s.conversations);
    await h.request({ method: "POST", url: `/api/conversations/${conversation!.id}/messages`, session: clinic.session, payload: { content: "Olá!" } });
    await h.drain();
    const [sent] = await h.twilio.waitForSent(1);
    // Forget the sid we stored, as if the callback had outrun our write.
    await h.db.update(s.messages).set({ externalId: null, status: "queued" }).where(eq(s.messages.externalId, sent!.sid));
    const res = await h.twilio.postStatus(sent!.sid, "delivered");
    expect(res.status).toBe(200);
    await h.db.update(s.messages).set({ externalId: sent!.sid, status: "sent" }).where(eq(s.messages.direction, "outbound"));
    await h.db.update(s.jobs).set({ runAt: new Date() }).where(eq(s.jobs.type, "whatsapp.status"));
    await h.drain();
    const [message] = await h.db.select().from(s.messages).where(eq(s.messages.externalId, sent!.sid));
    expect(message!.status).toBe("delivered");
  });
});

describe("Twilio webhooks without Twilio credentials", () => {
  it("answers 503 with a clear detail and stores nothing", async () => {
    const ctx = await createTestContext({ env: { PUBLIC_URL: "https://clinora.example" } });
    try {
      const res = await ctx.request({
        method: "POST",
        url: "/api/whatsapp/webhook/twilio",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": "abc" },
        payload: "MessageSid=SM1&From=whatsapp%3A%2B5511999999999&To=whatsapp%3A%2B5511888888888&Body=Oi",
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: MSG.whatsappNotConfigured });
      expect((await ctx.db.select({ n: count() }).from(s.messages))[0]!.n).toBe(0);
    } finally {
      await ctx.close();
    }
  });
});
