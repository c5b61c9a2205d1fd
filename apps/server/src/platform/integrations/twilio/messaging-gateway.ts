/**
 * The WhatsApp side of Twilio, as the product needs it (docs/product/engineering-conventions.md §9): send a message, find one already sent
 * (to settle a send whose outcome is unknown after a crash) and check a webhook's signature.
 * The real adapter is `twilio-gateway.ts` (the twilio SDK, pointed at TWILIO_BASE_URL when set).
 */
export interface OutboundWhatsapp {
  /** Our sender, `whatsapp:+E164` (the professional's assigned number). */
  from: string;
  /** The patient, `whatsapp:+E164`. */
  to: string;
  /** Free text (only inside WhatsApp's 24-hour window). */
  body?: string;
  /** An approved content template instead of free text (business-initiated messages). */
  contentSid?: string;
  contentVariables?: Record<string, string>;
  /** Files Twilio fetches from these public URLs and sends with the message (images, PDFs). */
  mediaUrl?: string[];
  /** Where Twilio posts delivery statuses (PUBLIC_URL + /api/whatsapp/webhook/twilio/status). */
  statusCallback?: string;
}

export interface SentWhatsapp {
  /** Twilio's MessageSid. */
  sid: string;
  /** Twilio's status at creation (queued, accepted, sending, sent, failed...). */
  status: string;
  errorCode: string | null;
}

/** A message Twilio reports as already sent, for the in-doubt check. */
export interface SentWhatsappRecord extends SentWhatsapp {
  from: string;
  to: string;
  body: string;
  dateCreated: Date | null;
}

/** Twilio refused the request itself (HTTP 4xx): not worth retrying as is. */
export class MessagingRejectedError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    readonly httpStatus: number,
  ) {
    super(message);
    this.name = "MessagingRejectedError";
  }
}

/**
 * Twilio could not take the request now (HTTP 429, a 5xx, or the network failed): worth retrying, after
 * `retryAfterMs` when Twilio said how long to wait (its Retry-After header).
 */
export class MessagingUnavailableError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number | null,
    readonly retryAfterMs: number | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "MessagingUnavailableError";
  }
}

export interface MessagingGateway {
  /** False when the Twilio credentials are not configured: nothing can be sent or verified. */
  readonly configured: boolean;
  /**
   * Sends one message. Throws MessagingRejectedError for a refusal (a 4xx other than 429), MessagingUnavailableError
   * for a transient failure (429, 5xx, network).
   */
  send(message: OutboundWhatsapp): Promise<SentWhatsapp>;
  /** Messages sent from `from` to `to` since `since`, newest first (Twilio's Messages list, filtered). */
  findSent(filter: { from: string; to: string; since: Date }): Promise<SentWhatsappRecord[]>;
  /** `X-Twilio-Signature` check over the full public URL and the form parameters. */
  validateSignature(signature: string | undefined, url: string, params: Record<string, string>): boolean;
}
