import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  busyCalendarsInputSchema,
  calendarAuthStartSchema,
  calendarStatusSchema,
  calendarSyncResultSchema,
  errorResponseSchema,
  GOOGLE_CALENDAR_CALLBACK_PATH,
  googleCalendarChoicesSchema,
  okResponseSchema,
  validationErrorSchema,
} from "@clinora/contracts";
import type { CalendarBusyService } from "./calendar-busy.service";
import { tenantOf } from "../../platform/plugins/auth";
import { OAUTH_STATE_TTL_MS, type GoogleCalendarService } from "./google-calendar.service";

const access = { access: ["professional"] as const };
const tags = ["google-calendar"];

/** Google's redirect after consent (https://developers.google.com/identity/protocols/oauth2/web-server#handlingresponse). */
const callbackQuerySchema = z.object({
  state: z.string().max(200).optional(),
  code: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
});

/**
 * The cookie that binds the OAuth flow to the browser that started it: the state, readable by no script
 * (HttpOnly), sent back on Google's top-level redirect but not on other sites' requests (SameSite=Lax), only to
 * the callback (Path), only over HTTPS when the product is served so (Secure), and gone with the state's expiry.
 */
export const OAUTH_STATE_COOKIE = "clinora_google_state";

function stateCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  const attributes = [`${OAUTH_STATE_COOKIE}=${value}`, `Path=${GOOGLE_CALENDAR_CALLBACK_PATH}`, `Max-Age=${maxAgeSeconds}`, "HttpOnly", "SameSite=Lax"];
  if (secure) attributes.push("Secure");
  return attributes.join("; ");
}

/** The state cookie of the request (the state is base64url: nothing to decode). */
function stateCookieOf(request: FastifyRequest): string | undefined {
  for (const pair of (request.headers.cookie ?? "").split(";")) {
    const at = pair.indexOf("=");
    if (at > 0 && pair.slice(0, at).trim() === OAUTH_STATE_COOKIE) return pair.slice(at + 1).trim() || undefined;
  }
  return undefined;
}

export function googleCalendarRoutes(service: GoogleCalendarService, busy: CalendarBusyService, options: { publicUrl?: string }) {
  const secure = options.publicUrl?.startsWith("https:") ?? false;
  const setState = (reply: FastifyReply, state: string) => reply.header("set-cookie", stateCookie(state, Math.floor(OAUTH_STATE_TTL_MS / 1000), secure));
  const clearState = (reply: FastifyReply) => reply.header("set-cookie", stateCookie("", 0, secure));

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
      async (request, reply) => {
        const { authorization_url, state } = await service.startConnection(tenantOf(request));
        setState(reply, state);
        return { authorization_url };
      },
    );

    // Public: the browser arrives from Google without our session header; the single-use state, in the address
    // and in the cookie of the browser that asked for it, is the proof.
    r.get(
      "/google-calendar/callback",
      {
        config: { access: "public" },
        schema: { tags, summary: "Retorno do consentimento do Google (redireciona para Configurações)", querystring: callbackQuerySchema, response: { 302: z.null() } },
      },
      async (request, reply) => {
        const to = await service.completeConnection(request.query, stateCookieOf(request), request.log);
        return clearState(reply).redirect(to);
      },
    );

    r.post(
      "/google-calendar/sync",
      {
        config: access,
        schema: { tags, summary: "Sincronizar agora", response: { 200: calendarSyncResultSchema, 409: errorResponseSchema, 503: errorResponseSchema } },
      },
      (request) => service.syncNow(tenantOf(request)),
    );

    r.get(
      "/google-calendar/calendars",
      {
        config: access,
        schema: {
          tags,
          summary: "Agendas da conta Google e quais bloqueiam horários ocupados",
          response: { 200: googleCalendarChoicesSchema, 409: errorResponseSchema, 503: errorResponseSchema },
        },
      },
      async (request) => ({ calendars: await busy.listCalendars(tenantOf(request)) }),
    );

    r.put(
      "/google-calendar/busy-calendars",
      {
        config: access,
        schema: {
          tags,
          summary: "Escolher as agendas cujos horários ocupados bloqueiam horários",
          body: busyCalendarsInputSchema,
          response: { 200: googleCalendarChoicesSchema, 409: errorResponseSchema, 422: validationErrorSchema, 503: errorResponseSchema },
        },
      },
      async (request) => ({ calendars: await busy.chooseCalendars(tenantOf(request), request.body.calendar_ids) }),
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
