import { INBOUND_CUT_MARKER, INBOUND_MESSAGE_MAX_LENGTH, MSG } from "@clinora/contracts";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../../platform/lib/app-error";
import { toStorableText } from "../../platform/plugins/input-rule";
import type { MessagingGateway } from "../../platform/integrations/twilio/messaging-gateway";
import { inboundFilesOf, type InboundOutcome, type MessagingService, type WhatsappInboundService } from "../messaging";

/** Form parameters of a Twilio webhook, as posted. */
export type TwilioParams = Record<string, string>;

export type WhatsappWebhookService = ReturnType<typeof whatsappWebhookService>;

/** A webhook request as it came: the path and query Twilio signed, its signature, its form fields. */
export interface TwilioRequest {
  pathAndQuery: string;
  signature: string | undefined;
  params: TwilioParams;
  /** Whether the body was application/x-www-form-urlencoded, the only type Twilio posts. */
  formEncoded: boolean;
}

/**
 * A patient's text as it is stored: whole up to WhatsApp's 4 096 characters, else cut there (between characters,
 * never inside an emoji's pair) and ended with the marker the professional reads in Conversas.
 */
export function storedInboundBody(body: string): string {
  // Counted only when it could be over (a code point takes one or two UTF-16 units).
  if (body.length <= INBOUND_MESSAGE_MAX_LENGTH) return body;
  let kept = 0;
  let end = 0;
  for (const character of body) {
    if (kept === INBOUND_MESSAGE_MAX_LENGTH) return `${body.slice(0, end).trimEnd()}\n\n${INBOUND_CUT_MARKER}`;
    kept += 1;
    end += character.length;
  }
  return body;
}

/**
 * The two public endpoints Twilio calls. Nothing is read or stored before the `X-Twilio-Signature` is checked
 * against PUBLIC_URL + the path and the form parameters (https://www.twilio.com/docs/usage/webhooks/webhooks-security).
 */
export function whatsappWebhookService(deps: {
  gateway: MessagingGateway;
  publicUrl: string | undefined;
  inbound: WhatsappInboundService;
  outbound: Pick<MessagingService, "applyStatus">;
  wake: () => void;
}) {
  /**
   * The signature first (an unsigned caller learns nothing, not even which types are taken), then the type: Twilio
   * posts a form, and a signed request of another type (JSON) is refused instead of read.
   */
  const verify = ({ pathAndQuery, signature, params, formEncoded }: TwilioRequest) => {
    if (!deps.gateway.configured || !deps.publicUrl) throw new AppError(503, MSG.whatsappNotConfigured, "unavailable");
    if (!deps.gateway.validateSignature(signature, `${deps.publicUrl}${pathAndQuery}`, params)) throw AppError.forbidden(MSG.webhookSignatureInvalid);
    if (!formEncoded) throw new AppError(415, MSG.webhookFormOnly, "unsupported_media_type");
    // The fields as they can be stored: a NUL or lone surrogate becomes U+FFFD (docs/decisions/031).
    return Object.fromEntries(Object.entries(params).map(([name, value]) => [toStorableText(name), toStorableText(value)]));
  };
  const required = (params: TwilioParams, name: string) => {
    const value = params[name]?.trim();
    if (!value) throw AppError.validation([{ field: name, msg: `${name} é obrigatório` }]);
    return value;
  };

  return {
    /** An inbound message; `request.pathAndQuery` is what Twilio requested (it signs the full URL). */
    async inbound(request: TwilioRequest, log: FastifyBaseLogger): Promise<InboundOutcome> {
      const params = verify(request);
      const outcome = await deps.inbound.receive({
        messageSid: required(params, "MessageSid"),
        from: required(params, "From"),
        to: required(params, "To"),
        body: storedInboundBody(params.Body ?? ""),
        profileName: params.ProfileName,
        files: inboundFilesOf(params),
      });
      if (outcome === "unrouted") log.warn({ to: params.To }, "inbound WhatsApp message to a number no professional owns");
      if (outcome === "stored") deps.wake();
      return outcome;
    },

    /** A delivery status callback. */
    async status(request: TwilioRequest) {
      const params = verify(request);
      const { queuedRetry } = await deps.outbound.applyStatus({
        sid: required(params, "MessageSid"),
        twilioStatus: required(params, "MessageStatus"),
        errorCode: params.ErrorCode?.trim() || null,
      });
      if (queuedRetry) deps.wake();
    },
  };
}
