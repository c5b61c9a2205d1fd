import { sql, type SQLWrapper } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  real,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { belongsTo, createdAt, id, updatedAt } from "./columns";
import type { AppointmentSource, PatientResponse } from "@clinora/contracts";
import { appointmentStatus, taskPriority, taskStatus } from "./enums";
import { professionals } from "./professionals";

const professionalRef = () =>
  belongsTo("professional_id", () => professionals.id);

/** A professional's patient (docs/product/patients.md §3 "Patient"). Phones in E.164; CPF digits only. */
export const patients = pgTable(
  "patients",
  {
    id: id(),
    professionalId: professionalRef(),
    name: text("name").notNull(),
    phone: text("phone"),
    email: text("email"),
    birthDate: date("birth_date"),
    cpf: varchar("cpf", { length: 11 }),
    address: text("address"),
    preferredTime: text("preferred_time"),
    notes: text("notes"),
    medicalHistory: text("medical_history"),
    emergencyContact: text("emergency_contact"),
    /** Lower-cased, accent-free name, email, phone and CPF, kept by the repository for search. */
    searchText: text("search_text").notNull().default(""),
    /**
     * The name as a Brazilian reads it in an A-Z list: lower case, accents stripped (nameSortKey), kept by the
     * repository. PGlite has no ICU collations, so "Débora" sorts before "Diego" only through this column.
     */
    nameSort: text("name_sort").notNull().default(""),
    /** When the record was anonymised at the patient's request (LGPD art. 18): identifying fields are gone for good. */
    anonymizedAt: timestamp("anonymized_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("patients_professional_name_sort_idx").on(t.professionalId, t.nameSort, t.name),
    index("patients_professional_created_idx").on(t.professionalId, t.createdAt),
    index("patients_professional_phone_idx").on(t.professionalId, t.phone),
    uniqueIndex("patients_professional_cpf_key").on(t.professionalId, t.cpf).where(sql`${t.cpf} is not null`),
  ],
);

/**
 * An appointment is a local date, a local time and a duration (docs/product/time-and-dates.md §2); starts_at/ends_at are the
 * instants derived in the professional's zone, used for overlap checks and calendar sync.
 */
export const appointments = pgTable(
  "appointments",
  {
    id: id(),
    professionalId: professionalRef(),
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

/** 0 for an open task, 1 for a done one: the list shows open tasks first. */
export const taskDoneLast = (status: SQLWrapper) => sql`(case when ${status} = 'done' then 1 else 0 end)`;
/** 0 for urgent … 3 for low: the list shows the most urgent first. */
export const taskPriorityRank = (priority: SQLWrapper) => sql`(case ${priority} when 'urgent' then 0 when 'high' then 1 when 'medium' then 2 else 3 end)`;

/** A professional's to-do (docs/product/tasks.md §3 "Task"). */
export const tasks = pgTable(
  "tasks",
  {
    id: id(),
    professionalId: professionalRef(),
    patientId: uuid("patient_id").references(() => patients.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    description: text("description"),
    status: taskStatus("status").notNull().default("todo"),
    priority: taskPriority("priority").notNull().default("medium"),
    dueDate: date("due_date"),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("tasks_professional_status_idx").on(t.professionalId, t.status, t.dueDate),
    index("tasks_professional_due_idx").on(t.professionalId, t.dueDate),
    index("tasks_professional_created_idx").on(t.professionalId, t.createdAt),
    // The list's order (task.repository.ts), so a page is read in order and stops at its last row.
    index("tasks_professional_list_idx").on(t.professionalId, taskDoneLast(t.status), t.dueDate, taskPriorityRank(t.priority), t.createdAt.desc().nullsFirst(), t.id),
  ],
);

/** The assistant configuration of one professional (docs/product/assistant.md §3 "Assistant settings"). */
export const assistantSettings = pgTable("assistant_settings", {
  professionalId: uuid("professional_id")
    .primaryKey()
    .references(() => professionals.id, { onDelete: "cascade" }),
  aiEnabled: boolean("ai_enabled").notNull().default(true),
  aiModel: text("ai_model").notNull().default("gpt-4o-mini"),
  aiRoleName: text("ai_role_name").default("Marge"),
  aiSystemPrompt: text("ai_system_prompt"),
  aiInstructions: text("ai_instructions"),
  aiTemperature: real("ai_temperature").notNull().default(0.7),
  aiMaxTokens: integer("ai_max_tokens").notNull().default(500),
  updatedAt: updatedAt(),
});
