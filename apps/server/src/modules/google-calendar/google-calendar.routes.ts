import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { calendarAuthStartSchema, calendarStatusSchema, calendarSyncResultSchema, errorResponseSchema, okResponseSchema } from "@clinora/contracts";
import { tenantOf } from "../../plugins/auth";
import type { GoogleCalendarService } from "./google-calendar.service";

const access = { access: ["professional"] as const };
const tags = ["google-calendar"];

/** Google's redirect after consent (https://developers.google.com/identity/protocols/oauth2/web-server#handlingresponse). */
const callbackQuerySchema = z.object({
  state: z.string().max(200).optional(),
  code: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
});

export function googleCalendarRoutes(service: GoogleCalendarService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      "/google-calendar/status",
      {
        config: access,
        schema: { tags, summary: "Estado da conexão com o Google Calendar", response: { 200: calendarStatusSchema, 503: errorResponseSchema } },
      },
      (request) => service.status(tenantOf(request)),
    );

    r.get(
      "/google-calendar/auth",
      {
        config: access,
        schema: { tags, summary: "Endereço de consentimento do Google", response: { 200: calendarAuthStartSchema, 503: errorResponseSchema } },
      },
      (request) => service.startConnection(tenantOf(request)),
    );

    // Public: the browser arrives from Google without our session header; the single-use state is the proof.
    r.get(
      "/google-calendar/callback",
      {
        config: { access: "public" },
        schema: { tags, summary: "Retorno do consentimento do Google (redireciona para Configurações)", querystring: callbackQuerySchema, response: { 302: z.null() } },
      },
      async (request, reply) => reply.redirect(await service.completeConnection(request.query, request.log)),
    );

    r.post(
      "/google-calendar/sync",
      {
        config: access,
        schema: { tags, summary: "Sincronizar agora", response: { 200: calendarSyncResultSchema, 409: errorResponseSchema, 503: errorResponseSchema } },
      },
      (request) => service.syncNow(tenantOf(request)),
    );

    r.delete(
      "/google-calendar/disconnect",
      {
        config: access,
        schema: { tags, summary: "Desconectar o Google Calendar", response: { 200: okResponseSchema, 503: errorResponseSchema } },
      },
      async (request) => {
        await service.disconnect(tenantOf(request), request.log);
        return { ok: true as const };
      },
    );
  };
}
