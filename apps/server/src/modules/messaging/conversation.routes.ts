import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  conversationAttachmentQuerySchema,
  conversationMediaParamSchema,
  conversationMediaQuerySchema,
  conversationMessageSchema,
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
import { tenantOf } from "../../platform/plugins/auth";
import type { ConversationService } from "./conversation.service";
import { sendFileBytes } from "./media/media.routes";
import { FILE_BODY_LIMIT, fileBodyOf, registerFileRoutes } from "../../platform/plugins/file-body";

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
          summary: "Responder ao paciente (a conversa passa para Em atendimento; o assistente fica em silêncio)",
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

    r.post(
      "/conversations/:id/messages/:messageId/dismiss-failure",
      {
        config: access,
        schema: {
          tags,
          summary: "Dispensar o aviso de uma mensagem que falhou (a conversa deixa de ser marcada na lista)",
          params: conversationMessageParamSchema,
          response: { 200: conversationDetailSchema, 404: errorResponseSchema },
        },
      },
      (request) => service.dismissFailure(tenantOf(request), request.params.id, request.params.messageId),
    );

    r.get(
      "/conversations/:id/media/:mediaId",
      {
        config: access,
        schema: {
          tags,
          summary: "Um arquivo da conversa (áudio, foto ou documento); download=1 para baixar",
          params: conversationMediaParamSchema,
          querystring: conversationMediaQuerySchema,
          response: { 404: errorResponseSchema },
        },
      },
      async (request, reply) => sendFileBytes(reply, await service.media(tenantOf(request), request.params.id, request.params.mediaId), request.query.download === "1"),
    );

    await registerFileRoutes(app, (scope) => {
      scope.post(
        "/conversations/:id/attachments",
        {
          config: access,
          bodyLimit: FILE_BODY_LIMIT,
          schema: {
            tags,
            summary: "Enviar um arquivo ao paciente (imagem ou PDF até 16 MB; o corpo é o arquivo, Content-Type o seu tipo)",
            params: idParamSchema,
            querystring: conversationAttachmentQuerySchema,
            response: {
              201: conversationMessageSchema,
              404: errorResponseSchema,
              409: errorResponseSchema,
              413: errorResponseSchema,
              415: errorResponseSchema,
              422: validationErrorSchema,
            },
          },
        },
        async (request, reply) => {
          const file = fileBodyOf(request);
          const message = await service.sendFile(tenantOf(request), request.params.id, file, request.query);
          return reply.status(201).send(message);
        },
      );
    });

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
