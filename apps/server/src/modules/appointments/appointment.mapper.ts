import { REMINDER_SKIP_REASONS, type Appointment, type AppointmentReminder, type TodayAppointment } from "@clinora/contracts";
import { hhmm, instantText, type InstantsOrText } from "../../platform/db/rows";
import type { ShownAppointment, TodayAppointmentRow } from "./appointment.repository";

/** The reminder of the appointment's current time, with the reason in Portuguese when it was not sent. */
function reminderOf(a: InstantsOrText<ShownAppointment>): AppointmentReminder | null {
  if (!a.reminderOutcome || !a.reminderAt) return null;
  const reason = a.reminderOutcome === "skipped" ? a.reminderReason : null;
  return {
    outcome: a.reminderOutcome,
    reason,
    reason_text: reason ? (REMINDER_SKIP_REASONS[reason as keyof typeof REMINDER_SKIP_REASONS] ?? null) : null,
    at: instantText(a.reminderAt),
  };
}

/** Database row -> API shape (docs/product/appointments.md §3 "Appointment"); `date`, `time` and `type` repeat the long names. */
export function toAppointmentDto(a: InstantsOrText<ShownAppointment>): Appointment {
  const time = hhmm(a.appointmentTime);
  return {
    id: a.id,
    patient_id: a.patientId,
    patient_name: a.patientName,
    patient_email: a.patientEmail,
    patient_phone: a.patientPhone,
    appointment_date: a.appointmentDate,
    appointment_time: time,
    duration: a.duration,
    appointment_type: a.appointmentType,
    notes: a.notes,
    status: a.status,
    source: a.source,
    patient_response: a.patientResponse ?? null,
    reminder: reminderOf(a),
    date: a.appointmentDate,
    time,
    type: a.appointmentType,
    starts_at: instantText(a.startsAt),
    ends_at: instantText(a.endsAt),
    created_at: instantText(a.createdAt),
    updated_at: instantText(a.updatedAt),
  };
}

/** The dashboard's shorter shape (docs/product/appointments.md §3 "Today's appointment"). */
export function toTodayAppointmentDto(a: TodayAppointmentRow): TodayAppointment {
  return {
    id: a.id,
    patient_name: a.patientName,
    time: hhmm(a.appointmentTime),
    duration: a.duration,
    status: a.status,
    type: a.appointmentType,
    patient_response: a.patientResponse ?? null,
  };
}
