import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { CALENDAR_CONNECTION_STATUSES } from "@clinora/contracts";
import { belongsTo, createdAt, id, updatedAt } from "../../platform/db/columns";
import { appointments } from "../appointments/appointments.schema";
import { sessions } from "../auth/auth.schema";
import { professionals } from "../professionals/professionals.schema";

export const calendarConnectionStatus = pgEnum("calendar_connection_status", CALENDAR_CONNECTION_STATUSES);

/** A professional's Google Calendar link; tokens are encrypted at rest by the integration. */
export const calendarConnections = pgTable(
  "calendar_connections",
  {
    id: id(),
    professionalId: belongsTo("professional_id", () => professionals.id),
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
    /** Calendars of the account whose busy times block times in Clinora (docs/decisions/027); none: nothing is read. */
    busyCalendarIds: text("busy_calendar_ids").array().notNull().default([]),
    /** The last busy-times read that worked; `calendar_busy_intervals` holds what it found. */
    busyFetchedAt: timestamp("busy_fetched_at", { withTimezone: true }),
    /** The end of the period that read covered: later dates have no busy times from Google. */
    busyUntil: timestamp("busy_until", { withTimezone: true }),
    /** The last read tried, worked or not: a failed one is not tried again at every request. */
    busyCheckedAt: timestamp("busy_checked_at", { withTimezone: true }),
    /**
     * Why the last read failed, while it has not worked again: `unavailable` (Google failed), `needs_reconnect`
     * (grant refused or without the scopes), `calendar_unreadable` (a chosen calendar can no longer be read).
     */
    busyError: text("busy_error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("calendar_connections_professional_key").on(t.professionalId),
    index("calendar_connections_status_idx").on(t.status),
  ],
);

/**
 * The busy times of a professional's chosen Google calendars as last read, without the times of Clinora's own
 * appointments (docs/decisions/027): a cache the job refreshes, read by every free-times answer.
 */
export const calendarBusyIntervals = pgTable(
  "calendar_busy_intervals",
  {
    id: id(),
    professionalId: belongsTo("professional_id", () => professionals.id),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("calendar_busy_intervals_professional_idx").on(t.professionalId, t.startsAt)],
);

/** Which calendar event mirrors which appointment (one-way sync, product to calendar). */
export const calendarEventLinks = pgTable(
  "calendar_event_links",
  {
    appointmentId: uuid("appointment_id")
      .primaryKey()
      .references(() => appointments.id, { onDelete: "cascade" }),
    professionalId: belongsTo("professional_id", () => professionals.id),
    externalEventId: text("external_event_id").notNull(),
    syncedAt: timestamp("synced_at", { withTimezone: true }).notNull().defaultNow(),
    /** The appointment's `updated_at` the event was written from: an older one means the event is out of date. */
    appointmentUpdatedAt: timestamp("appointment_updated_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("calendar_event_links_professional_idx").on(t.professionalId)],
);

/**
 * An OAuth `state` handed to Google and not yet come back: only its SHA-256 is kept, bound to the session that
 * asked for it, used once and only before `expires_at` (RFC 6749 §10.12, CSRF on the redirect).
 */
export const calendarOauthStates = pgTable(
  "calendar_oauth_states",
  {
    stateHash: text("state_hash").primaryKey(),
    sessionId: belongsTo("session_id", () => sessions.id),
    professionalId: belongsTo("professional_id", () => professionals.id),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("calendar_oauth_states_expires_idx").on(t.expiresAt)],
);
