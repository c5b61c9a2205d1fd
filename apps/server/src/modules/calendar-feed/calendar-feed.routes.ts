import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { calendarFeedSchema, errorResponseSchema } from "@clinora/contracts";
import { tenantOf } from "../../platform/plugins/auth";
import type { CalendarFeedService } from "./calendar-feed.service";

const access = { access: ["professional"] as const };
const tags = ["calendar-feed"];
const feedParamsSchema = z.object({ file: z.string().max(100) });

/** The address the screen was opened at, for the link when PUBLIC_URL is not set. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export function calendarFeedRoutes(service: CalendarFeedService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      "/calendar-feed",
      { config: access, schema: { tags, summary: "Link da agenda (iCalendar): se existe", response: { 200: calendarFeedSchema } } },
      (request) => service.get(tenantOf(request)),
    );

    r.post(
      "/calendar-feed",
      { config: access, schema: { tags, summary: "Gerar novo link da agenda (o anterior deixa de funcionar)", response: { 200: calendarFeedSchema } } },
      (request) => service.regenerate(tenantOf(request), originOf(request)),
    );

    // Public: calendar apps fetch it without a session; the unguessable token in the path is the credential.
    // Untyped on purpose: the 200 is iCalendar text, which the JSON response serializer must not touch.
    app.get<{ Params: { file: string } }>(
      "/calendar-feed/:file",
      {
        config: { access: "public" },
        schema: { tags, summary: "Agenda em iCalendar (assinatura)", params: feedParamsSchema, response: { 404: errorResponseSchema } },
      },
      async (request, reply) => {
        const body = await service.render(request.params.file.replace(/\.ics$/, ""));
        return reply
          .type("text/calendar; charset=utf-8")
          .header("cache-control", "private, max-age=300")
          .header("x-robots-tag", "noindex")
          .send(body);
      },
    );
  };
}
