import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { calendarStatusSchema, errorResponseSchema, okResponseSchema } from "@clinora/contracts";
import { tenantOf } from "../../plugins/auth";
import type { GoogleCalendarService } from "./google-calendar.service";

const access = { access: ["professional"] as const };
const tags = ["google-calendar"];

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

    r.delete(
      "/google-calendar/disconnect",
      {
        config: access,
        schema: { tags, summary: "Desconectar o Google Calendar", response: { 200: okResponseSchema, 503: errorResponseSchema } },
      },
      async (request) => {
        await service.disconnect(tenantOf(request));
        return { ok: true as const };
      },
    );
  };
}
