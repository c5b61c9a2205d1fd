import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";
import { calendarConnectionStatus } from "./enums";
import { appointments } from "./practice";
import { professionals } from "./professionals";

/** A professional's Google Calendar link; tokens are encrypted at rest by the integration. */
export const calendarConnections = pgTable(
  "calendar_connections",
  {
    id: id(),
    professionalId: uuid("professional_id")
      .notNull()
      .references(() => professionals.id, { onDelete: "cascade" }),
    provider: text("provider").notNull().default("google"),
    accountEmail: text("account_email"),
    calendarId: text("calendar_id").notNull().default("primary"),
    accessTokenEnc: text("access_token_enc"),
    refreshTokenEnc: text("refresh_token_enc"),
    tokenExpiresAt: timestamp("token_expires_at", { withTimezone: true }),
    timezone: text("timezone").notNull().default("UTC"),
    status: calendarConnectionStatus("status").notNull().default("connected"),
    lastError: text("last_error"),
    lastSyncedAt: timestamp("last_synced_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("calendar_connections_professional_key").on(t.professionalId),
    index("calendar_connections_status_idx").on(t.status),
  ],
);

/** Which calendar event mirrors which appointment (one-way sync, product to calendar). */
export const calendarEventLinks = pgTable(
  "calendar_event_links",
  {
    appointmentId: uuid("appointment_id")
      .primaryKey()
      .references(() => appointments.id, { onDelete: "cascade" }),
    professionalId: uuid("professional_id")
      .notNull()
      .references(() => professionals.id, { onDelete: "cascade" }),
    externalEventId: text("external_event_id").notNull(),
    syncedAt: timestamp("synced_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("calendar_event_links_professional_idx").on(t.professionalId)],
);
