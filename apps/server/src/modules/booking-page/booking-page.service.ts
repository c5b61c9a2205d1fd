import QRCode from "qrcode";
import {
  BOOKING_PAGE_PATH,
  BOOKING_TEXTS,
  DEFAULT_APPOINTMENT_TYPE,
  timeZoneLabel,
  type BookingAppointmentType,
  type BookingPageSettings,
  type BookingPageSettingsInput,
  type BookingPublicPage,
} from "@clinora/contracts";
import type { Db } from "../../platform/db/client";
import type { MessagingGateway } from "../../platform/integrations/twilio/messaging-gateway";
import { AppError } from "../../platform/lib/app-error";
import type { TenantCaller } from "../../platform/lib/caller";
import type { Clock } from "../../platform/lib/clock";
import { isUniqueViolation } from "../../platform/lib/db-errors";
import type { AppointmentService } from "../appointments";
import { recordAudit } from "../audit";
import { practiceNameOf, publicPracticeOf } from "../professionals";
import type { MessagingService } from "../messaging";
import { bookingPagePrices } from "../payments";
import { bookingContextOf, phoneOfClinic, slugOf } from "./booking-page-context";
import { bookingFreeTimes } from "./booking-free-times";
import { bookingSlots, SlotTaken } from "./booking-page-slots";
import { bookingPageRepository, type BookingPageRow } from "./booking-page.repository";
import { bookingReservation } from "./booking-reservation";
import { rescheduleLinks } from "./booking-reschedule-links";

export type BookingPageService = ReturnType<typeof bookingPageService>;

/**
 * The public booking page (docs/decisions/028), put together from its parts: the professional's settings and the
 * page itself here, the times it offers (booking-page-slots), the booking (booking-reservation) and the one-time
 * reschedule links (booking-reschedule-links). Bookings go through the appointments' own operation, with the same
 * schedule lock and overlap check as every booking.
 */
export function bookingPageService(
  db: Db,
  clock: Clock,
  deps: {
    appointments: Pick<AppointmentService, "candidateDays" | "bookable" | "lockSchedule" | "bookIn" | "moveIn">;
    messaging: Pick<MessagingService, "senderOf" | "sendToContact">;
    gateway: Pick<MessagingGateway, "configured">;
    /** TWILIO_REMINDER_CONTENT_SID: the approved appointment template, for the confirmation outside the 24-hour window. */
    reminderContentSid: string | undefined;
    /** TWILIO_RESEND_CONTENT_SID: the approved template carrying one text, for the reschedule link outside the window. */
    resendContentSid: string | undefined;
    publicUrl: string | undefined;
    wake: () => void;
  },
) {
  const repo = bookingPageRepository(db);

  const pageUrl = (origin: string, slug: string) => `${deps.publicUrl ?? origin}${BOOKING_PAGE_PATH}/${slug}`;

  /** The page's types, each with its price when the professional shows prices there (docs/product/payments.md §6). */
  const withPrices = async (professionalId: string, types: BookingAppointmentType[]) => {
    const prices = await bookingPagePrices(db, professionalId);
    return types.map((t, index) => ({ ...t, index, price_cents: prices.get(t.name) ?? null }));
  };
  /** Whether any WhatsApp message can go from this practice: the server has Twilio and the practice a sending number. */
  const canSendWhatsapp = async (professionalId: string) => deps.gateway.configured && Boolean(await deps.messaging.senderOf(db, professionalId));

  const toSettings = async (row: BookingPageRow, origin: string): Promise<BookingPageSettings> => {
    const professional = await publicPracticeOf(db, row.professionalId);
    return {
      enabled: row.enabled,
      slug: row.slug,
      url: pageUrl(origin, row.slug),
      min_notice_hours: row.minNoticeHours,
      days_ahead: row.daysAhead,
      appointment_types: row.appointmentTypes,
      whatsapp_confirmation: await canSendWhatsapp(row.professionalId),
      has_phone: Boolean(professional?.contactPhone),
    };
  };

  /** The page of a professional, made (off, with a slug from the name) the first time it is asked for. */
  const ensurePage = async (professionalId: string): Promise<BookingPageRow> => {
    const existing = await repo.findByProfessional(professionalId);
    if (existing) return existing;
    const professional = await publicPracticeOf(db, professionalId);
    if (!professional) throw AppError.notFound();
    const base = slugOf(professional.fullName);
    for (let n = 1; n <= 50; n++) {
      const slug = n === 1 ? base : `${base}-${n}`;
      if (await repo.slugTaken(slug)) continue;
      const types: BookingAppointmentType[] = [{ name: DEFAULT_APPOINTMENT_TYPE, duration: Math.min(180, Math.max(15, professional.settings.appointmentDuration)) }];
      const created = await repo.insertIfMissing(professionalId, { enabled: false, slug, minNoticeHours: 2, daysAhead: 30, appointmentTypes: types });
      const row = await repo.findByProfessional(professionalId);
      if (row) return row;
      if (created) break;
    }
    throw AppError.conflict(BOOKING_TEXTS.slugTaken);
  };

  const slots = bookingSlots(clock, deps.appointments);
  const freeTimes = bookingFreeTimes(db, clock, slots);
  const links = rescheduleLinks(db, clock, { ...deps, slots, canSendWhatsapp, pageUrl });
  const book = bookingReservation(db, clock, { ...deps, slots, links });

  return {
    SlotTaken,


    async settings(caller: TenantCaller, origin: string): Promise<BookingPageSettings> {
      return await toSettings(await ensurePage(caller.professionalId), origin);
    },

    async updateSettings(caller: TenantCaller, origin: string, input: BookingPageSettingsInput): Promise<BookingPageSettings> {
      await ensurePage(caller.professionalId);
      const values = {
        enabled: input.enabled ?? false,
        slug: input.slug,
        minNoticeHours: input.min_notice_hours ?? 2,
        daysAhead: input.days_ahead ?? 30,
        appointmentTypes: input.appointment_types,
      };
      try {
        await db.transaction(async (tx) => {
          if (await bookingPageRepository(tx).slugTaken(values.slug, caller.professionalId)) throw AppError.conflict(BOOKING_TEXTS.slugTaken);
          await bookingPageRepository(tx).update(caller.professionalId, values);
          await recordAudit(tx, caller, { action: "booking_page.updated", entityType: "booking_page", entityId: caller.professionalId, details: { enabled: values.enabled, slug: values.slug } });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw AppError.conflict(BOOKING_TEXTS.slugTaken);
        throw error;
      }
      return await toSettings((await repo.findByProfessional(caller.professionalId))!, origin);
    },

    /** The page's address as a QR code (SVG), to print or post. */
    async qrSvg(caller: TenantCaller, origin: string): Promise<string> {
      const page = await ensurePage(caller.professionalId);
      return QRCode.toString(pageUrl(origin, page.slug), { type: "svg", errorCorrectionLevel: "M", margin: 2 });
    },

    /** What the page shows: the clinic and its consultation types. Nothing about any patient or booking. */
    async page(slug: string): Promise<BookingPublicPage> {
      const ctx = await bookingContextOf(db, slug);
      return {
        clinic_name: practiceNameOf(ctx.professional),
        professional_name: ctx.professional.fullName,
        address: ctx.professional.address,
        time_zone: ctx.actor.practice.timeZone,
        time_zone_label: timeZoneLabel(ctx.actor.practice.timeZone),
        phone: phoneOfClinic(ctx.professional),
        whatsapp_confirmation: await canSendWhatsapp(ctx.professional.id),
        appointment_types: await withPrices(ctx.professional.id, ctx.page.appointmentTypes),
      };
    },

    /** The page's next free times of one consultation type, reused while their inputs stay (docs/decisions/039). */
    times: freeTimes.times,

    /**
     * Books a pending appointment for the patient with this WhatsApp number (found by phone, or created), records
     * their consent per channel and queues the confirmation, all in the booking's one transaction under the schedule
     * lock. A number with an upcoming appointment gets a reschedule link on WhatsApp instead.
     */
    book,
    requestRescheduleLink: links.request,
    rescheduleInfo: links.info,
    rescheduleTimes: links.times,
    reschedule: links.reschedule,
  };
}
