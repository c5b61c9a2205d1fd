import { sql } from "drizzle-orm";
import { date, index, pgTable, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { belongsTo, createdAt, id, updatedAt } from "../../platform/db/columns";
import { professionals } from "../professionals/professionals.schema";

/** A professional's patient (docs/product/patients.md §3 "Patient"). Phones in E.164; CPF digits only. */
export const patients = pgTable(
  "patients",
  {
    id: id(),
    professionalId: belongsTo("professional_id", () => professionals.id),
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
