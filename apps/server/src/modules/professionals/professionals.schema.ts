import { bigint, boolean, index, integer, pgTable, smallint, text, time, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { DEFAULT_TIME_ZONE } from "@clinora/contracts";
import { createdAt, id, updatedAt } from "../../platform/db/columns";

/** The tenant: every professional-owned row points here (docs/product/platform.md §1). */
export const professionals = pgTable(
  "professionals",
  {
    id: id(),
    fullName: text("full_name").notNull(),
    specialty: text("specialty").notNull(),
    phone: text("phone"),
    email: text("email"),
    clinicName: text("clinic_name"),
    clinicAddress: text("clinic_address"),
    clinicCity: text("clinic_city"),
    clinicState: varchar("clinic_state", { length: 2 }),
    clinicZip: text("clinic_zip"),
    clinicPhone: text("clinic_phone"),
    clinicEmail: text("clinic_email"),
    bio: text("bio"),
    licenseNumber: text("license_number"),
    licenseState: varchar("license_state", { length: 2 }),
    licenseType: text("license_type"),
    appointmentDuration: integer("appointment_duration").notNull().default(50),
    isAvailable: boolean("is_available").notNull().default(true),
    zenMode: boolean("zen_mode").notNull().default(false),
    timezone: text("timezone").notNull().default(DEFAULT_TIME_ZONE),
    /** ISO-less weekday numbers, 0 = Sunday … 6 = Saturday; default Monday to Friday. */
    businessDays: smallint("business_days").array().notNull().default([1, 2, 3, 4, 5]),
    businessStart: time("business_start").notNull().default("08:00"),
    businessEnd: time("business_end").notNull().default("18:00"),
    /** The opaque id of the public web chat (`/chat/<id>`), made the first time the professional opens its settings. */
    publicChatId: text("public_chat_id"),
    /** WhatsApp reminders before pending and confirmed appointments (docs/decisions/017). */
    remindersEnabled: boolean("reminders_enabled").notNull().default(true),
    /** How many hours before the start the reminder goes out (one of REMINDER_LEAD_HOURS). */
    reminderLeadHours: integer("reminder_lead_hours").notNull().default(24),
    /** When she put away the Painel's first-steps checklist (docs/product/settings.md "First steps"); null while shown. */
    firstStepsDismissedAt: timestamp("first_steps_dismissed_at", { withTimezone: true }),
    /**
     * Goes up in the transaction of every change of an input of her free times (appointments, hours, Disponível,
     * Google busy times, booking page): database triggers keep it (migration 0028, docs/decisions/039).
     */
    scheduleVersion: bigint("schedule_version", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("professionals_specialty_idx").on(t.specialty),
    index("professionals_city_idx").on(t.clinicCity),
    index("professionals_created_idx").on(t.createdAt),
    uniqueIndex("professionals_public_chat_id_key").on(t.publicChatId),
  ],
);
