import { randomBytes, timingSafeEqual } from "node:crypto";
import { GOOGLE_CALENDAR_CALLBACK_PATH, MSG, type CalendarStatus, type CalendarSyncResult } from "@clinora/contracts";
import type { Db } from "../../platform/db/client";
import { iso } from "../../platform/db/rows";
import { CalendarAuthorizationError, type CalendarProvider } from "../../platform/integrations/google-calendar/calendar-provider";
import { AppError } from "../../platform/lib/app-error";
import type { TenantCaller } from "../../platform/lib/caller";
import type { Clock } from "../../platform/lib/clock";
import { sha256Hex } from "../../platform/lib/crypto";
import { openSecret, sealSecret } from "../../platform/lib/secret-box";
import { recordAudit } from "../audit";
import { busyWarning, scheduleBusyRefresh } from "./calendar-busy";
import { queueCalendarSyncAll } from "./calendar-sync-queue";
import type { CalendarSyncService } from "./calendar-sync.service";
import { calendarConnectionRepository, calendarOauthStateRepository } from "./google-calendar.repository";

export type GoogleCalendarService = ReturnType<typeof googleCalendarService>;

/** docs/product/google-calendar.md §3 "Calendar status": the zone reported when there is no connection. */
const DEFAULT_CALENDAR_TIME_ZONE = "UTC";
/** Time to pass Google's consent page; a state older than this is refused. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
/** Where the browser lands after the consent (docs/product/google-calendar.md §2 reads these parameters). */
const SETTINGS_PATH = "/configuracoes";

interface Logger {
  warn(obj: object, msg?: string): void;
}

export interface GoogleCalendarDeps {
  provider: CalendarProvider;
  sync: CalendarSyncService;
  tokenKey?: Buffer;
  publicUrl?: string;
  /** Starts queued jobs of this process at once (worker.wake). */
  wake?: () => void;
}

/**
 * Only the message: a vendor SDK error also carries the request it made (client secret, authorization code,
 * tokens), which must not reach the logs.
 */
const safeError = (error: unknown) => ({ error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });

/** Whether two texts are equal, in a time that does not tell how much of them matched. */
const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** The OAuth return's outcome, as the settings page reads it from the address. */
export function settingsReturnPath(result: { ok: true } | { ok: false; message: string }): string {
  const params = new URLSearchParams(result.ok ? { google_calendar: "connected" } : { google_calendar: "error", message: result.message });
  return `${SETTINGS_PATH}?${params.toString()}`;
}

/** The connection of a professional to Google Calendar: consent, status, manual sync, disconnect (docs/product/google-calendar.md §4, §7). */
export function googleCalendarService(db: Db, clock: Clock, deps: GoogleCalendarDeps) {
  const { provider } = deps;
  const redirectUri = deps.publicUrl ? `${deps.publicUrl}${GOOGLE_CALENDAR_CALLBACK_PATH}` : undefined;

  /** Without the OAuth client the integration cannot work; the screen shows its "not configured" state. */
  const assertConfigured = () => {
    if (!provider.configured || !deps.tokenKey) throw new AppError(503, MSG.googleCalendarNotConfigured, "not_configured");
    return deps.tokenKey;
  };

  return {
    async status(caller: TenantCaller): Promise<CalendarStatus> {
      assertConfigured();
      const connection = await calendarConnectionRepository(db, caller.professionalId).find();
      return {
        connected: connection?.status === "connected",
        timezone: connection?.timezone ?? DEFAULT_CALENDAR_TIME_ZONE,
        last_synced_at: iso(connection?.lastSyncedAt),
        status: connection?.status ?? null,
        account_email: connection?.accountEmail ?? null,
        last_error: connection?.lastError ?? null,
        busy_calendar_ids: connection?.busyCalendarIds ?? [],
        busy_fetched_at: iso(connection?.busyFetchedAt),
        busy_warning: busyWarning(connection, clock.now()),
      };
    },

    /**
     * Google's consent URL with a fresh `state`: 32 random bytes, kept only as a hash, bound to the caller's
     * session and good once for OAUTH_STATE_TTL_MS (RFC 6749 §10.12). The state is also answered to the route,
     * which gives it to the browser in a cookie: the callback must come back to that browser.
     */
    async startConnection(caller: TenantCaller): Promise<{ authorization_url: string; state: string }> {
      assertConfigured();
      // The redirect URI must be a public address registered at Google: without PUBLIC_URL there is none.
      if (!redirectUri) throw new AppError(503, MSG.googleCalendarNotConfigured, "not_configured");
      const state = randomBytes(32).toString("base64url");
      const now = clock.now();
      const states = calendarOauthStateRepository(db);
      await states.deleteExpired(now);
      await states.insert({ stateHash: sha256Hex(state), sessionId: caller.sessionId, professionalId: caller.professionalId, expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS) });
      return { authorization_url: provider.authorizationUrl({ state, redirectUri }), state };
    },

    /**
     * Google's redirect back: checks the state (the one in the cookie of the browser that started the flow, known,
     * unused, not expired, its session still signed in), trades the code, stores the tokens sealed, reads the
     * calendar's zone and queues a replay of everything out of date. Answers the settings path to send the browser
     * to; never throws at the browser. A callback from another browser (an account's consent code completed
     * elsewhere, a link sent to someone) leaves the state untouched and connects nothing.
     */
    async completeConnection(query: { state?: string; code?: string; error?: string }, browserState: string | undefined, log: Logger): Promise<string> {
      if (!provider.configured || !deps.tokenKey || !redirectUri) return settingsReturnPath({ ok: false, message: MSG.googleCalendarNotConfigured });
      if (!query.state) return settingsReturnPath({ ok: false, message: MSG.googleCalendarStateInvalid });
      if (!browserState || !sameText(query.state, browserState)) return settingsReturnPath({ ok: false, message: MSG.googleCalendarOtherBrowser });
      const tokenKey = deps.tokenKey;
      const now = clock.now();
      const state = await calendarOauthStateRepository(db).consume(sha256Hex(query.state));
      if (!state || state.expiresAt <= now || state.sessionExpiresAt <= now) {
        return settingsReturnPath({ ok: false, message: MSG.googleCalendarStateInvalid });
      }
      if (query.error || !query.code) {
        return settingsReturnPath({ ok: false, message: query.error === "access_denied" ? MSG.googleCalendarAccessDenied : MSG.googleCalendarExchangeFailed });
      }
      try {
        const tokens = await provider.exchangeCode({ code: query.code, redirectUri });
        if (!tokens.refreshToken) throw new CalendarAuthorizationError("no refresh token in the answer");
        const calendar = await provider.getCalendar(tokens.accessToken, "primary");
        await db.transaction(async (tx) => {
          const repo = calendarConnectionRepository(tx, state.professionalId);
          await repo.saveConnected({
            accessTokenEnc: sealSecret(tokenKey, tokens.accessToken),
            refreshTokenEnc: sealSecret(tokenKey, tokens.refreshToken!),
            tokenExpiresAt: tokens.expiresAt,
            accountEmail: calendar.id.includes("@") ? calendar.id : null,
            timezone: calendar.timeZone,
            now,
          });
          await queueCalendarSyncAll(tx, clock, state.professionalId);
          // Calendars chosen before a reconnection block times again at once (nothing is read without a choice).
          await scheduleBusyRefresh(tx, state.professionalId, now);
          await recordAudit(tx, { userId: state.userId, role: "professional", professionalId: state.professionalId }, { action: "google_calendar.connected", entityType: "calendar_connection" });
        });
        deps.wake?.();
        return settingsReturnPath({ ok: true });
      } catch (error) {
        log.warn(safeError(error), "google calendar connection failed");
        return settingsReturnPath({ ok: false, message: MSG.googleCalendarExchangeFailed });
      }
    },

    /** Pushes everything out of date now, for the "Sincronizar agora" button (docs/product/google-calendar.md §8 toasts). */
    async syncNow(caller: TenantCaller): Promise<CalendarSyncResult> {
      assertConfigured();
      const connection = await calendarConnectionRepository(db, caller.professionalId).find();
      if (!connection) throw AppError.conflict(MSG.googleCalendarNotConnected);
      if (connection.status !== "connected" || !connection.refreshTokenEnc) throw AppError.conflict(MSG.googleCalendarNeedsReconnect);
      const { synced, errors } = await deps.sync.syncPending(caller.professionalId);
      return { synced, errors };
    },

    /**
     * Revokes the grant at Google when it can (a failure there does not keep the tokens here), then forgets
     * the caller's connection and event links; the events already in the calendar stay. Twice is not an error.
     */
    async disconnect(caller: TenantCaller, log: Logger): Promise<void> {
      const tokenKey = assertConfigured();
      const connection = await calendarConnectionRepository(db, caller.professionalId).find();
      if (!connection) return;
      if (connection.refreshTokenEnc) {
        try {
          await provider.revoke(openSecret(tokenKey, connection.refreshTokenEnc));
        } catch (error) {
          log.warn(safeError(error), "google calendar revoke failed; deleting the tokens anyway");
        }
      }
      await db.transaction(async (tx) => {
        const repo = calendarConnectionRepository(tx, caller.professionalId);
        if (!(await repo.find())) return;
        await repo.deleteWithEventLinks();
        await recordAudit(tx, caller, { action: "google_calendar.disconnected", entityType: "calendar_connection" });
      });
    },
  };
}
