import type { FastifyInstance, FastifyRequest } from "fastify";
import { errorResponseSchema, validationErrorSchema } from "@clinora/contracts";
import type { TwilioParams, WhatsappWebhookService } from "./whatsapp-webhook.service";

/** Empty TwiML: acknowledged, nothing to say now (the reply goes out later, through the API). */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/**
 * Public (signed) and outside the API-wide rate limit: Twilio posts from a few addresses, in bursts, and the
 * signature is what keeps anyone else out.
 */
const config = { access: "public" as const, rateLimit: false as const };
const tags = ["whatsapp"];
const errors = { 403: errorResponseSchema, 422: validationErrorSchema, 503: errorResponseSchema };

const signatureOf = (request: FastifyRequest) => {
  const header = request.headers["x-twilio-signature"];
  return Array.isArray(header) ? header[0] : header;
};
const paramsOf = (request: FastifyRequest): TwilioParams => {
  const body = request.body;
  if (!body || typeof body !== "object" || Array.isArray(body)) return {};
  return Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => typeof e[1] === "string"));
};

export function whatsappWebhookRoutes(service: WhatsappWebhookService) {
  return async (app: FastifyInstance) => {
    // Twilio posts application/x-www-form-urlencoded; only these routes accept it.
    app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    app.post(
      "/whatsapp/webhook/twilio",
      { config, schema: { tags, summary: "Mensagens recebidas pelo WhatsApp (Twilio, assinado)", response: errors } },
      async (request, reply) => {
        await service.inbound(request.originalUrl, signatureOf(request), paramsOf(request), request.log);
        return reply.type("text/xml").send(EMPTY_TWIML);
      },
    );

    app.post(
      "/whatsapp/webhook/twilio/status",
      { config, schema: { tags, summary: "Status de entrega das mensagens enviadas (Twilio, assinado)", response: errors } },
      async (request, reply) => {
        await service.status(request.originalUrl, signatureOf(request), paramsOf(request));
        return reply.type("text/xml").send(EMPTY_TWIML);
      },
    );
  };
}
