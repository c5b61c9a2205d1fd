import { date, index, integer, pgEnum, pgTable, text, time, timestamp } from "drizzle-orm/pg-core";
import { APPOINTMENT_STATUSES, type AppointmentSource, type PatientResponse } from "@clinora/contracts";
import { belongsTo, createdAt, id, updatedAt } from "../../platform/db/columns";
import { patients } from "../patients/patients.schema";
import { professionals } from "../professionals/professionals.schema";

export const appointmentStatus = pgEnum("appointment_status", APPOINTMENT_STATUSES);

/**
 * An appointment is a local date, a local time and a duration (docs/product/time-and-dates.md §2); starts_at/ends_at are the
 * instants derived in the professional's zone, used for overlap checks and calendar sync.
 */
export const appointments = pgTable(
  "appointments",
  {
    id: id(),
    professionalId: belongsTo("professional_id", () => professionals.id),
    patientId: belongsTo("patient_id", () => patients.id),
    appointmentDate: date("appointment_date").notNull(),
    appointmentTime: time("appointment_time").notNull(),
    duration: integer("duration").notNull().default(50),
    appointmentType: text("appointment_type").notNull().default("Consulta"),
    notes: text("notes"),
    status: appointmentStatus("status").notNull().default("pending"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** "manual" from the screens, "assistant" when booked by the virtual assistant, "booking_page" by the patient on the public page. */
    source: text("source").$type<AppointmentSource>().notNull().default("manual"),
    /** The patient's own answer ("confirmed" / "cancelled"), by a reminder reply or the assistant; cleared when the time moves. */
    patientResponse: text("patient_response").$type<PatientResponse>(),
    patientRespondedAt: timestamp("patient_responded_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("appointments_professional_date_idx").on(t.professionalId, t.appointmentDate, t.appointmentTime),
    index("appointments_professional_starts_idx").on(t.professionalId, t.startsAt),
    index("appointments_professional_patient_idx").on(t.professionalId, t.patientId, t.appointmentDate),
    index("appointments_date_idx").on(t.appointmentDate),
  ],
);
