import type { Appointment, TodayAppointment } from "@clinora/contracts";
import { hhmm, isoInstant } from "../../db/rows";
import type { ShownAppointment, TodayAppointmentRow } from "./appointment.repository";

/** Database row -> API shape (spec part 2 §3 "Appointment"); `date`, `time` and `type` repeat the long names. */
export function toAppointmentDto(a: ShownAppointment): Appointment {
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
    date: a.appointmentDate,
    time,
    type: a.appointmentType,
    starts_at: isoInstant(a.startsAt),
    ends_at: isoInstant(a.endsAt),
    created_at: isoInstant(a.createdAt),
    updated_at: isoInstant(a.updatedAt),
  };
}

/** The dashboard's shorter shape (spec part 2 §3 "Today's appointment"). */
export function toTodayAppointmentDto(a: TodayAppointmentRow): TodayAppointment {
  return {
    id: a.id,
    patient_name: a.patientName,
    time: hhmm(a.appointmentTime),
    duration: a.duration,
    status: a.status,
    type: a.appointmentType,
  };
}
