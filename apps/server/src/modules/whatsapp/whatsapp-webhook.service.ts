import { MSG } from "@clinora/contracts";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../../lib/app-error";
import type { MessagingGateway } from "../../integrations/twilio/messaging-gateway";
import type { InboundOutcome, WhatsappInboundService } from "./whatsapp-inbound.service";
import type { WhatsappOutboundService } from "./whatsapp-outbound.service";

/** Form parameters of a Twilio webhook, as posted. */
export type TwilioParams = Record<string, string>;

export type WhatsappWebhookService = ReturnType<typeof whatsappWebhookService>;

/**
 * The two public endpoints Twilio calls. Nothing is read or stored before the `X-Twilio-Signature` is checked
 * against PUBLIC_URL + the path and the form parameters (https://www.twilio.com/docs/usage/webhooks/webhooks-security).
 */
export function whatsappWebhookService(deps: {
  gateway: MessagingGateway;
  publicUrl: string | undefined;
  inbound: WhatsappInboundService;
  outbound: WhatsappOutboundService;
  wake: () => void;
}) {
  const verify = (path: string, signature: string | undefined, params: TwilioParams) => {
    if (!deps.gateway.configured || !deps.publicUrl) throw new AppError(503, MSG.whatsappNotConfigured, "unavailable");
    if (!deps.gateway.validateSignature(signature, `${deps.publicUrl}${path}`, params)) throw AppError.forbidden(MSG.webhookSignatureInvalid);
  };
  const required = (params: TwilioParams, name: string) => {
    const value = params[name]?.trim();
    if (!value) throw AppError.validation([{ field: name, msg: `${name} é obrigatório` }]);
    return value;
  };

  return {
    /** An inbound message; `pathAndQuery` is what Twilio requested (it signs the full URL). */
    async inbound(pathAndQuery: string, signature: string | undefined, params: TwilioParams, log: FastifyBaseLogger): Promise<InboundOutcome> {
      verify(pathAndQuery, signature, params);
      const outcome = await deps.inbound.receive({
        messageSid: required(params, "MessageSid"),
        from: required(params, "From"),
        to: required(params, "To"),
        body: params.Body ?? "",
        profileName: params.ProfileName,
      });
      if (outcome === "unrouted") log.warn({ to: params.To }, "inbound WhatsApp message to a number no professional owns");
      if (outcome === "stored") deps.wake();
      return outcome;
    },

    /** A delivery status callback. */
    async status(pathAndQuery: string, signature: string | undefined, params: TwilioParams) {
      verify(pathAndQuery, signature, params);
      await deps.outbound.applyStatus({
        sid: required(params, "MessageSid"),
        twilioStatus: required(params, "MessageStatus"),
        errorCode: params.ErrorCode?.trim() || null,
      });
      deps.wake();
    },
  };
}
