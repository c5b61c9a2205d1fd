/**
 * Google Calendar as the product needs it (docs/product/engineering-conventions.md §9): the OAuth 2.0 web-server flow (consent URL, code
 * exchange, refresh, revoke) and the calendar's zone and events. The real adapter is `google-calendar-client.ts`
 * (google-auth-library and @googleapis/calendar, pointed at GOOGLE_BASE_URL when set); tests use it against the
 * fake Google of @clinora/stand-ins.
 */

/** Events of calendars the user can write: the appointments go there. */
export const CALENDAR_EVENTS_SCOPE = "https://www.googleapis.com/auth/calendar.events";
/** The names of the user's calendars (read only), so the professional can pick which ones block times. */
export const CALENDAR_LIST_SCOPE = "https://www.googleapis.com/auth/calendar.calendarlist.readonly";
/** Only when the user's calendars are busy, never what the events say (docs/decisions/027). */
export const CALENDAR_FREEBUSY_SCOPE = "https://www.googleapis.com/auth/calendar.freebusy";
/** Every scope a consent asks for; a grant given before the busy times lacks the last two and needs a new consent. */
export const CALENDAR_SCOPES = [CALENDAR_EVENTS_SCOPE, CALENDAR_LIST_SCOPE, CALENDAR_FREEBUSY_SCOPE] as const;

export interface CalendarTokens {
  accessToken: string;
  /** Only the code exchange returns one (with prompt=consent); a refresh keeps the stored one. */
  refreshToken: string | null;
  expiresAt: Date | null;
}

/** An appointment as an event of the professional's calendar. */
export interface CalendarEventInput {
  /** Chosen by us (base32hex, 5-1024 characters) so that writing it twice can never make two events. */
  id: string;
  summary: string;
  description: string;
  start: Date;
  end: Date;
  /** IANA zone the event is shown in (the professional's). */
  timeZone: string;
  /** "tentative" for an appointment not yet confirmed. */
  status: "confirmed" | "tentative";
  /** A link back to the product (Google shows it as the event's source). */
  sourceUrl?: string;
}

/** A calendar of the user's list (calendarList.list). */
export interface CalendarListEntry {
  id: string;
  /** The name the user sees (their own override first). */
  name: string;
  /** The account's main calendar (its id is the account's e-mail). */
  primary: boolean;
}

/** A time a calendar is busy, [start, end). */
export interface BusyInterval {
  start: Date;
  end: Date;
}

/** Google refused the grant itself (`invalid_grant`): revoked, expired, or the password changed. Only reconnecting helps. */
export class CalendarAuthorizationError extends Error {
  constructor(readonly reason: string) {
    super(`Google refused the authorization: ${reason}`);
    this.name = "CalendarAuthorizationError";
  }
}

/** The Calendar API answered an error. `retryable`: rate limits and Google's own failures (worth trying later). */
export class CalendarApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly reason: string | null,
  ) {
    super(message);
    this.name = "CalendarApiError";
  }

  get retryable(): boolean {
    // https://developers.google.com/calendar/api/guides/errors: 403 usage limits, 429, 5xx → exponential backoff.
    return this.status === null || this.status === 429 || this.status >= 500 || (this.status === 403 && /rateLimit|quotaExceeded/i.test(this.reason ?? ""));
  }
}

export interface CalendarProvider {
  /** False without GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET: the tab shows "não está configurado". */
  readonly configured: boolean;
  /** Google's consent page for offline access to calendar events, carrying our `state`. */
  authorizationUrl(input: { state: string; redirectUri: string }): string;
  /** Trades the code from the consent redirect for tokens; throws CalendarAuthorizationError on `invalid_grant`. */
  exchangeCode(input: { code: string; redirectUri: string }): Promise<CalendarTokens>;
  /** A fresh access token; throws CalendarAuthorizationError when the refresh token is no longer accepted. */
  refresh(refreshToken: string): Promise<CalendarTokens>;
  /** Revokes the grant (either token of it); an already revoked one is not an error. */
  revoke(token: string): Promise<void>;
  /** The calendar's id (a primary calendar's is the account's e-mail) and its own IANA zone. */
  getCalendar(accessToken: string, calendarId: string): Promise<{ id: string; timeZone: string }>;
  /**
   * Writes the event under its own id: inserts it, or patches it when the id already exists (409) or when we know
   * it exists (`exists`), re-creating it when a patch finds nothing (404).
   */
  upsertEvent(accessToken: string, calendarId: string, event: CalendarEventInput, options?: { exists?: boolean }): Promise<"created" | "updated">;
  /** The calendars in the user's list (every page), hidden ones included. */
  listCalendars(accessToken: string): Promise<CalendarListEntry[]>;
  /**
   * When each of `calendarIds` is busy between `from` and `to` (freebusy.query). A calendar Google could not read
   * (deleted, no longer shared) is in `failed`, the others keep their answer.
   */
  queryFreeBusy(accessToken: string, input: { calendarIds: readonly string[]; from: Date; to: Date }): Promise<{ busy: BusyInterval[]; failed: string[] }>;
  /** Deletes the event; one already gone (404, 410) is `absent`, not an error. */
  deleteEvent(accessToken: string, calendarId: string, eventId: string): Promise<"deleted" | "absent">;
}
