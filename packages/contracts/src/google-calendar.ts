import { z } from "zod";
import { CALENDAR_CONNECTION_STATUSES } from "./enums";

/**
 * GET /api/google-calendar/status (docs/product/google-calendar.md §3 "Calendar status"): `connected`, `timezone` (UTC when there is
 * no connection) and `last_synced_at`, plus the connection's state and account so the screen can explain an error.
 */
export const calendarStatusSchema = z.object({
  connected: z.boolean(),
  timezone: z.string(),
  last_synced_at: z.string().nullable(),
  /** null when the professional never connected (or disconnected). */
  status: z.enum(CALENDAR_CONNECTION_STATUSES).nullable(),
  account_email: z.string().nullable(),
  last_error: z.string().nullable(),
  /** Calendars whose busy times block times (docs/decisions/027). */
  busy_calendar_ids: z.array(z.string()),
  /** When the busy times were last read from Google; null before the first read. */
  busy_fetched_at: z.string().nullable(),
  /** Why the offered times consider only Clinora's agenda (or part of the chosen calendars), in Portuguese; null when all is well. */
  busy_warning: z.string().nullable(),
});
export type CalendarStatus = z.infer<typeof calendarStatusSchema>;

/** GET /api/google-calendar/auth: where the browser goes to grant access (docs/product/google-calendar.md §7). */
export const calendarAuthStartSchema = z.object({ authorization_url: z.string() });
export type CalendarAuthStart = z.infer<typeof calendarAuthStartSchema>;

/** POST /api/google-calendar/sync: appointments sent to the calendar and what failed (docs/product/google-calendar.md §7, §8). */
export const calendarSyncResultSchema = z.object({ synced: z.number().int(), errors: z.array(z.string()) });
export type CalendarSyncResult = z.infer<typeof calendarSyncResultSchema>;

/** The path Google sends the browser back to after consent (the OAuth redirect URI is PUBLIC_URL + this). */
export const GOOGLE_CALENDAR_CALLBACK_PATH = "/api/google-calendar/callback";

/**
 * GET/POST /api/google-calendar/feed: the professional's private iCalendar subscription link. The URL holds a
 * secret token that is shown only when it is created (only its hash is kept), so `url` is null until then.
 */
export const calendarFeedSchema = z.object({
  /** The link exists (it can be regenerated, which invalidates the previous one). */
  active: z.boolean(),
  url: z.string().nullable(),
  created_at: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** One calendar of the connected Google account, and whether its busy times block times in Clinora. */
export const googleCalendarChoiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  primary: z.boolean(),
  blocks_busy_times: z.boolean(),
});
export type GoogleCalendarChoice = z.infer<typeof googleCalendarChoiceSchema>;

/** GET /api/google-calendar/calendars. */
export const googleCalendarChoicesSchema = z.object({ calendars: z.array(googleCalendarChoiceSchema) });
export type GoogleCalendarChoices = z.infer<typeof googleCalendarChoicesSchema>;

/** At most this many calendars block times (one freebusy.query reads them all; Google takes up to 50). */
export const MAX_BUSY_CALENDARS = 20;

/** PUT /api/google-calendar/busy-calendars: the calendars whose busy times block times (empty: none). */
export const busyCalendarsInputSchema = z.object({
  calendar_ids: z.array(z.string().trim().min(1).max(1024)).max(MAX_BUSY_CALENDARS, "Escolha no máximo 20 agendas."),
});
export type BusyCalendarsInput = z.infer<typeof busyCalendarsInputSchema>;
