import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { explainTwilioError, MSG, SEND_ERROR } from "@clinora/contracts";
import * as s from "../../tables";
import { fixedClock } from "../../platform/lib/clock";
import { createAssistantHarness, type AssistantHarness, type Clinic } from "../../../test/assistant-harness";
import { SEND_ATTEMPTS } from "./whatsapp-outbound.service";

/**
 * Sending through the real twilio SDK to the fake Twilio over HTTP, on a pinned clock so retries are due when the
 * test says: Twilio busy (429, with or without Retry-After) or failing (5xx) is retried, a bounded number of times;
 * a refusal (another 4xx) fails at once with a Portuguese reason; Reenviar sends a failed message again, once.
 */

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
const PATIENT = "+5511977770001";
const RESEND_SID = `HX${"b".repeat(32)}`;
const REMINDER_SID = `HX${"c".repeat(32)}`;
const HOUR = 3_600_000;
/** A refusal a resend can fix (the country was not enabled yet): the default invalid number is one it cannot. */
const FIXABLE_REFUSAL = { httpStatus: 400, code: 21408, message: "Permission to send an SMS has not been enabled for the region" };

interface Ctx {
  h: AssistantHarness;
  clock: ReturnType<typeof fixedClock>;
  clinic: Clinic;
}

function suite(name: string, env: Record<string, string>, body: (c: Ctx) => void) {
  describe(name, () => {
    const c = {} as Ctx;
    beforeAll(async () => {
      c.clock = fixedClock(NOW);
      c.h = await createAssistantHarness({ clock: c.clock, env });
    });
    afterAll(() => c.h.close());
    beforeEach(async () => {
      c.clock.set(NOW);
      c.h.twilio.reset();
      c.h.llm.reset();
      c.clinic = await c.h.clinic();
    });
    body(c);
  });
}

/** Helpers over one test's clinic: the patient writes, the assistant answers `reply`, jobs run at the pinned time. */
function helpers(c: Ctx) {
  const toPatient = (m: { to: string }) => m.to === `whatsapp:${PATIENT}`;
  const api = async (method: "GET" | "POST", url: string) => {
    // The clock moves by hours: a fresh session each time.
    const session = await c.h.login(c.clinic.email, c.clinic.password);
    const res = await c.h.request({ method, url, session });
    return { status: res.statusCode, body: res.body ? res.json() : null };
  };
  const conversationId = async () =>
    (await c.h.db.select({ id: s.conversations.id }).from(s.conversations).where(eq(s.conversations.professionalId, c.clinic.professionalId)))[0]!.id;
  const outbound = async () =>
    c.h.db
      .select()
      .from(s.messages)
      .where(and(eq(s.messages.professionalId, c.clinic.professionalId), eq(s.messages.direction, "outbound")));
  const sendJob = async (messageId: string) => (await c.h.db.select().from(s.jobs).where(eq(s.jobs.dedupeKey, `send:${messageId}`)))[0]!;
  return {
    toPatient,
    api,
    conversationId,
    outbound,
    sendJob,
    sentToPatient: () => c.h.twilio.sent.filter(toPatient),
    /** The patient writes and the assistant's answer is queued (and tried once). */
    async exchange(reply: string) {
      c.h.llm.script([{ text: reply }]);
      await c.clinic.patientWrites(PATIENT, "Oi, tudo bem?");
      await c.h.drain();
      const [message] = (await outbound()).filter((m) => m.content === reply);
      return message!;
    },
    async later(ms: number) {
      c.clock.set(new Date(c.clock.now().getTime() + ms));
      await c.h.drain();
    },
    async resend(messageId: string) {
      return api("POST", `/api/conversations/${await conversationId()}/messages/${messageId}/resend`);
    },
  };
}

suite("sending when Twilio is busy or failing", { TWILIO_RESEND_CONTENT_SID: RESEND_SID }, (c) => {
  it("waits as long as a 429's Retry-After says, then sends once", async () => {
    const t = helpers(c);
    c.h.twilio.failNextSends(1, 429, { retryAfter: "120" });
    const message = await t.exchange("Olá! Como posso ajudar?");

    expect(c.h.twilio.refusedSends).toBe(1);
    expect(t.sentToPatient()).toHaveLength(0);
    expect(message.status).toBe("queued");
    const job = await t.sendJob(message.id);
    expect(job).toMatchObject({ status: "pending", attempts: 1 });
    expect(job.runAt.getTime() - NOW.getTime()).toBe(120_000);

    await t.later(119_000);
    expect(t.sentToPatient()).toHaveLength(0);
    await t.later(1_000);
    expect(t.sentToPatient().map((m) => m.body)).toEqual(["Olá! Como posso ajudar?"]);
    const [after] = (await t.outbound()).filter((m) => m.id === message.id);
    expect(after!.externalId).toBe(t.sentToPatient()[0]!.sid);
    expect(["sent", "delivered", "read"]).toContain(after!.status);
  });

  it("retries a 500 and then a 429 (no Retry-After) with backoff, and sends once", async () => {
    const t = helpers(c);
    c.h.twilio.failNextSends(1, 500);
    const message = await t.exchange("Tudo bem, e com você?");
    expect(t.sentToPatient()).toHaveLength(0);
    const first = await t.sendJob(message.id);
    expect(first.runAt.getTime()).toBeGreaterThan(NOW.getTime());

    c.h.twilio.failNextSends(1, 429);
    await t.later(HOUR);
    expect(c.h.twilio.refusedSends).toBe(2);
    expect(t.sentToPatient()).toHaveLength(0);
    expect((await t.outbound()).find((m) => m.id === message.id)!.status).toBe("queued");
    await t.later(HOUR);
    expect(t.sentToPatient().map((m) => m.body)).toEqual(["Tudo bem, e com você?"]);
  });

  it("does not send twice when Twilio took the message but the answer was an error (the in-doubt check)", async () => {
    const t = helpers(c);
    c.h.twilio.failNextSends(1, 503, { afterRecording: true });
    const message = await t.exchange("Estou verificando para você.");
    expect(t.sentToPatient()).toHaveLength(1);
    await t.later(HOUR);
    expect(t.sentToPatient()).toHaveLength(1);
    const [after] = (await t.outbound()).filter((m) => m.id === message.id);
    expect(after!.externalId).toBe(t.sentToPatient()[0]!.sid);
  });

  it("sends a reply from the reply job itself; when that send fails in doubt, the send job tries once more and Twilio has one message", async () => {
    const t = helpers(c);
    c.h.llm.script([{ text: "Posso ajudar com a sua consulta." }]);
    await c.clinic.patientWrites(PATIENT, "Oi, quero marcar");
    // One run of the queue: the reply job, which sent its message without a second job run.
    expect(await c.h.drain()).toBe(1);
    const [sent] = (await t.outbound()).filter((m) => m.content === "Posso ajudar com a sua consulta.");
    expect(sent!.externalId).toBe(t.sentToPatient()[0]!.sid);
    expect(await t.sendJob(sent!.id)).toMatchObject({ status: "done", attempts: 1 });

    // Twilio takes the next one but the answer is lost: the reply job's own try fails, its send job is the retry.
    c.h.twilio.failNextSends(1, 503, { afterRecording: true });
    c.h.llm.script([{ text: "Qual dia prefere?" }]);
    await c.clinic.patientWrites(PATIENT, "Pode ser semana que vem");
    await c.h.drain();
    const [inDoubt] = (await t.outbound()).filter((m) => m.content === "Qual dia prefere?");
    expect(inDoubt!.status).toBe("queued");
    expect(await t.sendJob(inDoubt!.id)).toMatchObject({ status: "pending", attempts: 1 });

    await t.later(HOUR);
    expect(await t.sendJob(inDoubt!.id)).toMatchObject({ status: "done", attempts: 2 });
    const toPatient = t.sentToPatient().filter((m) => m.body === "Qual dia prefere?");
    expect(toPatient).toHaveLength(1);
    expect((await t.outbound()).find((m) => m.id === inDoubt!.id)!.externalId).toBe(toPatient[0]!.sid);
  });

  it("gives up after a bounded number of tries, with a Portuguese reason and a Reenviar that works later", async () => {
    const t = helpers(c);
    c.h.twilio.failNextSends(100, 503);
    const message = await t.exchange("Mensagem que não sai.");
    for (let i = 0; i < SEND_ATTEMPTS + 2; i++) await t.later(HOUR);
    expect(c.h.twilio.refusedSends).toBe(SEND_ATTEMPTS);
    expect(t.sentToPatient()).toHaveLength(0);
    const thread = await t.api("GET", `/api/conversations/${await t.conversationId()}`);
    const failed = thread.body.messages.find((m: { id: string }) => m.id === message.id);
    expect(failed).toMatchObject({ status: "failed", error_code: SEND_ERROR.gaveUp, error_message: explainTwilioError(SEND_ERROR.gaveUp) });

    c.h.twilio.reset();
    expect((await t.resend(message.id)).status).toBe(200);
    await c.h.drain();
    expect(t.sentToPatient().map((m) => m.body)).toEqual(["Mensagem que não sai."]);
  });

  it("fails a refusal (another 4xx) at once, explained in Portuguese, without retrying", async () => {
    const t = helpers(c);
    c.h.twilio.failRecipient(`whatsapp:${PATIENT}`, { httpStatus: 400, code: 21614, message: "'To' number is not a valid mobile number" });
    const message = await t.exchange("Olá!");
    await t.later(HOUR);
    expect(c.h.twilio.refusedSends).toBe(1);
    expect(await t.sendJob(message.id)).toMatchObject({ status: "failed", attempts: 1 });
    const thread = await t.api("GET", `/api/conversations/${await t.conversationId()}`);
    expect(thread.body.messages.find((m: { id: string }) => m.id === message.id)).toMatchObject({
      status: "failed",
      error_code: "21614",
      error_message: explainTwilioError("21614"),
    });
  });

  it("Reenviar inside the 24-hour window sends the free text once, however many times it is asked", async () => {
    const t = helpers(c);
    c.h.twilio.failRecipient(`whatsapp:${PATIENT}`, FIXABLE_REFUSAL);
    const message = await t.exchange("Pode me dizer seu nome completo?");
    expect((await t.outbound()).find((m) => m.id === message.id)!.status).toBe("failed");
    c.h.twilio.acceptRecipient(`whatsapp:${PATIENT}`);

    // A double click and a second tab: three requests at once, and one more after.
    const answers = await Promise.all([t.resend(message.id), t.resend(message.id), t.resend(message.id)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    await c.h.drain();
    expect((await t.resend(message.id)).status).toBe(200);
    await t.later(HOUR);

    const sent = t.sentToPatient();
    expect(sent.map((m) => m.body)).toEqual(["Pode me dizer seu nome completo?"]);
    expect(sent[0]!.contentSid).toBeNull();
    const [after] = (await t.outbound()).filter((m) => m.id === message.id);
    expect(after).toMatchObject({ externalId: sent[0]!.sid, errorCode: null });
    // Still one message in the thread: the resend is the same message, not a copy.
    expect((await t.outbound()).filter((m) => m.content === "Pode me dizer seu nome completo?")).toHaveLength(1);
  });

  it("Reenviar after a failed delivery sends a new message and keeps Twilio's new sid", async () => {
    const t = helpers(c);
    c.h.twilio.failDelivery(`whatsapp:${PATIENT}`, 30003);
    const message = await t.exchange("Lembre de trazer seus exames.");
    await c.h.twilio.waitForSent(1);
    await expect.poll(async () => (await t.outbound()).find((m) => m.id === message.id)!.status).toBe("failed");
    const oldSid = t.sentToPatient()[0]!.sid;

    c.h.twilio.reset();
    expect((await t.resend(message.id)).status).toBe(200);
    await c.h.drain();
    const sent = t.sentToPatient();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.sid).not.toBe(oldSid);
    expect((await t.outbound()).find((m) => m.id === message.id)!.externalId).toBe(sent[0]!.sid);
  });

  it("Reenviar outside the window sends the approved template: the resend one for free text, a reminder's own", async () => {
    const t = helpers(c);
    c.h.twilio.failRecipient(`whatsapp:${PATIENT}`, FIXABLE_REFUSAL);
    const message = await t.exchange("Podemos confirmar\nsua consulta?");
    const conversationId = await t.conversationId();
    // A reminder that failed too (its own template), in the same conversation.
    const [reminder] = await c.h.db
      .insert(s.messages)
      .values({
        professionalId: c.clinic.professionalId,
        conversationId,
        direction: "outbound",
        sender: "assistant",
        content: "Olá, Maria! Lembrete da sua consulta.",
        status: "failed",
        errorCode: "21408",
        contentSid: REMINDER_SID,
        contentVariables: { "1": "Maria" },
        sentAt: NOW,
      })
      .returning();
    c.h.twilio.acceptRecipient(`whatsapp:${PATIENT}`);
    c.clock.set(new Date(NOW.getTime() + 25 * HOUR));

    expect((await t.resend(message.id)).status).toBe(200);
    expect((await t.resend(reminder!.id)).status).toBe(200);
    await c.h.drain();
    const sent = t.sentToPatient();
    expect(sent).toHaveLength(2);
    const free = sent.find((m) => m.contentSid === RESEND_SID)!;
    expect(JSON.parse(free.contentVariables!)).toEqual({ "1": "Podemos confirmar · sua consulta?" });
    const own = sent.find((m) => m.contentSid === REMINDER_SID)!;
    expect(JSON.parse(own.contentVariables!)).toEqual({ "1": "Maria" });
  });

  it("answers 404 for a message of another conversation or professional", async () => {
    const t = helpers(c);
    c.h.twilio.failRecipient(`whatsapp:${PATIENT}`);
    const message = await t.exchange("Olá!");
    const other = await c.h.clinic();
    const session = await c.h.login(other.email, other.password);
    const res = await c.h.request({ method: "POST", url: `/api/conversations/${await t.conversationId()}/messages/${message.id}/resend`, session });
    expect(res.statusCode).toBe(404);
    const bad = await t.api("POST", `/api/conversations/${await t.conversationId()}/messages/nao-e-um-id/resend`);
    expect(bad.status).toBe(422);
  });
});

suite("Reenviar without a resend template", {}, (c) => {
  it("refuses a free text outside the 24-hour window with a clear reason, and sends nothing", async () => {
    const t = helpers(c);
    c.h.twilio.failRecipient(`whatsapp:${PATIENT}`, FIXABLE_REFUSAL);
    const message = await t.exchange("Olá!");
    c.h.twilio.acceptRecipient(`whatsapp:${PATIENT}`);
    c.clock.set(new Date(NOW.getTime() + 25 * HOUR));
    const res = await t.resend(message.id);
    expect(res).toMatchObject({ status: 409, body: { detail: MSG.resendNoTemplate } });
    await c.h.drain();
    expect(t.sentToPatient()).toHaveLength(0);
    expect((await t.outbound()).find((m) => m.id === message.id)!.status).toBe("failed");
  });
});
