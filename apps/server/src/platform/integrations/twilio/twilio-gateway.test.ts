import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeTwilio, type FakeTwilio } from "@clinora/stand-ins";
import { MessagingRejectedError, MessagingUnavailableError } from "./messaging-gateway";
import { createTwilioGateway, retryAfterMs } from "./twilio-gateway";

const ACCOUNT_SID = "AC0123456789abcdef0123456789abcdef";
const AUTH_TOKEN = "test-auth-token";
const OURS = "whatsapp:+5511999990000";
const PATIENT = "whatsapp:+5511988887777";

/** A stand-in for our webhook: records what Twilio posts (form fields and signature). */
interface Received {
  path: string;
  signature: string | undefined;
  params: Record<string, string>;
}

async function startReceiver(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      const signature = req.headers["x-twilio-signature"];
      received.push({ path: req.url ?? "", signature: typeof signature === "string" ? signature : undefined, params: Object.fromEntries(new URLSearchParams(body)) });
      res.writeHead(200, { "content-type": "text/xml" }).end("<Response/>");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function until<T>(read: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("createTwilioGateway against the fake Twilio (the SDK over real HTTP)", () => {
  let fake: FakeTwilio;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let gateway: ReturnType<typeof createTwilioGateway>;

  beforeAll(async () => {
    fake = await startFakeTwilio({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, statusIntervalMs: 5 });
    receiver = await startReceiver();
    gateway = createTwilioGateway({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, baseUrl: fake.url });
  });
  afterAll(async () => {
    await fake.close();
    await receiver.close();
  });
  beforeEach(() => {
    fake.reset();
    receiver.received.length = 0;
  });

  it("sends free text through the base URL, with the status callback", async () => {
    const statusCallback = `${receiver.url}/api/whatsapp/webhook/twilio/status`;
    const sent = await gateway.send({ from: OURS, to: PATIENT, body: "Olá, Maria!", statusCallback });

    expect(gateway.configured).toBe(true);
    expect(sent.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(sent).toMatchObject({ status: "queued", errorCode: null });
    expect(fake.sent).toHaveLength(1);
    expect(fake.sent[0]).toMatchObject({ sid: sent.sid, from: OURS, to: PATIENT, body: "Olá, Maria!", statusCallback, contentSid: null });
  });

  it("sends a content template with its variables as JSON, and through the messaging service when configured", async () => {
    const withService = createTwilioGateway({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, baseUrl: fake.url, messagingServiceSid: "MG0123" });
    await withService.send({ from: OURS, to: PATIENT, contentSid: "HX0123", contentVariables: { "1": "Maria", "2": "14/03 às 10:00" } });

    expect(fake.sent[0]).toMatchObject({ contentSid: "HX0123", messagingServiceSid: "MG0123", body: "" });
    expect(JSON.parse(fake.sent[0]!.contentVariables ?? "null")).toEqual({ "1": "Maria", "2": "14/03 às 10:00" });
  });

  it("refuses ContentVariables that are not a JSON object of strings, as Twilio does (21656)", async () => {
    const auth = `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString("base64")}`;
    const post = (variables: string) =>
      fetch(`${fake.url}/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`, {
        method: "POST",
        headers: { authorization: auth, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ From: OURS, To: PATIENT, ContentSid: "HX0123", ContentVariables: variables }).toString(),
      });
    for (const bad of ["not json", "[1,2]", '{"1": 5}']) {
      const res = await post(bad);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: number }).code).toBe(21656);
    }
    expect(fake.sent).toHaveLength(0);
    expect((await post('{"1":"Maria"}')).status).toBe(201);
  });

  it("with a send delay, has the message before the client hears back (the in-doubt window)", async () => {
    fake.setSendDelay(200);
    const sending = gateway.send({ from: OURS, to: PATIENT, body: "devagar" });
    await new Promise((r) => setTimeout(r, 100));
    expect(fake.sent.map((m) => m.body)).toEqual(["devagar"]);
    const sent = await sending;
    expect(sent.sid).toBe(fake.sent[0]!.sid);
  });

  it("finds sent messages newest first, filtered by sender, recipient and time", async () => {
    const since = new Date(Date.now() - 1000);
    const first = await gateway.send({ from: OURS, to: PATIENT, body: "primeira" });
    const second = await gateway.send({ from: OURS, to: PATIENT, body: "segunda" });
    await gateway.send({ from: OURS, to: "whatsapp:+5521977776666", body: "outro paciente" });

    const found = await gateway.findSent({ from: OURS, to: PATIENT, since });
    expect(found.map((record) => record.sid)).toEqual([second.sid, first.sid]);
    expect(found[0]).toMatchObject({ from: OURS, to: PATIENT, body: "segunda", status: "queued", errorCode: null });
    expect(found[0]!.dateCreated).toBeInstanceOf(Date);
    // Twilio filters DateSent by day only: a later `since` on the same day must still exclude these.
    expect(await gateway.findSent({ from: OURS, to: PATIENT, since: new Date(Date.now() + 5000) })).toEqual([]);
  });

  it("accepts Twilio's signature on status callbacks, and refuses a wrong one or tampered parameters", async () => {
    const statusCallback = `${receiver.url}/status`;
    const { sid } = await gateway.send({ from: OURS, to: PATIENT, body: "oi", statusCallback });
    const callbacks = await until(() => (receiver.received.length >= 2 ? receiver.received : undefined));

    expect(callbacks.map((callback) => callback.params.MessageStatus)).toEqual(["sent", "delivered"]);
    const [sentCallback] = callbacks;
    expect(sentCallback!.params).toMatchObject({ MessageSid: sid, To: PATIENT, From: OURS, AccountSid: ACCOUNT_SID });
    expect(gateway.validateSignature(sentCallback!.signature, statusCallback, sentCallback!.params)).toBe(true);
    expect(gateway.validateSignature("bad", statusCallback, sentCallback!.params)).toBe(false);
    expect(gateway.validateSignature(undefined, statusCallback, sentCallback!.params)).toBe(false);
    expect(gateway.validateSignature(sentCallback!.signature, statusCallback, { ...sentCallback!.params, MessageStatus: "read" })).toBe(false);
    expect(gateway.validateSignature(sentCallback!.signature, `${receiver.url}/other`, sentCallback!.params)).toBe(false);
  });

  it("reports a failed delivery with its error code, and posts a status by hand", async () => {
    fake.failDelivery(PATIENT, 63016);
    const statusCallback = `${receiver.url}/status`;
    const { sid } = await gateway.send({ from: OURS, to: PATIENT, body: "oi", statusCallback });
    const failed = await until(() => receiver.received.find((callback) => callback.params.MessageStatus === "failed"));
    expect(failed.params.ErrorCode).toBe("63016");

    await fake.postStatus(sid, "read");
    const read = receiver.received.at(-1)!;
    expect(read.params.MessageStatus).toBe("read");
    expect(gateway.validateSignature(read.signature, statusCallback, read.params)).toBe(true);
  });

  it("signs inbound messages as Twilio does (and the override makes a bad one)", async () => {
    const webhookUrl = `${receiver.url}/api/whatsapp/webhook/twilio`;
    const good = await fake.sendInbound({ webhookUrl, from: "+5511988887777", to: OURS, body: "Quero marcar", profileName: "Maria" });
    await fake.sendInbound({ webhookUrl, from: PATIENT, to: OURS, body: "x", signature: "bad" });

    expect(good.status).toBe(200);
    const [inbound, forged] = receiver.received;
    expect(inbound!.params).toMatchObject({ MessageSid: good.messageSid, From: PATIENT, To: OURS, Body: "Quero marcar", ProfileName: "Maria", WaId: "5511988887777", NumMedia: "0" });
    expect(gateway.validateSignature(inbound!.signature, webhookUrl, inbound!.params)).toBe(true);
    expect(gateway.validateSignature(forged!.signature, webhookUrl, forged!.params)).toBe(false);
  });

  it("turns a 4xx into MessagingRejectedError with Twilio's code", async () => {
    fake.failRecipient(PATIENT);
    const error = await gateway.send({ from: OURS, to: PATIENT, body: "oi" }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(MessagingRejectedError);
    expect(error).toMatchObject({ code: "21211", httpStatus: 400 });
    expect(fake.sent).toHaveLength(0);
  });

  it("turns wrong credentials into MessagingRejectedError 20003", async () => {
    const wrong = createTwilioGateway({ accountSid: ACCOUNT_SID, authToken: "wrong", baseUrl: fake.url });
    await expect(wrong.send({ from: OURS, to: PATIENT, body: "oi" })).rejects.toMatchObject({ name: "MessagingRejectedError", code: "20003", httpStatus: 401 });
  });

  it("turns a 5xx or an unreachable Twilio into a plain error (worth retrying), in one attempt", async () => {
    fake.failNextSends(1, 503);
    const error = await gateway.send({ from: OURS, to: PATIENT, body: "oi" }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(MessagingRejectedError);
    expect((error as Error).message).toContain("503");
    await expect(gateway.send({ from: OURS, to: PATIENT, body: "de novo" })).resolves.toMatchObject({ status: "queued" });
    expect(fake.sent.map((message) => message.body)).toEqual(["de novo"]);

    const unreachable = createTwilioGateway({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, baseUrl: "http://127.0.0.1:1" });
    const network = await unreachable.send({ from: OURS, to: PATIENT, body: "oi" }).catch((caught: unknown) => caught);
    expect(network).toBeInstanceOf(Error);
    expect(network).not.toBeInstanceOf(MessagingRejectedError);
    expect(network).toBeInstanceOf(MessagingUnavailableError);
  });

  it("turns 429 into MessagingUnavailableError with Twilio's Retry-After (seconds or an HTTP date), never a refusal", async () => {
    fake.failNextSends(1, 429, { retryAfter: "7" });
    const busy = await gateway.send({ from: OURS, to: PATIENT, body: "oi" }).catch((caught: unknown) => caught);
    expect(busy).toBeInstanceOf(MessagingUnavailableError);
    expect(busy).not.toBeInstanceOf(MessagingRejectedError);
    expect(busy).toMatchObject({ httpStatus: 429, retryAfterMs: 7000 });

    fake.failNextSends(1, 429);
    await expect(gateway.send({ from: OURS, to: PATIENT, body: "oi" })).rejects.toMatchObject({ name: "MessagingUnavailableError", httpStatus: 429, retryAfterMs: null });
    fake.failNextSends(1, 503);
    await expect(gateway.send({ from: OURS, to: PATIENT, body: "oi" })).rejects.toMatchObject({ name: "MessagingUnavailableError", httpStatus: 503 });
    expect(fake.sent).toHaveLength(0);

    const now = Date.parse("2026-11-25T12:00:00Z");
    expect(retryAfterMs("Wed, 25 Nov 2026 12:00:30 GMT", now)).toBe(30_000);
    expect(retryAfterMs("Wed, 25 Nov 2026 11:59:00 GMT", now)).toBe(0);
    expect(retryAfterMs("amanhã", now)).toBeNull();
    expect(retryAfterMs(undefined, now)).toBeNull();
  });

  it("without credentials is not configured: nothing is sent and no signature is valid", async () => {
    const unconfigured = createTwilioGateway({ baseUrl: fake.url });
    expect(unconfigured.configured).toBe(false);
    await expect(unconfigured.send({ from: OURS, to: PATIENT, body: "oi" })).rejects.toThrow(/not configured/);
    await expect(unconfigured.findSent({ from: OURS, to: PATIENT, since: new Date() })).rejects.toThrow(/not configured/);
    expect(unconfigured.validateSignature("anything", "http://x/y", {})).toBe(false);
    expect(fake.sent).toHaveLength(0);
  });
});
