import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  BOOKING_LIMIT_PER_ADDRESS_PER_HOUR,
  bookingConflictSchema,
  bookingPageSettingsInputSchema,
  bookingPageSettingsSchema,
  bookingPublicPageSchema,
  bookingRequestSchema,
  bookingRescheduleInfoSchema,
  bookingRescheduleLinkRequestSchema,
  bookingRescheduleSchema,
  bookingResultSchema,
  bookingSlugParamSchema,
  bookingTimesQuerySchema,
  bookingTimesSchema,
  errorResponseSchema,
  validationErrorSchema,
} from "@clinora/contracts";
import { tenantOf } from "../../platform/plugins/auth";
import type { BookingPageService } from "./booking-page.service";

const tags = ["booking-page"];
/** Header that carries the one-time reschedule token (the link keeps it after `#`, so it never reaches any log). */
export const BOOKING_TOKEN_HEADER = "x-booking-token";
const tokenHeaders = z.object({ [BOOKING_TOKEN_HEADER]: z.string().max(100).optional() });
const errors = { 404: errorResponseSchema, 422: validationErrorSchema, 429: errorResponseSchema };

const tokenOf = (request: FastifyRequest) => {
  const header = request.headers[BOOKING_TOKEN_HEADER];
  return Array.isArray(header) ? header[0] : header;
};
/** The address the screen was opened at, for the links when PUBLIC_URL is not set. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * The public booking page (docs/decisions/028): the professional's settings, and the page's public API.
 * Each public route has its own per-address limit; bookings and link requests are also counted per address and
 * per phone number in the database by the service.
 */
export function bookingPageRoutes(service: BookingPageService, limits: { readsPerMinute: number }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const perAddress = (max: number, timeWindow: string) => ({ access: "public" as const, rateLimit: { max, timeWindow } });
    const professional = { access: ["professional"] as const };

    r.get(
      "/booking-page",
      { config: professional, schema: { tags, summary: "Minha página de agendamento: configurações e endereço", response: { 200: bookingPageSettingsSchema } } },
      (request) => service.settings(tenantOf(request), originOf(request)),
    );

    r.put(
      "/booking-page",
      {
        config: professional,
        schema: {
          tags,
          summary: "Altera a página de agendamento (endereço em uso: 409)",
          body: bookingPageSettingsInputSchema,
          response: { 200: bookingPageSettingsSchema, 409: errorResponseSchema, 422: validationErrorSchema },
        },
      },
      (request) => service.updateSettings(tenantOf(request), originOf(request), request.body),
    );

    // Untyped on purpose: the 200 is SVG, which the JSON response serializer must not touch.
    app.get<{ Querystring: { download?: "0" | "1" } }>(
      "/booking-page/qr.svg",
      {
        config: professional,
        schema: { tags, summary: "QR code do endereço da página (SVG); `download=1` para baixar", querystring: z.object({ download: z.enum(["0", "1"]).optional() }), response: { 404: errorResponseSchema } },
      },
      async (request, reply) => {
        const svg = await service.qrSvg(tenantOf(request), originOf(request));
        if (request.query.download === "1") reply.header("Content-Disposition", 'attachment; filename="pagina-de-agendamento-qr.svg"');
        return reply.header("Cache-Control", "no-store").type("image/svg+xml").send(svg);
      },
    );

    r.get(
      "/public/booking/:slug",
      { config: perAddress(limits.readsPerMinute, "1 minute"), schema: { tags, summary: "Página de agendamento: a clínica e os tipos de consulta", params: bookingSlugParamSchema, response: { 200: bookingPublicPageSchema, ...errors } } },
      (request) => service.page(request.params.slug),
    );

    r.get(
      "/public/booking/:slug/times",
      {
        config: perAddress(limits.readsPerMinute, "1 minute"),
        schema: { tags, summary: "Página de agendamento: próximos horários livres de um tipo de consulta", params: bookingSlugParamSchema, querystring: bookingTimesQuerySchema, response: { 200: bookingTimesSchema, ...errors } },
      },
      (request) => service.times(request.params.slug, request.query.type),
    );

    r.post(
      "/public/booking/:slug/bookings",
      {
        config: perAddress(BOOKING_LIMIT_PER_ADDRESS_PER_HOUR * 3, "1 hour"),
        schema: {
          tags,
          summary: "Página de agendamento: reserva um horário (pendente) ou envia o link de remarcação",
          params: bookingSlugParamSchema,
          body: bookingRequestSchema,
          response: { 200: bookingResultSchema, 201: bookingResultSchema, 409: bookingConflictSchema, ...errors },
        },
      },
      async (request, reply) => {
        try {
          const result = await service.book(request.params.slug, request.body, { ip: request.ip, origin: originOf(request) });
          return reply.status(result.status).send(result.body);
        } catch (error) {
          if (error instanceof service.SlotTaken) return reply.status(409).send({ detail: error.message, nearest: error.nearest });
          throw error;
        }
      },
    );

    r.post(
      "/public/booking/:slug/reschedule-link",
      {
        config: perAddress(BOOKING_LIMIT_PER_ADDRESS_PER_HOUR * 3, "1 hour"),
        schema: { tags, summary: "Página de agendamento: pede o link de remarcação pelo WhatsApp", params: bookingSlugParamSchema, body: bookingRescheduleLinkRequestSchema, response: { 200: bookingResultSchema, ...errors } },
      },
      (request) => service.requestRescheduleLink(request.params.slug, request.body, { ip: request.ip, origin: originOf(request) }),
    );

    r.get(
      "/public/booking/:slug/reschedule",
      {
        config: perAddress(60, "1 minute"),
        schema: { tags, summary: "Link de remarcação: a consulta que ele remarca", params: bookingSlugParamSchema, headers: tokenHeaders, response: { 200: bookingRescheduleInfoSchema, ...errors } },
      },
      (request) => service.rescheduleInfo(request.params.slug, tokenOf(request)),
    );

    r.get(
      "/public/booking/:slug/reschedule/times",
      {
        config: perAddress(60, "1 minute"),
        schema: { tags, summary: "Link de remarcação: horários livres", params: bookingSlugParamSchema, headers: tokenHeaders, response: { 200: bookingTimesSchema, ...errors } },
      },
      (request) => service.rescheduleTimes(request.params.slug, tokenOf(request)),
    );

    r.post(
      "/public/booking/:slug/reschedule",
      {
        config: perAddress(30, "1 hour"),
        schema: {
          tags,
          summary: "Link de remarcação: move a consulta para o novo horário (uma vez)",
          params: bookingSlugParamSchema,
          headers: tokenHeaders,
          body: bookingRescheduleSchema,
          response: { 200: bookingResultSchema, 409: bookingConflictSchema, ...errors },
        },
      },
      async (request, reply) => {
        try {
          return await service.reschedule(request.params.slug, tokenOf(request), request.body, { ip: request.ip });
        } catch (error) {
          if (error instanceof service.SlotTaken) return reply.status(409).send({ detail: error.message, nearest: error.nearest });
          throw error;
        }
      },
    );
  };
}
