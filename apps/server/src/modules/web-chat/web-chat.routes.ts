import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  errorResponseSchema,
  validationErrorSchema,
  WEB_CHAT_TOKEN_HEADER,
  webChatClinicSchema,
  webChatPublicIdParamSchema,
  webChatSendSchema,
  webChatSettingsSchema,
  webChatStartedSchema,
  webChatThreadQuerySchema,
  webChatThreadSchema,
} from "@clinora/contracts";
import type { WebChatLimits } from "../../config";
import { tenantOf } from "../../platform/plugins/auth";
import type { WebChatService } from "./web-chat.service";

const tags = ["web-chat"];
const tokenHeaders = z.object({ [WEB_CHAT_TOKEN_HEADER]: z.string().max(100).optional() });
const errors = { 404: errorResponseSchema, 422: validationErrorSchema, 429: errorResponseSchema };

const tokenOf = (request: FastifyRequest) => {
  const header = request.headers[WEB_CHAT_TOKEN_HEADER];
  return Array.isArray(header) ? header[0] : header;
};

/** The address the screen was opened at, for the links when PUBLIC_URL is not set. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * The public web chat (docs/decisions/016). Public routes: the visitor token (a header) is the only key to a
 * thread. Each route has its own per-address limit, tighter than the API's; the per-visitor message limit and the
 * daily cap of model calls are counted in the database by the service.
 */
export function webChatRoutes(service: WebChatService, limits: WebChatLimits) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const perAddress = (max: number, timeWindow: string) => ({ access: "public" as const, rateLimit: { max, timeWindow } });

    r.get(
      "/public/chat/clinics/:publicId",
      {
        config: perAddress(limits.addressReadsPerMinute, "1 minute"),
        schema: { tags, summary: "Chat do site: a clínica e a saudação", params: webChatPublicIdParamSchema, response: { 200: webChatClinicSchema, ...errors } },
      },
      (request) => service.clinic(request.params.publicId),
    );

    r.post(
      "/public/chat/clinics/:publicId/conversations",
      {
        config: perAddress(limits.newChatsPerHour, "1 hour"),
        schema: {
          tags,
          summary: "Chat do site: primeira mensagem do visitante (abre a conversa e devolve o token do visitante)",
          params: webChatPublicIdParamSchema,
          body: webChatSendSchema,
          response: { 201: webChatStartedSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await service.start(request.params.publicId, request.body.content)),
    );

    r.get(
      "/public/chat/thread",
      {
        config: perAddress(limits.addressReadsPerMinute, "1 minute"),
        schema: {
          tags,
          summary: "Chat do site: a conversa do visitante (toda, ou desde `since`)",
          headers: tokenHeaders,
          querystring: webChatThreadQuerySchema,
          response: { 200: webChatThreadSchema, ...errors },
        },
      },
      (request) => service.thread(tokenOf(request), request.query.since),
    );

    r.post(
      "/public/chat/thread/messages",
      {
        config: perAddress(limits.addressMessagesPerMinute, "1 minute"),
        schema: {
          tags,
          summary: "Chat do site: nova mensagem do visitante",
          headers: tokenHeaders,
          body: webChatSendSchema,
          response: { 201: webChatThreadSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await service.send(tokenOf(request), request.body.content)),
    );

    r.get(
      "/web-chat",
      {
        config: { access: ["professional"] as const },
        schema: { tags, summary: "Meu chat do site: link público e código para incorporar", response: { 200: webChatSettingsSchema } },
      },
      (request) => service.settings(tenantOf(request), originOf(request)),
    );
  };
}
