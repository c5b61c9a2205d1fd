import type { FastifyInstance, FastifyRequest } from "fastify";
import { errorResponseSchema, validationErrorSchema } from "@clinora/contracts";
import type { TwilioRequest, WhatsappWebhookService } from "./whatsapp-webhook.service";

/** Empty TwiML: acknowledged, nothing to say now (the reply goes out later, through the API). */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/**
 * Public (signed) and outside the API-wide rate limit: Twilio posts from a few addresses, in bursts, and the
 * signature is what keeps anyone else out. A NUL or lone surrogate in a field is replaced by the service once the
 * signature (made over the text as sent) is checked, instead of refused: Twilio does not retry a 4xx.
 */
const config = { access: "public" as const, rateLimit: false as const, unstorableText: "replaced" as const };
const tags = ["whatsapp"];
const errors = { 403: errorResponseSchema, 415: errorResponseSchema, 422: validationErrorSchema, 503: errorResponseSchema };

const FORM = "application/x-www-form-urlencoded";

/** What the service checks: the signature over the URL and the fields (a JSON object's count as fields), the type. */
const twilioRequestOf = (request: FastifyRequest): TwilioRequest => {
  const header = request.headers["x-twilio-signature"];
  const body = request.body;
  const fields = body && typeof body === "object" && !Array.isArray(body) ? Object.entries(body) : [];
  return {
    pathAndQuery: request.originalUrl,
    signature: Array.isArray(header) ? header[0] : header,
    params: Object.fromEntries(fields.filter((e): e is [string, string] => typeof e[1] === "string")),
    formEncoded: request.headers["content-type"]?.split(";")[0]!.trim().toLowerCase() === FORM,
  };
};

export function whatsappWebhookRoutes(service: WhatsappWebhookService) {
  return async (app: FastifyInstance) => {
    // Twilio posts application/x-www-form-urlencoded; only these routes accept it.
    app.addContentTypeParser(FORM, { parseAs: "string" }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    // Any other type is read as text, so the handler checks the signature before refusing it with 415.
    app.addContentTypeParser("*", { parseAs: "string" }, (_request, body, done) => done(null, body));

    app.post(
      "/whatsapp/webhook/twilio",
      { config, schema: { tags, summary: "Mensagens recebidas pelo WhatsApp (Twilio, assinado)", response: errors } },
      async (request, reply) => {
        await service.inbound(twilioRequestOf(request), request.log);
        return reply.type("text/xml").send(EMPTY_TWIML);
      },
    );

    app.post(
      "/whatsapp/webhook/twilio/status",
      { config, schema: { tags, summary: "Status de entrega das mensagens enviadas (Twilio, assinado)", response: errors } },
      async (request, reply) => {
        await service.status(twilioRequestOf(request));
        return reply.type("text/xml").send(EMPTY_TWIML);
      },
    );
  };
}
