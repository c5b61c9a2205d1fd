import twilio from "twilio";
import type RequestClient from "twilio/lib/base/RequestClient";
import type { MessageInstance, MessageListInstanceCreateOptions } from "twilio/lib/rest/api/v2010/account/message";
import {
  MessagingRejectedError,
  MessagingUnavailableError,
  type MessagingGateway,
  type OutboundWhatsapp,
  type SentWhatsapp,
  type SentWhatsappRecord,
} from "./messaging-gateway";

export interface TwilioGatewayOptions {
  accountSid?: string;
  authToken?: string;
  /** Sends through this Messaging Service as well as from the given sender (TWILIO_MESSAGING_SERVICE_SID). */
  messagingServiceSid?: string;
  /** Another origin for Twilio's API (TWILIO_BASE_URL, e.g. a local stand-in); unset means https://api.twilio.com. */
  baseUrl?: string;
}

/** How many messages findSent reads at most: the in-doubt check only needs the last few of one conversation. */
const FIND_SENT_LIMIT = 50;

/** Twilio's answers worth retrying: Too Many Requests and server errors (https://www.twilio.com/docs/usage/rest-api-best-practices). */
const isTransientStatus = (status: number) => status === 429 || status >= 500;

/** Retry-After as seconds or an HTTP date (RFC 9110 §10.2.3), in milliseconds from `now`; null when absent or unreadable. */
export function retryAfterMs(header: unknown, now = Date.now()): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (typeof value !== "string" && typeof value !== "number") return null;
  const text = String(value).trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * The SDK's own HTTP client, optionally sending every request to another origin, that turns a transient answer (429,
 * 5xx) into a MessagingUnavailableError carrying Twilio's Retry-After: the SDK's RestException drops the headers. A
 * custom `httpClient` is the SDK's supported extension point for its requests
 * (https://github.com/twilio/twilio-node/blob/main/advanced-examples/custom-http-client.md); the SDK builds absolute
 * https://api.twilio.com URIs, so only the origin is swapped and the path and query are kept.
 */
class ClinoraRequestClient extends twilio.RequestClient {
  constructor(private readonly base: URL | null) {
    super();
  }

  override async request<TData>(opts: RequestClient.RequestOptions<TData>) {
    let uri = opts.uri;
    if (this.base) {
      const original = new URL(opts.uri);
      const prefix = this.base.pathname.replace(/\/$/, "");
      uri = new URL(`${prefix}${original.pathname}${original.search}`, this.base.origin).href;
    }
    const response = await super.request({ ...opts, uri });
    if (isTransientStatus(response.statusCode)) {
      const body = typeof response.body === "string" ? response.body : JSON.stringify(response.body ?? "");
      const message = (() => {
        try {
          return String((JSON.parse(body) as { message?: unknown }).message ?? body);
        } catch {
          return body;
        }
      })();
      const headers = (response.headers ?? {}) as Record<string, unknown>;
      const retryAfter = headers["retry-after"] ?? headers["Retry-After"];
      throw new MessagingUnavailableError(`Twilio answered HTTP ${response.statusCode}: ${message}`, response.statusCode, retryAfterMs(retryAfter));
    }
    return response;
  }
}

function isRestException(error: unknown): error is { status: number; code?: number; message: string } {
  return error instanceof twilio.RestException || (typeof error === "object" && error !== null && typeof (error as { status?: unknown }).status === "number");
}

/**
 * Twilio's answer as the product's errors: 429, a 5xx or a network failure is transient (MessagingUnavailableError),
 * any other 4xx a refusal (not worth retrying as is).
 */
function translateError(error: unknown): Error {
  if (error instanceof MessagingUnavailableError) return error;
  if (isRestException(error)) {
    if (error.status >= 400 && error.status < 500 && !isTransientStatus(error.status)) {
      return new MessagingRejectedError(error.message, error.code === undefined || error.code === null ? null : String(error.code), error.status);
    }
    return new MessagingUnavailableError(`Twilio answered HTTP ${error.status}: ${error.message}`, error.status, null, { cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new MessagingUnavailableError(`Twilio request failed: ${message}`, null, null, { cause: error });
}

function errorCodeOf(message: MessageInstance): string | null {
  return typeof message.errorCode === "number" && Number.isFinite(message.errorCode) ? String(message.errorCode) : null;
}

/** The SDK leaves a date it cannot parse as the raw string; the interface wants a Date or null. */
function dateOf(value: unknown): Date | null {
  return value instanceof Date && !Number.isNaN(value.getTime()) ? value : null;
}

/** Twilio's dates have whole-second precision (RFC 2822), so `since` is compared at that precision. */
function floorToSecond(date: Date): number {
  return Math.floor(date.getTime() / 1000) * 1000;
}

/**
 * The MessagingGateway over Twilio's REST API, through the official `twilio` SDK.
 * Without credentials it is `configured: false`: sending and listing throw, and no signature is ever valid.
 */
export function createTwilioGateway(options: TwilioGatewayOptions): MessagingGateway {
  const { accountSid, authToken, messagingServiceSid, baseUrl } = options;
  if (!accountSid || !authToken) {
    const notConfigured = () => {
      throw new Error("Twilio is not configured: set TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN.");
    };
    return {
      configured: false,
      send: async () => notConfigured(),
      findSent: async () => notConfigured(),
      validateSignature: () => false,
    };
  }

  const client = twilio(accountSid, authToken, { httpClient: new ClinoraRequestClient(baseUrl ? new URL(baseUrl) : null) });

  return {
    configured: true,

    async send(message: OutboundWhatsapp): Promise<SentWhatsapp> {
      // https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource
      const params: MessageListInstanceCreateOptions = { to: message.to, from: message.from };
      if (messagingServiceSid) params.messagingServiceSid = messagingServiceSid;
      if (message.body !== undefined) params.body = message.body;
      if (message.contentSid) {
        // Templates (required outside WhatsApp's 24-hour window) take their variables as a JSON string:
        // https://www.twilio.com/docs/content/send-templates-created-with-the-content-template-builder
        params.contentSid = message.contentSid;
        if (message.contentVariables) params.contentVariables = JSON.stringify(message.contentVariables);
      }
      // https://www.twilio.com/docs/messaging/api/message-resource#request-body-parameters: MediaUrl, fetched by Twilio.
      if (message.mediaUrl?.length) params.mediaUrl = message.mediaUrl;
      if (message.statusCallback) params.statusCallback = message.statusCallback;
      try {
        const created = await client.messages.create(params);
        return { sid: created.sid, status: created.status, errorCode: errorCodeOf(created) };
      } catch (error) {
        throw translateError(error);
      }
    },

    async findSent({ from, to, since }): Promise<SentWhatsappRecord[]> {
      let messages: MessageInstance[];
      try {
        // https://www.twilio.com/docs/messaging/api/message-resource#read-multiple-message-resources
        messages = await client.messages.list({ from, to, dateSentAfter: since, limit: FIND_SENT_LIMIT });
      } catch (error) {
        throw translateError(error);
      }
      const earliest = floorToSecond(since);
      return messages
        .map((message) => ({ message, dateCreated: dateOf(message.dateCreated) }))
        // Twilio's DateSent filter works by GMT day ("on or after midnight on a date", same page as above), so the
        // exact instant is checked here; a record without a date is kept rather than missed.
        .filter(({ dateCreated }) => !dateCreated || dateCreated.getTime() >= earliest)
        .map(({ message, dateCreated }) => ({
          sid: message.sid,
          status: message.status,
          errorCode: errorCodeOf(message),
          from: message.from,
          to: message.to,
          body: message.body ?? "",
          dateCreated,
        }));
    },

    validateSignature(signature, url, params) {
      // https://www.twilio.com/docs/usage/webhooks/webhooks-security: HMAC-SHA1 of the full URL plus the sorted
      // POST parameters, keyed with the auth token.
      if (!signature) return false;
      return twilio.validateRequest(authToken, signature, url, params);
    },
  };
}
