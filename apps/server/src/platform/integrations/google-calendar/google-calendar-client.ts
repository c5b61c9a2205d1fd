import { calendar_v3 } from "@googleapis/calendar";
import { OAuth2Client } from "google-auth-library";
import {
  CALENDAR_SCOPES,
  CalendarApiError,
  CalendarAuthorizationError,
  type BusyInterval,
  type CalendarEventInput,
  type CalendarListEntry,
  type CalendarProvider,
  type CalendarTokens,
} from "./calendar-provider";

export interface GoogleCalendarSettings {
  clientId?: string;
  clientSecret?: string;
  /** One origin for consent, token, revoke and the Calendar API (a local stand-in); unset: Google's hosts. */
  baseUrl?: string;
  /** Per Calendar API call. */
  timeoutMs?: number;
}

/** Google's hosts, as google-auth-library and the calendar client use them by default. */
const GOOGLE = {
  auth: "https://accounts.google.com/o/oauth2/v2/auth",
  token: "https://oauth2.googleapis.com/token",
  revoke: "https://oauth2.googleapis.com/revoke",
  api: "https://www.googleapis.com/",
};

/** What a gaxios error carries that we read: the HTTP status and Google's JSON error body. */
interface HttpFailure {
  status?: number;
  response?: { status?: number; data?: unknown };
  message?: string;
}

const statusOf = (error: unknown) => {
  const e = error as HttpFailure;
  return e?.response?.status ?? e?.status ?? null;
};

/** `error` of an OAuth token answer, e.g. `invalid_grant` (RFC 6749 §5.2). */
const oauthErrorOf = (error: unknown): string | null => {
  const data = (error as HttpFailure)?.response?.data as { error?: unknown } | undefined;
  return typeof data?.error === "string" ? data.error : null;
};

/** Turns a Calendar API failure into CalendarApiError with Google's reason (rateLimitExceeded, notFound...). */
function toApiError(error: unknown): CalendarApiError {
  const data = (error as HttpFailure)?.response?.data as { error?: { message?: string; errors?: { reason?: string }[] } } | undefined;
  const reason = data?.error?.errors?.[0]?.reason ?? null;
  const message = data?.error?.message ?? (error instanceof Error ? error.message : String(error));
  return new CalendarApiError(message, statusOf(error), reason);
}

/** Token errors: `invalid_grant` means only a new consent helps; anything else is passed on as a transient failure. */
function toTokenError(error: unknown): Error {
  const code = oauthErrorOf(error);
  if (code === "invalid_grant") {
    const description = ((error as HttpFailure).response?.data as { error_description?: string } | undefined)?.error_description;
    return new CalendarAuthorizationError(description ? `invalid_grant: ${description}` : "invalid_grant");
  }
  return toApiError(error);
}

const tokensOf = (t: { access_token?: string | null; refresh_token?: string | null; expiry_date?: number | null }): CalendarTokens => {
  if (!t.access_token) throw new CalendarApiError("Google answered without an access token", null, null);
  return { accessToken: t.access_token, refreshToken: t.refresh_token ?? null, expiresAt: t.expiry_date ? new Date(t.expiry_date) : null };
};

/**
 * The real Google Calendar adapter, through the vendor SDKs only. Calendar calls make one HTTP attempt each
 * (SDK retries off): the job queue's backoff owns retries, so a rate limit is not hammered from two places.
 */
export function createGoogleCalendarClient(settings: GoogleCalendarSettings): CalendarProvider {
  const base = settings.baseUrl;
  const endpoints = base
    ? { oauth2AuthBaseUrl: `${base}/o/oauth2/v2/auth`, oauth2TokenUrl: `${base}/token`, oauth2RevokeUrl: `${base}/revoke` }
    : { oauth2AuthBaseUrl: GOOGLE.auth, oauth2TokenUrl: GOOGLE.token, oauth2RevokeUrl: GOOGLE.revoke };
  const rootUrl = base ? `${base}/` : GOOGLE.api;
  const timeout = settings.timeoutMs ?? 15_000;

  const oauth = (redirectUri?: string) =>
    new OAuth2Client({ clientId: settings.clientId, clientSecret: settings.clientSecret, redirectUri, endpoints });

  /** A calendar client acting with one access token; no refresh token is given, so the SDK never refreshes behind our back. */
  const calendarFor = (accessToken: string) => {
    const auth = oauth();
    auth.setCredentials({ access_token: accessToken });
    return new calendar_v3.Calendar({ auth, rootUrl, retry: false, timeout });
  };

  const body = (event: CalendarEventInput): calendar_v3.Schema$Event => ({
    id: event.id,
    summary: event.summary,
    description: event.description,
    status: event.status,
    start: { dateTime: event.start.toISOString(), timeZone: event.timeZone },
    end: { dateTime: event.end.toISOString(), timeZone: event.timeZone },
    ...(event.sourceUrl ? { source: { title: "Clinora", url: event.sourceUrl } } : {}),
    // The phone's calendar app keeps reminding as the professional set it up, not as we would.
    reminders: { useDefault: true },
  });

  return {
    configured: Boolean(settings.clientId && settings.clientSecret),

    authorizationUrl({ state, redirectUri }) {
      // offline + prompt=consent: Google hands a refresh token on every consent, also to a returning user
      // (https://developers.google.com/identity/protocols/oauth2/web-server#offline).
      return oauth(redirectUri).generateAuthUrl({
        access_type: "offline",
        prompt: "consent",
        scope: [...CALENDAR_SCOPES],
        include_granted_scopes: false,
        state,
      });
    },

    async exchangeCode({ code, redirectUri }) {
      try {
        const { tokens } = await oauth(redirectUri).getToken({ code, redirect_uri: redirectUri });
        return tokensOf(tokens);
      } catch (error) {
        throw toTokenError(error);
      }
    },

    async refresh(refreshToken) {
      const client = oauth();
      client.setCredentials({ refresh_token: refreshToken });
      try {
        const { credentials } = await client.refreshAccessToken();
        return { ...tokensOf(credentials), refreshToken: credentials.refresh_token && credentials.refresh_token !== refreshToken ? credentials.refresh_token : null };
      } catch (error) {
        throw toTokenError(error);
      }
    },

    async revoke(token) {
      try {
        await oauth().revokeToken(token);
      } catch (error) {
        // Google answers 400 invalid_token for a token already revoked or expired: the outcome we wanted.
        if (statusOf(error) === 400) return;
        throw toApiError(error);
      }
    },

    async getCalendar(accessToken, calendarId) {
      try {
        const { data } = await calendarFor(accessToken).calendars.get({ calendarId });
        return { id: data.id ?? calendarId, timeZone: data.timeZone ?? "UTC" };
      } catch (error) {
        throw toApiError(error);
      }
    },

    async upsertEvent(accessToken, calendarId, event, options = {}) {
      const calendar = calendarFor(accessToken);
      const insert = () => calendar.events.insert({ calendarId, requestBody: body(event) });
      // A patch also sets status, so an event deleted by hand in Google (kept as "cancelled") comes back.
      const patch = () => calendar.events.patch({ calendarId, eventId: event.id, requestBody: body(event) });
      try {
        if (options.exists) {
          try {
            await patch();
            return "updated";
          } catch (error) {
            if (statusOf(error) !== 404) throw error;
          }
        }
        try {
          await insert();
          return "created";
        } catch (error) {
          // The id is ours and already there: a retry after a crash, or a reconnect. Write over it.
          if (statusOf(error) !== 409) throw error;
          await patch();
          return "updated";
        }
      } catch (error) {
        throw toApiError(error);
      }
    },

    async listCalendars(accessToken) {
      const calendar = calendarFor(accessToken);
      const entries: CalendarListEntry[] = [];
      let pageToken: string | undefined;
      try {
        // A user has a handful of calendars; the page cap only guards against a loop on a bad answer.
        for (let page = 0; page < 20; page++) {
          const { data } = await calendar.calendarList.list({ maxResults: 250, showHidden: true, pageToken });
          for (const item of data.items ?? []) {
            if (!item.id) continue;
            entries.push({ id: item.id, name: item.summaryOverride || item.summary || item.id, primary: item.primary === true });
          }
          pageToken = data.nextPageToken ?? undefined;
          if (!pageToken) break;
        }
        return entries;
      } catch (error) {
        throw toApiError(error);
      }
    },

    async queryFreeBusy(accessToken, { calendarIds, from, to }) {
      try {
        const { data } = await calendarFor(accessToken).freebusy.query({
          requestBody: { timeMin: from.toISOString(), timeMax: to.toISOString(), items: calendarIds.map((id) => ({ id })) },
        });
        const busy: BusyInterval[] = [];
        const failed: string[] = [];
        for (const id of calendarIds) {
          const answer = data.calendars?.[id];
          if (!answer || (answer.errors && answer.errors.length > 0)) {
            failed.push(id);
            continue;
          }
          for (const period of answer.busy ?? []) {
            if (!period.start || !period.end) continue;
            const start = new Date(period.start);
            const end = new Date(period.end);
            if (Number.isFinite(start.getTime()) && end > start) busy.push({ start, end });
          }
        }
        return { busy, failed };
      } catch (error) {
        throw toApiError(error);
      }
    },

    async deleteEvent(accessToken, calendarId, eventId) {
      try {
        await calendarFor(accessToken).events.delete({ calendarId, eventId, sendUpdates: "none" });
        return "deleted";
      } catch (error) {
        const status = statusOf(error);
        if (status === 404 || status === 410) return "absent";
        throw toApiError(error);
      }
    },
  };
}
