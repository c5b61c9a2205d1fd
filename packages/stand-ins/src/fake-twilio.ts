import type { IncomingMessage, ServerResponse } from "node:http";
import twilio from "twilio";
import { closeServer, listen, parseForm, postForm, randomHex, readBody, sendJson, type RunningStandIn } from "./http-server";
import { fakeVoiceNote } from "./fake-llm";

/**
 * A local stand-in for the part of Twilio's REST API and webhooks that Clinora uses (WhatsApp messages).
 * Shapes follow https://www.twilio.com/docs/messaging/api/message-resource and
 * https://www.twilio.com/docs/usage/webhooks/messaging-webhooks, so the real `twilio` SDK can talk to it.
 */

const API_VERSION = "2010-04-01";
const MESSAGES_PATH = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/;
/** Where Twilio keeps a received message's media (https://www.twilio.com/docs/messaging/api/media-resource). */
const MEDIA_PATH = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\/(MM[0-9a-f]+)\/Media\/(ME[0-9a-f]+)$/;
/** WhatsApp's error when it could not download a message's media (https://www.twilio.com/docs/api/errors/63019). */
const MEDIA_DOWNLOAD_FAILED = 63019;

export interface FakeTwilioOptions {
  accountSid: string;
  authToken: string;
  /** Fixed port; 0 (default) picks a free one. */
  port?: number;
  /** Post `sent` then `delivered` to each message's StatusCallback (default true). */
  autoStatuses?: boolean;
  /** Also post `read` after `delivered` (default false). */
  autoRead?: boolean;
  /** Pause between two automatic status callbacks of one message (default 15 ms). */
  statusIntervalMs?: number;
  /**
   * Where a patient's messages go when the control route (below) names no webhook: the product's public webhook URL.
   * The control routes let another process (a browser test, the demo) play the patient's phone over HTTP:
   * `POST /_stand-in/inbound` {from, to, body, profileName?, webhookUrl?} and `GET /_stand-in/sent?to=`; and make
   * Twilio refuse or be busy on demand: `POST /_stand-in/fail-recipient` {to, httpStatus?, code?, message?},
   * `POST /_stand-in/accept-recipient` {to} (undoes it) and `POST /_stand-in/fail-next` {count, httpStatus?, retryAfter?}.
   */
  webhookUrl?: string;
}

export interface FakeTwilioMessage {
  sid: string;
  accountSid: string;
  from: string | null;
  to: string;
  body: string;
  contentSid: string | null;
  /** The raw ContentVariables JSON string, as sent. */
  contentVariables: string | null;
  /** The MediaUrl parameters, in order. */
  mediaUrls: string[];
  messagingServiceSid: string | null;
  statusCallback: string | null;
  /** The latest status Twilio would report (moves with the callbacks). */
  status: string;
  errorCode: number | null;
  dateCreated: Date;
}

export interface FakeTwilioFailure {
  httpStatus?: number;
  code?: number;
  message?: string;
}

export interface FakeTwilioCallback {
  url: string;
  params: Record<string, string>;
  /** The receiver's HTTP status, or null when it could not be reached. */
  responseStatus: number | null;
}

/** The fake's download of an outbound message's MediaUrl, as Twilio makes before delivering it. */
export interface FakeTwilioMediaFetch {
  url: string;
  /** The HTTP status, or null when the address could not be reached. */
  status: number | null;
  contentType: string | null;
  bytes: number;
}

/** A file a patient "sends": one the fake stores and serves at a Twilio media URL, or any URL given as is. */
export type InboundMedia =
  | { url: string; contentType: string }
  | { data: Buffer; contentType: string; servedAs?: string };

export interface InboundWhatsapp {
  /** Our webhook, the exact public URL the signature is computed over. */
  webhookUrl: string;
  /** The patient (`whatsapp:+55…`; the prefix is added when missing). */
  from: string;
  /** Our number (`whatsapp:+55…`; the prefix is added when missing). */
  to: string;
  body: string;
  profileName?: string;
  messageSid?: string;
  /** Files sent with the message (NumMedia, MediaUrl{i}, MediaContentType{i}). */
  media?: InboundMedia[];
  /** Overrides the computed X-Twilio-Signature (e.g. "bad"); null sends no signature header. */
  signature?: string | null;
}

export interface FakeTwilio extends RunningStandIn {
  readonly accountSid: string;
  readonly authToken: string;
  /**
   * Stores a file the fake serves, with Basic auth like Twilio's media, at a media URL of message `messageSid`
   * (a new one when omitted); `servedAs` is the Content-Type it answers (default `contentType`).
   */
  addMedia(data: Buffer, contentType: string, messageSid?: string): string;
  /**
   * A media URL of message `messageSid` that answers, with Basic auth like the others, a redirect (`status`, default
   * 307, as Twilio sends a media file from its CDN) to `location`.
   */
  addMediaRedirect(location: string, status?: number, messageSid?: string): string;
  /** The next `count` media downloads answer `httpStatus` (default 500). */
  failNextMediaFetches(count: number, httpStatus?: number): void;
  /** Media downloads served so far (successful or not). */
  readonly mediaRequests: number;
  /** Downloads of outbound messages' MediaUrl, in order. */
  readonly mediaFetches: readonly FakeTwilioMediaFetch[];
  /** Messages created through the API, oldest first. */
  readonly sent: readonly FakeTwilioMessage[];
  /** Status callbacks posted so far, in order. */
  readonly callbacks: readonly FakeTwilioCallback[];
  /** Creating a message to `to` answers this error (default: HTTP 400, code 21211, as for an invalid number). */
  failRecipient(to: string, failure?: FakeTwilioFailure): void;
  /**
   * The next `count` message creations answer `httpStatus` (default 500), as a transient outage would; with
   * `retryAfter` the answers carry that Retry-After header (seconds, or an HTTP date), as Twilio's 429 does. With
   * `afterRecording` the message is created first and only the answer is the error: Twilio has the message but the
   * sender never learns its sid (the in-doubt case).
   */
  failNextSends(count: number, httpStatus?: number, options?: { retryAfter?: string; afterRecording?: boolean }): void;
  /** Undoes failRecipient: messages to `to` are accepted again. */
  acceptRecipient(to: string): void;
  /** How many message creations were answered with an error (refusals and transient failures). */
  readonly refusedSends: number;
  /** Messages to `to` are accepted, then their callbacks report `failed` with this ErrorCode (e.g. 63016). */
  failDelivery(to: string, errorCode: number): void;
  /** Posts one signed status callback for a recorded message now (for out-of-order or repeated statuses). */
  postStatus(messageSid: string, status: string, extra?: Record<string, string>): Promise<{ status: number; body: string }>;
  /** Posts an inbound WhatsApp message to a webhook the way Twilio does. */
  sendInbound(message: InboundWhatsapp): Promise<{ status: number; body: string; messageSid: string }>;
  /** Resolves with the first message matching `predicate`, once there is one (default wait 10 s). */
  waitForSent(predicate: (message: FakeTwilioMessage) => boolean, timeoutMs?: number): Promise<FakeTwilioMessage>;
  /** Resolves with all messages, oldest first, once at least `count` were created (default wait 10 s). */
  waitForSent(count: number, timeoutMs?: number): Promise<FakeTwilioMessage[]>;
  /**
   * Holds every answer to a message creation for `ms` AFTER the message is recorded, as a slow network would: a
   * client killed meanwhile never learns the sid of a message Twilio has (the in-doubt case). 0 turns it off.
   */
  setSendDelay(ms: number): void;
  /** Forgets messages, callbacks and failure settings, and cancels pending callbacks. */
  reset(): void;
}

/** `whatsapp:+5511…` and `+5511…` name the same recipient for failure rules. */
function sameAddress(a: string, b: string): boolean {
  const bare = (value: string) => value.replace(/^whatsapp:/, "").trim();
  return bare(a) === bare(b);
}

/** Whether a ContentVariables value is a JSON object whose values are all strings. */
function isStringMap(raw: string): boolean {
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === "object" && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === "string");
  } catch {
    return false;
  }
}

function withWhatsappPrefix(address: string): string {
  return address.startsWith("whatsapp:") ? address : `whatsapp:${address}`;
}

/** Twilio's REST dates are RFC 2822 with "+0000" (the SDK parses exactly that format). */
function rfc2822(date: Date): string {
  return date.toUTCString().replace("GMT", "+0000");
}

function twilioError(res: ServerResponse, httpStatus: number, code: number, message: string, headers: Record<string, string> = {}): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  sendJson(res, httpStatus, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status: httpStatus });
}

/**
 * Starts the fake Twilio API on 127.0.0.1.
 * @example const fake = await startFakeTwilio({ accountSid, authToken }); createTwilioGateway({ ..., baseUrl: fake.url })
 */
export async function startFakeTwilio(options: FakeTwilioOptions): Promise<FakeTwilio> {
  const { accountSid, authToken } = options;
  const autoStatuses = options.autoStatuses ?? true;
  const autoRead = options.autoRead ?? false;
  const statusIntervalMs = options.statusIntervalMs ?? 15;

  let sent: FakeTwilioMessage[] = [];
  let callbacks: FakeTwilioCallback[] = [];
  let recipientFailures = new Map<string, Required<FakeTwilioFailure>>();
  let deliveryFailures = new Map<string, number>();
  let transientFailures: { remaining: number; httpStatus: number; retryAfter?: string; afterRecording?: boolean } = { remaining: 0, httpStatus: 500 };
  let refusedSends = 0;
  let sendDelayMs = 0;
  const media = new Map<string, { data: Buffer; contentType: string } | { location: string; status: number }>();
  let mediaFailures = { remaining: 0, httpStatus: 500 };
  let mediaRequests = 0;
  let mediaFetches: FakeTwilioMediaFetch[] = [];

  function addMedia(data: Buffer, contentType: string, messageSid = `MM${randomHex(16)}`): string {
    const path = `/${API_VERSION}/Accounts/${accountSid}/Messages/${messageSid}/Media/ME${randomHex(16)}`;
    media.set(path, { data, contentType });
    return `${url}${path}`;
  }

  function addMediaRedirect(location: string, status = 307, messageSid = `MM${randomHex(16)}`): string {
    const path = `/${API_VERSION}/Accounts/${accountSid}/Messages/${messageSid}/Media/ME${randomHex(16)}`;
    media.set(path, { location, status });
    return `${url}${path}`;
  }

  function serveMedia(req: IncomingMessage, res: ServerResponse, path: string) {
    mediaRequests += 1;
    if (!authorized(req)) return twilioError(res, 401, 20003, "Authenticate");
    if (mediaFailures.remaining > 0) {
      mediaFailures.remaining -= 1;
      return twilioError(res, mediaFailures.httpStatus, 20500, "Internal Server Error");
    }
    const file = media.get(path);
    if (!file) return twilioError(res, 404, 20404, `The requested resource ${path} was not found`);
    if ("location" in file) {
      res.writeHead(file.status, { location: file.location, "content-length": 0 });
      res.end();
      return;
    }
    res.writeHead(200, { "content-type": file.contentType, "content-length": file.data.length });
    res.end(file.data);
  }
  // Each reset starts a new generation so callbacks scheduled before it stop quietly.
  let generation = 0;
  // Pending pauses between callbacks, so reset() and close() can end them at once.
  const pauses = new Map<NodeJS.Timeout, () => void>();

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        pauses.delete(timer);
        resolve();
      }, ms);
      pauses.set(timer, resolve);
    });

  function cancelPendingCallbacks() {
    generation += 1;
    for (const [timer, resolve] of pauses) {
      clearTimeout(timer);
      resolve();
    }
    pauses.clear();
  }

  function authorized(req: IncomingMessage): boolean {
    const header = req.headers.authorization ?? "";
    if (!header.startsWith("Basic ")) return false;
    return Buffer.from(header.slice(6), "base64").toString("utf8") === `${accountSid}:${authToken}`;
  }

  function resource(message: FakeTwilioMessage) {
    const uri = `/${API_VERSION}/Accounts/${message.accountSid}/Messages/${message.sid}.json`;
    return {
      account_sid: message.accountSid,
      api_version: API_VERSION,
      body: message.body,
      date_created: rfc2822(message.dateCreated),
      // Simplification: the fake "sends" at once, so the sent date is the creation date (DateSent filters use it).
      date_sent: rfc2822(message.dateCreated),
      date_updated: rfc2822(message.dateCreated),
      direction: "outbound-api",
      error_code: message.errorCode,
      error_message: null,
      from: message.from,
      messaging_service_sid: message.messagingServiceSid,
      num_media: String(message.mediaUrls.length),
      num_segments: "1",
      price: null,
      price_unit: "USD",
      sid: message.sid,
      status: message.status,
      subresource_uris: { media: uri.replace(/\.json$/, "/Media.json") },
      to: message.to,
      uri,
    };
  }

  function callbackParams(message: FakeTwilioMessage, status: string, extra: Record<string, string>): Record<string, string> {
    const params: Record<string, string> = {
      MessageSid: message.sid,
      SmsSid: message.sid,
      MessageStatus: status,
      SmsStatus: status,
      To: message.to,
      From: message.from ?? "",
      AccountSid: message.accountSid,
      ApiVersion: API_VERSION,
    };
    if (status === "failed" || status === "undelivered") {
      params.ErrorCode = String(message.errorCode ?? deliveryFailures.get(message.to) ?? 30008);
    }
    return { ...params, ...extra };
  }

  async function deliverCallback(message: FakeTwilioMessage, status: string, extra: Record<string, string> = {}) {
    if (!message.statusCallback) throw new Error(`message ${message.sid} has no StatusCallback`);
    const params = callbackParams(message, status, extra);
    message.status = status;
    if (params.ErrorCode) message.errorCode = Number(params.ErrorCode);
    const signature = twilio.getExpectedTwilioSignature(authToken, message.statusCallback, params);
    const record: FakeTwilioCallback = { url: message.statusCallback, params, responseStatus: null };
    callbacks.push(record);
    const response = await postForm(message.statusCallback, params, signature);
    record.responseStatus = response.status;
    return response;
  }

  async function runAutomaticStatuses(message: FakeTwilioMessage, startedIn: number) {
    const failure: [string, number] | undefined =
      message.errorCode === MEDIA_DOWNLOAD_FAILED ? [message.to, MEDIA_DOWNLOAD_FAILED] : [...deliveryFailures.entries()].find(([to]) => sameAddress(to, message.to));
    const statuses = failure ? ["failed"] : autoRead ? ["sent", "delivered", "read"] : ["sent", "delivered"];
    if (failure) message.errorCode = failure[1];
    for (const status of statuses) {
      await pause(statusIntervalMs);
      if (generation !== startedIn) return;
      // A receiver that is down must not break the fake: Twilio also just gives up after its retries.
      await deliverCallback(message, status).catch(() => undefined);
    }
  }

  /** Twilio downloads an outbound message's media before delivering it; a failed download fails the message. */
  async function fetchOutboundMedia(message: FakeTwilioMessage): Promise<boolean> {
    let ok = true;
    for (const mediaUrl of message.mediaUrls) {
      const record: FakeTwilioMediaFetch = { url: mediaUrl, status: null, contentType: null, bytes: 0 };
      try {
        const response = await fetch(mediaUrl, { headers: { "user-agent": "TwilioProxy/1.1" } });
        record.status = response.status;
        record.contentType = response.headers.get("content-type");
        record.bytes = (await response.arrayBuffer()).byteLength;
        if (!response.ok || record.bytes === 0) ok = false;
      } catch {
        ok = false;
      }
      mediaFetches.push(record);
    }
    return ok;
  }

  async function createMessage(req: IncomingMessage, res: ServerResponse, pathAccountSid: string) {
    const raw = await readBody(req);
    const form = parseForm(raw);
    const mediaUrls = new URLSearchParams(raw).getAll("MediaUrl");
    const transient = () => {
      transientFailures.remaining -= 1;
      refusedSends += 1;
      const status = transientFailures.httpStatus;
      const headers = transientFailures.retryAfter ? { "Retry-After": transientFailures.retryAfter } : undefined;
      return twilioError(res, status, status === 429 ? 20429 : 20500, status === 429 ? "Too Many Requests" : "Internal Server Error", headers);
    };
    if (transientFailures.remaining > 0 && !transientFailures.afterRecording) return transient();
    const to = form.To;
    if (!to) return twilioError(res, 400, 21604, "A 'To' phone number is required.");
    if (!form.From && !form.MessagingServiceSid) return twilioError(res, 400, 21603, "A 'From' phone number is required.");
    if (!form.Body && !form.ContentSid && !form.MediaUrl) return twilioError(res, 400, 21602, "Message body is required.");
    // ContentVariables must be a JSON object of strings (https://www.twilio.com/docs/content/send-templates-created-with-the-content-template-builder).
    if (form.ContentVariables !== undefined && !isStringMap(form.ContentVariables)) {
      return twilioError(res, 400, 21656, "The ContentVariables Parameter is invalid.");
    }
    const rejected = [...recipientFailures.entries()].find(([address]) => sameAddress(address, to));
    if (rejected) {
      refusedSends += 1;
      return twilioError(res, rejected[1].httpStatus, rejected[1].code, rejected[1].message);
    }

    const message: FakeTwilioMessage = {
      sid: `SM${randomHex(16)}`,
      accountSid: pathAccountSid,
      from: form.From ?? null,
      to,
      body: form.Body ?? "",
      contentSid: form.ContentSid ?? null,
      contentVariables: form.ContentVariables ?? null,
      mediaUrls,
      messagingServiceSid: form.MessagingServiceSid ?? null,
      statusCallback: form.StatusCallback ?? null,
      status: "queued",
      errorCode: null,
      dateCreated: new Date(),
    };
    sent.push(message);
    if (transientFailures.remaining > 0 && transientFailures.afterRecording) return transient();
    if (sendDelayMs > 0) await pause(sendDelayMs);
    sendJson(res, 201, resource(message));
    const startedIn = generation;
    void (async () => {
      if (mediaUrls.length > 0 && !(await fetchOutboundMedia(message))) message.errorCode = MEDIA_DOWNLOAD_FAILED;
      if (autoStatuses && message.statusCallback) await runAutomaticStatuses(message, startedIn);
    })();
  }

  function listMessages(res: ServerResponse, pathAccountSid: string, query: URLSearchParams) {
    const to = query.get("To");
    const from = query.get("From");
    // The SDK sends `DateSent>=…` as the parameter "DateSent>" (dateSentAfter), likewise "<". Like Twilio, the
    // filter works by GMT day ("sent on or after midnight on a date"), whatever time of day it is given.
    const day = (value: string | null) => (value ? value.slice(0, 10) : null);
    const afterDay = day(query.get("DateSent>"));
    const beforeDay = day(query.get("DateSent<"));
    const pageSize = Number(query.get("PageSize") ?? 50);
    const matches = sent
      .filter((message) => (!to || message.to === to) && (!from || message.from === from))
      .filter((message) => !afterDay || message.dateCreated.toISOString().slice(0, 10) >= afterDay)
      .filter((message) => !beforeDay || message.dateCreated.toISOString().slice(0, 10) <= beforeDay)
      .reverse();
    const page = matches.slice(0, pageSize);
    const uri = `/${API_VERSION}/Accounts/${pathAccountSid}/Messages.json`;
    sendJson(res, 200, {
      messages: page.map(resource),
      end: Math.max(page.length - 1, 0),
      first_page_uri: `${uri}?PageSize=${pageSize}&Page=0`,
      next_page_uri: null,
      page: 0,
      page_size: pageSize,
      previous_page_uri: null,
      start: 0,
      uri: `${uri}?PageSize=${pageSize}&Page=0`,
    });
  }

  /** The patient's phone, over HTTP, for callers in another process. */
  async function control(req: IncomingMessage, res: ServerResponse, requestUrl: URL) {
    if (req.method === "POST" && requestUrl.pathname === "/_stand-in/inbound") {
      // media: [{contentType, url}] as is, [{contentType, base64}] stored and served, or [{voiceNote: "text"}], a voice
      // note the fake LLM transcribes as that text (audio/ogg).
      const input = JSON.parse((await readBody(req)) || "{}") as Partial<Omit<InboundWhatsapp, "media">> & {
        media?: { contentType?: string; url?: string; base64?: string; voiceNote?: string }[];
      };
      const webhookUrl = input.webhookUrl ?? options.webhookUrl;
      if (!webhookUrl || !input.from || !input.to || typeof input.body !== "string") {
        return sendJson(res, 400, { error: "from, to, body (and a webhookUrl) are required" });
      }
      const files: InboundMedia[] = (input.media ?? []).map((m) =>
        typeof m.voiceNote === "string"
          ? { data: fakeVoiceNote(m.voiceNote), contentType: m.contentType ?? "audio/ogg" }
          : m.url
            ? { url: m.url, contentType: m.contentType ?? "application/octet-stream" }
            : { data: Buffer.from(m.base64 ?? "", "base64"), contentType: m.contentType ?? "application/octet-stream" },
      );
      const result = await fake.sendInbound({ webhookUrl, from: input.from, to: input.to, body: input.body, profileName: input.profileName, media: files });
      return sendJson(res, 200, result);
    }
    if (req.method === "POST" && requestUrl.pathname === "/_stand-in/fail-recipient") {
      const input = JSON.parse((await readBody(req)) || "{}") as { to?: string } & FakeTwilioFailure;
      if (!input.to) return sendJson(res, 400, { error: "to is required" });
      fake.failRecipient(input.to, { httpStatus: input.httpStatus, code: input.code, message: input.message });
      return sendJson(res, 200, { ok: true });
    }
    if (req.method === "POST" && requestUrl.pathname === "/_stand-in/accept-recipient") {
      const input = JSON.parse((await readBody(req)) || "{}") as { to?: string };
      if (!input.to) return sendJson(res, 400, { error: "to is required" });
      fake.acceptRecipient(input.to);
      return sendJson(res, 200, { ok: true });
    }
    if (req.method === "POST" && requestUrl.pathname === "/_stand-in/fail-next") {
      const input = JSON.parse((await readBody(req)) || "{}") as { count?: number; httpStatus?: number; retryAfter?: string };
      fake.failNextSends(Number(input.count ?? 1), input.httpStatus, { retryAfter: input.retryAfter });
      return sendJson(res, 200, { ok: true });
    }
    if (req.method === "GET" && requestUrl.pathname === "/_stand-in/sent") {
      const to = requestUrl.searchParams.get("to");
      return sendJson(res, 200, { messages: sent.filter((m) => !to || sameAddress(m.to, to)) });
    }
    return twilioError(res, 404, 20404, `The requested resource ${requestUrl.pathname} was not found`);
  }

  const { server, url } = await listen(async (req, res) => {
    const requestUrl = new URL(req.url ?? "/", "http://127.0.0.1");
    if (requestUrl.pathname.startsWith("/_stand-in/")) return control(req, res, requestUrl);
    if (req.method === "GET" && MEDIA_PATH.test(requestUrl.pathname)) return serveMedia(req, res, requestUrl.pathname);
    const match = MESSAGES_PATH.exec(requestUrl.pathname);
    if (!match) return twilioError(res, 404, 20404, `The requested resource ${requestUrl.pathname} was not found`);
    if (!authorized(req)) {
      return sendJson(res, 401, {
        code: 20003,
        detail: "Your AccountSid or AuthToken was incorrect.",
        message: "Authenticate",
        more_info: "https://www.twilio.com/docs/errors/20003",
        status: 401,
      });
    }
    const pathAccountSid = match[1] ?? "";
    if (pathAccountSid !== accountSid) return twilioError(res, 404, 20404, `The requested resource ${requestUrl.pathname} was not found`);
    if (req.method === "POST") return createMessage(req, res, pathAccountSid);
    if (req.method === "GET") return listMessages(res, pathAccountSid, requestUrl.searchParams);
    return twilioError(res, 405, 20004, "Method not allowed");
  }, options.port);

  async function waitForSent(condition: number | ((message: FakeTwilioMessage) => boolean), timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (typeof condition === "number") {
        if (sent.length >= condition) return [...sent];
      } else {
        const found = sent.find(condition);
        if (found) return found;
      }
      if (Date.now() > deadline) {
        const wanted = typeof condition === "number" ? `${condition} message(s)` : "a matching message";
        throw new Error(`fake Twilio: waited ${timeoutMs} ms for ${wanted}; ${sent.length} sent`);
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  const fake: FakeTwilio = {
    url,
    accountSid,
    authToken,
    get sent() {
      return sent;
    },
    get callbacks() {
      return callbacks;
    },
    failRecipient(to, failure = {}) {
      recipientFailures.set(to, {
        httpStatus: failure.httpStatus ?? 400,
        code: failure.code ?? 21211,
        message: failure.message ?? `The 'To' number ${to} is not a valid phone number.`,
      });
    },
    failNextSends(count, httpStatus = 500, failOptions = {}) {
      transientFailures = { remaining: count, httpStatus, retryAfter: failOptions.retryAfter, afterRecording: failOptions.afterRecording };
    },
    acceptRecipient(to) {
      for (const address of [...recipientFailures.keys()]) if (sameAddress(address, to)) recipientFailures.delete(address);
    },
    get refusedSends() {
      return refusedSends;
    },
    failDelivery(to, errorCode) {
      deliveryFailures.set(to, errorCode);
    },
    async postStatus(messageSid, status, extra = {}) {
      const message = sent.find((candidate) => candidate.sid === messageSid);
      if (!message) throw new Error(`fake Twilio: no message ${messageSid}`);
      return deliverCallback(message, status, extra);
    },
    async sendInbound(inbound) {
      const files = inbound.media ?? [];
      const messageSid = inbound.messageSid ?? `${files.length ? "MM" : "SM"}${randomHex(16)}`;
      const from = withWhatsappPrefix(inbound.from);
      const mediaParams: Record<string, string> = {};
      files.forEach((file, i) => {
        mediaParams[`MediaUrl${i}`] = "url" in file ? file.url : addMedia(file.data, file.servedAs ?? file.contentType, messageSid);
        mediaParams[`MediaContentType${i}`] = file.contentType;
      });
      const first = files[0]?.contentType ?? "";
      const messageType = !first ? "text" : first.startsWith("audio/") ? "audio" : first.startsWith("image/") ? "image" : "document";
      const params: Record<string, string> = {
        ...mediaParams,
        SmsMessageSid: messageSid,
        NumMedia: String(files.length),
        ProfileName: inbound.profileName ?? "Paciente",
        MessageType: messageType,
        SmsSid: messageSid,
        WaId: from.replace(/\D/g, ""),
        SmsStatus: "received",
        Body: inbound.body,
        To: withWhatsappPrefix(inbound.to),
        NumSegments: "1",
        ReferralNumMedia: "0",
        MessageSid: messageSid,
        AccountSid: accountSid,
        From: from,
        ApiVersion: API_VERSION,
      };
      const signature =
        inbound.signature === undefined ? twilio.getExpectedTwilioSignature(authToken, inbound.webhookUrl, params) : inbound.signature;
      const response = await postForm(inbound.webhookUrl, params, signature);
      return { ...response, messageSid };
    },
    addMedia,
    addMediaRedirect,
    failNextMediaFetches(count, httpStatus = 500) {
      mediaFailures = { remaining: count, httpStatus };
    },
    get mediaRequests() {
      return mediaRequests;
    },
    get mediaFetches() {
      return mediaFetches;
    },
    waitForSent: waitForSent as FakeTwilio["waitForSent"],
    setSendDelay(ms) {
      sendDelayMs = Math.max(0, ms);
    },
    reset() {
      sendDelayMs = 0;
      cancelPendingCallbacks();
      sent = [];
      callbacks = [];
      recipientFailures = new Map();
      deliveryFailures = new Map();
      transientFailures = { remaining: 0, httpStatus: 500 };
      refusedSends = 0;
      media.clear();
      mediaFailures = { remaining: 0, httpStatus: 500 };
      mediaRequests = 0;
      mediaFetches = [];
    },
    async close() {
      cancelPendingCallbacks();
      await closeServer(server);
    },
  };
  return fake;
}
