import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { BookingAppointmentType } from "@clinora/contracts";
import { belongsTo, createdAt, id, updatedAt } from "../../platform/db/columns";
import { appointments } from "../appointments/appointments.schema";
import { professionals } from "../professionals/professionals.schema";

/**
 * A professional's public booking page (docs/decisions/028): made the first time the professional opens
 * its settings, off until turned on. The slug is the page's address (`/agendar/<slug>`), unique across professionals.
 */
export const bookingPages = pgTable(
  "booking_pages",
  {
    professionalId: uuid("professional_id")
      .primaryKey()
      .references(() => professionals.id, { onDelete: "cascade" }),
    enabled: boolean("enabled").notNull().default(false),
    slug: text("slug").notNull(),
    minNoticeHours: integer("min_notice_hours").notNull().default(2),
    daysAhead: integer("days_ahead").notNull().default(30),
    appointmentTypes: jsonb("appointment_types").$type<BookingAppointmentType[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("booking_pages_slug_key").on(t.slug)],
);

/**
 * A one-time link sent by WhatsApp to the phone of a patient who already has an appointment: whoever holds it may
 * move that appointment once, before it expires. Only the SHA-256 of the token is kept.
 */
export const bookingRescheduleTokens = pgTable(
  "booking_reschedule_tokens",
  {
    id: id(),
    professionalId: belongsTo("professional_id", () => professionals.id),
    appointmentId: belongsTo("appointment_id", () => appointments.id),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("booking_reschedule_tokens_hash_key").on(t.tokenHash), index("booking_reschedule_tokens_appointment_idx").on(t.appointmentId)],
);
