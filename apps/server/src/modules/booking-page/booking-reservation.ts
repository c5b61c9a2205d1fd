import { BOOKING_TEXTS, type BookingResult } from "@clinora/contracts";
import type { Db } from "../../platform/db/client";
import type { Clock } from "../../platform/lib/clock";
import type { AppointmentService } from "../appointments";
import { recordConsents } from "../consent";
import type { MessagingService } from "../messaging";
import { createPatientFrom, patientByPhone } from "../patients";
import { confirmationMessage } from "./booking-confirmation";
import { bookingContextOf, typeOf, whenOf } from "./booking-page-context";
import { mobileOf, refuseRobot, takeAttempt } from "./booking-page-guards";
import type { BookingSlots } from "./booking-page-slots";
import type { RescheduleLinks } from "./booking-reschedule-links";

export interface BookingInput {
  type: number;
  date: string;
  time: string;
  name: string;
  phone: string;
  email: string | null;
  consent_whatsapp: true;
  consent_assistant?: boolean;
  website?: string;
}

export interface ReservationDeps {
  appointments: Pick<AppointmentService, "lockSchedule" | "bookIn">;
  messaging: Pick<MessagingService, "sendToContact">;
  slots: BookingSlots;
  links: Pick<RescheduleLinks, "upcomingOf" | "sendLink">;
  reminderContentSid: string | undefined;
  wake: () => void;
}

/**
 * A booking made on the public page (docs/decisions/028): a pending appointment for the patient with this WhatsApp
 * number (found by phone, or created), their consent per channel and the WhatsApp confirmation, all in one
 * transaction under the schedule lock. A number with an upcoming appointment gets a reschedule link instead.
 */
export function bookingReservation(db: Db, clock: Clock, deps: ReservationDeps) {
  return async (slug: string, input: BookingInput, meta: { ip: string; origin: string }): Promise<{ status: 201 | 200; body: BookingResult }> => {
    const ctx = await bookingContextOf(db, slug);
    refuseRobot(input.website);
    const type = typeOf(ctx, input.type);
    const phone = mobileOf(input.phone);
    await takeAttempt(db, clock, ctx, meta.ip, phone);
    const professionalId = ctx.page.professionalId;

    const known = await patientByPhone(db, professionalId, phone);
    const active = known ? await deps.links.upcomingOf(ctx, known.id) : null;
    if (known && active) {
      const sent = await deps.links.sendLink(ctx, meta.origin, known, phone, active);
      return { status: 200, body: { status: "reschedule_offered", message: sent ? BOOKING_TEXTS.hasActiveAppointment : BOOKING_TEXTS.hasActiveAppointmentByCall, when: null } };
    }

    await deps.slots.checkOffered(ctx, input.date, input.time, type.duration);
    const actor = { ...ctx.actor, ip: meta.ip };
    const { appointment, confirmed } = await deps.slots.orNearest(ctx, { date: input.date, time: input.time, duration: type.duration }, () =>
      db.transaction(async (tx) => {
        // The patient is found or created under the schedule lock: a double submission makes one patient.
        await deps.appointments.lockSchedule(tx, actor);
        const found = await patientByPhone(tx, professionalId, phone);
        const patient =
          found ??
          (await createPatientFrom(tx, actor, { name: input.name, phone, email: input.email ?? null }, "booking_page"));
        const appointment = await deps.appointments.bookIn(
          tx,
          actor,
          { patient_id: patient.id, appointment_date: input.date, appointment_time: input.time, appointment_type: type.name, duration: type.duration, notes: null, status: "pending" },
          // The patient gets the page's own confirmation below, not a reminder at once.
          { source: "booking_page", notBefore: deps.slots.earliest(ctx), lateReminder: false },
        );
        const channels = input.consent_assistant ? (["whatsapp_reminders", "whatsapp_assistant"] as const) : (["whatsapp_reminders"] as const);
        await recordConsents(tx, actor, { patientId: patient.id, phone, channels, status: "given", method: "booking_page", note: "Marcado pelo paciente na página de agendamento", at: clock.now() });
        const message = confirmationMessage(ctx, appointment, { phone, patientName: patient.name }, { rescheduled: false, reminderContentSid: deps.reminderContentSid });
        const outcome = await deps.messaging.sendToContact(tx, { ...message, sender: "assistant" });
        return { appointment, confirmed: outcome.sent };
      }),
    );
    deps.wake();
    // Only what will happen: the WhatsApp confirmation when one was queued, else the clinic's call.
    return { status: 201, body: { status: "booked", message: confirmed ? BOOKING_TEXTS.booked : BOOKING_TEXTS.bookedByCall, when: whenOf(appointment.date, appointment.time) } };
  };
}
