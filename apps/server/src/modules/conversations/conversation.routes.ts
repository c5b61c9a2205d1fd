import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  conversationDetailSchema,
  conversationListQuerySchema,
  conversationListSchema,
  conversationReplySchema,
  conversationSchema,
  conversationUpdateSchema,
  errorResponseSchema,
  conversationMessageParamSchema,
  idParamSchema,
  validationErrorSchema,
} from "@clinora/contracts";
import { tenantOf } from "../../plugins/auth";
import type { ConversationService } from "./conversation.service";

const access = { access: ["professional"] as const };
const tags = ["conversations"];

export function conversationRoutes(service: ConversationService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      "/conversations",
      {
        config: access,
        schema: { tags, summary: "Minhas conversas", querystring: conversationListQuerySchema, response: { 200: conversationListSchema } },
      },
      (request) => service.list(tenantOf(request), request.query),
    );

    r.get(
      "/conversations/:id",
      {
        config: access,
        schema: { tags, summary: "Uma conversa com as mensagens (marca como lida)", params: idParamSchema, response: { 200: conversationDetailSchema, 404: errorResponseSchema } },
      },
      (request) => service.get(tenantOf(request), request.params.id),
    );

    r.post(
      "/conversations/:id/messages",
      {
        config: access,
        schema: {
          tags,
          summary: "Responder ao paciente (a conversa passa para Em Atendimento; o assistente fica em silêncio)",
          params: idParamSchema,
          body: conversationReplySchema,
          response: { 201: conversationDetailSchema, 404: errorResponseSchema, 409: errorResponseSchema, 422: validationErrorSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await service.reply(tenantOf(request), request.params.id, request.body)),
    );

    r.post(
      "/conversations/:id/messages/:messageId/resend",
      {
        config: access,
        schema: {
          tags,
          summary: "Reenviar uma mensagem que falhou (uma vez só: um segundo pedido não envia de novo)",
          params: conversationMessageParamSchema,
          response: { 200: conversationDetailSchema, 404: errorResponseSchema, 409: errorResponseSchema },
        },
      },
      (request) => service.resend(tenantOf(request), request.params.id, request.params.messageId),
    );

    r.put(
      "/conversations/:id",
      {
        config: access,
        schema: { tags, summary: "Alterar o status de uma conversa", params: idParamSchema, body: conversationUpdateSchema, response: { 200: conversationSchema, 404: errorResponseSchema } },
      },
      (request) => service.update(tenantOf(request), request.params.id, request.body),
    );
  };
}
