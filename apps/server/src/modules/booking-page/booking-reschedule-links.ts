import { randomBytes } from "node:crypto";
import { BOOKING_RESCHEDULE_TOKEN_HOURS, BOOKING_TEXTS, BOOKING_TOKEN_PATTERN, type Appointment, type BookingRescheduleInfo, type BookingResult, type BookingTimes } from "@clinora/contracts";
import type { Db } from "../../platform/db/client";
import { AppError } from "../../platform/lib/app-error";
import type { Clock } from "../../platform/lib/clock";
import { sha256Hex } from "../../platform/lib/crypto";
import { upcomingAppointment, upcomingAppointmentsOf, type AppointmentService } from "../appointments";
import { recordAudit } from "../audit";
import type { MessagingService } from "../messaging";
import { patientByPhone, patientContact } from "../patients";
import { practiceNameOf } from "../professionals";
import { confirmationMessage } from "./booking-confirmation";
import { bookingContextOf, HOUR, whenOf, type BookingContext } from "./booking-page-context";
import { mobileOf, refuseRobot, takeAttempt } from "./booking-page-guards";
import type { BookingSlots } from "./booking-page-slots";
import { bookingPageRepository } from "./booking-page.repository";

export interface RescheduleLinkDeps {
  appointments: Pick<AppointmentService, "lockSchedule" | "moveIn">;
  messaging: Pick<MessagingService, "sendToContact">;
  slots: BookingSlots;
  /** Whether any WhatsApp message can go from this practice (Twilio and a sending number). */
  canSendWhatsapp: (professionalId: string) => Promise<boolean>;
  pageUrl: (origin: string, slug: string) => string;
  reminderContentSid: string | undefined;
  /** TWILIO_RESEND_CONTENT_SID: the approved template carrying one text, for the link outside the window. */
  resendContentSid: string | undefined;
  wake: () => void;
}

/**
 * The booking page's reschedule links (docs/decisions/028): a patient who already has an upcoming appointment gets a
 * one-time link on WhatsApp, and whoever holds it may move that appointment once to another free time.
 */
export function rescheduleLinks(db: Db, clock: Clock, deps: RescheduleLinkDeps) {
  /** A patient's upcoming appointment (the appointments' one rule), the soonest: the one a link moves. */
  const upcomingOf = async (ctx: BookingContext, patientId: string) =>
    (await upcomingAppointmentsOf(db, ctx.page.professionalId, [patientId], clock.now()))[0] ?? null;

  /**
   * Makes a one-time link to move `appointment` and sends it to the patient's WhatsApp, in one transaction. Answers
   * whether the message was queued (nothing can go without a sending number, consent, or the window/template).
   */
  const sendLink = async (ctx: BookingContext, origin: string, patient: { id: string; name: string }, phone: string, appointment: Appointment) => {
    const token = randomBytes(32).toString("base64url");
    const link = `${deps.pageUrl(origin, ctx.page.slug)}#remarcar=${token}`;
    const text = `Olá! Para remarcar sua consulta de ${whenOf(appointment.date, appointment.time)} com ${practiceNameOf(ctx.professional)}, use este link (vale por ${BOOKING_RESCHEDULE_TOKEN_HOURS} horas, uma vez): ${link}`;
    const sent = await db.transaction(async (tx) => {
      await bookingPageRepository(tx).insertToken({
        professionalId: ctx.page.professionalId,
        appointmentId: appointment.id,
        tokenHash: sha256Hex(token),
        expiresAt: new Date(clock.now().getTime() + BOOKING_RESCHEDULE_TOKEN_HOURS * HOUR),
      });
      const outcome = await deps.messaging.sendToContact(tx, {
        professionalId: ctx.page.professionalId,
        patientId: patient.id,
        patientName: patient.name,
        phone,
        text,
        template: deps.resendContentSid ? { contentSid: deps.resendContentSid, variables: { "1": text } } : undefined,
        sender: "assistant",
      });
      if (outcome.sent) await recordAudit(tx, ctx.actor, { action: "booking_page.reschedule_link_sent", entityType: "appointment", entityId: appointment.id });
      return outcome.sent;
    });
    deps.wake();
    return sent;
  };

  /** The appointment a reschedule token moves, or 404 with the same text for a wrong, used or expired token. */
  const tokenTarget = async (ctx: BookingContext, token: string | undefined) => {
    const row = token && BOOKING_TOKEN_PATTERN.test(token) ? await bookingPageRepository(db).findUsableToken(ctx.page.professionalId, sha256Hex(token), clock.now()) : null;
    const appointment = row ? await upcomingAppointment(db, ctx.page.professionalId, row.appointmentId, clock.now()) : null;
    if (!row || !appointment) throw AppError.notFound(BOOKING_TEXTS.tokenInvalid);
    return { row, appointment };
  };

  return {
    upcomingOf,
    sendLink,

    /** "Já tenho consulta": the link goes to the number's WhatsApp when it has an upcoming appointment; the answer is the same either way. */
    async request(slug: string, input: { phone: string; website?: string }, meta: { ip: string; origin: string }): Promise<BookingResult> {
      const ctx = await bookingContextOf(db, slug);
      refuseRobot(input.website);
      const phone = mobileOf(input.phone);
      await takeAttempt(db, clock, ctx, meta.ip, phone);
      const known = await patientByPhone(db, ctx.page.professionalId, phone);
      const active = known ? await upcomingOf(ctx, known.id) : null;
      // With no number that can send, no link can reach anyone: say so, whoever asks (the answer reveals nothing).
      if (!(await deps.canSendWhatsapp(ctx.page.professionalId))) return { status: "reschedule_offered", message: BOOKING_TEXTS.rescheduleByCall, when: null };
      if (known && active) await sendLink(ctx, meta.origin, known, phone, active);
      return { status: "reschedule_offered", message: BOOKING_TEXTS.rescheduleLinkSent, when: null };
    },

    /** What a reschedule link moves, shown only to whoever holds the link (it went to the patient's WhatsApp). */
    async info(slug: string, token: string | undefined): Promise<BookingRescheduleInfo> {
      const ctx = await bookingContextOf(db, slug);
      const { appointment } = await tokenTarget(ctx, token);
      const index = ctx.page.appointmentTypes.findIndex((t) => t.name === appointment.appointment_type);
      return { type: index, type_name: appointment.appointment_type, duration: appointment.duration, when: whenOf(appointment.date, appointment.time) };
    },

    async times(slug: string, token: string | undefined): Promise<BookingTimes> {
      const ctx = await bookingContextOf(db, slug);
      const { appointment } = await tokenTarget(ctx, token);
      return { type: -1, duration: appointment.duration, days: await deps.slots.freeDays(ctx, appointment.duration, appointment.id) };
    },

    /**
     * Moves the link's appointment to a new free time, once: the token is used up in the same transaction, under the
     * schedule lock, with the minimum notice checked there and the confirmation queued with it.
     */
    async reschedule(slug: string, token: string | undefined, input: { date: string; time: string; website?: string }, meta: { ip: string }): Promise<BookingResult> {
      const ctx = await bookingContextOf(db, slug);
      refuseRobot(input.website);
      const { row, appointment } = await tokenTarget(ctx, token);
      const wanted = { date: input.date, time: input.time, duration: appointment.duration, excludeId: appointment.id };
      await deps.slots.checkOffered(ctx, wanted.date, wanted.time, wanted.duration, wanted.excludeId);
      const actor = { ...ctx.actor, ip: meta.ip };
      const phone = (await patientContact(db, ctx.page.professionalId, appointment.patient_id))?.phone ?? null;
      const { moved, confirmed } = await deps.slots.orNearest(ctx, wanted, () =>
        db.transaction(async (tx) => {
          await deps.appointments.lockSchedule(tx, actor);
          // Used once: a second request with the same link (another tab, a double tap) finds it used.
          const usable = await bookingPageRepository(tx).findUsableToken(ctx.page.professionalId, row.tokenHash, clock.now(), true);
          if (!usable) throw AppError.notFound(BOOKING_TEXTS.tokenInvalid);
          await bookingPageRepository(tx).markTokenUsed(row.id, clock.now());
          const values = {
            patient_id: appointment.patient_id,
            appointment_date: input.date,
            appointment_time: input.time,
            appointment_type: appointment.appointment_type,
            duration: appointment.duration,
            notes: appointment.notes ?? null,
            status: "pending" as const,
          };
          const moved = await deps.appointments.moveIn(tx, actor, appointment.id, values, { notBefore: deps.slots.earliest(ctx), lateReminder: false });
          if (!phone) return { moved, confirmed: false };
          const message = confirmationMessage(ctx, moved, { phone, patientName: moved.patient_name ?? null }, { rescheduled: true, reminderContentSid: deps.reminderContentSid });
          const outcome = await deps.messaging.sendToContact(tx, { ...message, sender: "assistant" });
          return { moved, confirmed: outcome.sent };
        }),
      );
      deps.wake();
      return { status: "booked", message: confirmed ? BOOKING_TEXTS.rescheduled : BOOKING_TEXTS.rescheduledByCall, when: whenOf(moved.date, moved.time) };
    },
  };
}

export type RescheduleLinks = ReturnType<typeof rescheduleLinks>;
