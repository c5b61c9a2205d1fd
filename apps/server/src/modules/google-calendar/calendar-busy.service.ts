import { MSG, type GoogleCalendarChoice } from "@clinora/contracts";
import type { Db } from "../../platform/db/client";
import { CalendarApiError, CalendarAuthorizationError, type CalendarProvider } from "../../platform/integrations/google-calendar/calendar-provider";
import type { JobDefinition } from "../../platform/jobs/worker";
import { AppError } from "../../platform/lib/app-error";
import type { TenantCaller } from "../../platform/lib/caller";
import type { Clock } from "../../platform/lib/clock";
import { recordAudit } from "../audit";
import { BUSY_LOOKBACK_MS, BUSY_REFRESH_JOB, BUSY_TTL_MS, BUSY_WINDOW_DAYS, scheduleBusyRefresh, subtractRanges, type BusyError } from "./calendar-busy";
import type { CalendarSyncService } from "./calendar-sync.service";
import { calendarConnectionRepository } from "./google-calendar.repository";

export type CalendarBusyService = ReturnType<typeof calendarBusyService>;

export type BusyRefreshOutcome = "refreshed" | "skipped" | BusyError;

type Connection = NonNullable<Awaited<ReturnType<ReturnType<typeof calendarConnectionRepository>["find"]>>>;

/** A grant without the calendar-list or free/busy scope (given before the busy times existed): only a new consent helps. */
const lacksScope = (error: unknown) => error instanceof CalendarApiError && error.status === 403 && /insufficientPermissions|forbidden/i.test(error.reason ?? "");

/** Whether Google can no longer act for this grant: refused, or without the scopes. */
const needsReconnect = (error: unknown) => error instanceof CalendarAuthorizationError || lacksScope(error) || (error instanceof CalendarApiError && error.status === 401);

/**
 * The calendar the product writes its appointments to, by every name Google gives it: the connection's id
 * (`primary`) and, for the primary calendar, the account's e-mail (its id in the calendar list).
 */
function ownCalendarIds(connection: Connection): Set<string> {
  const ids = new Set([connection.calendarId]);
  if (connection.calendarId === "primary" && connection.accountEmail) ids.add(connection.accountEmail);
  return ids;
}

/**
 * The professional's Google calendars as blockers of times (docs/decisions/027): which calendars
 * count, the job that reads their busy times into the cache, and what went wrong doing it.
 */
export function calendarBusyService(db: Db, clock: Clock, deps: { provider: CalendarProvider; sync: CalendarSyncService; tokenKey?: Buffer; wake?: () => void }) {
  const { provider } = deps;

  const assertConfigured = () => {
    if (!provider.configured || !deps.tokenKey) throw new AppError(503, MSG.googleCalendarNotConfigured, "not_configured");
  };

  /** The caller's working connection, or the 409 the screen shows. */
  const workingConnection = async (professionalId: string) => {
    const connection = await calendarConnectionRepository(db, professionalId).find();
    if (!connection) throw AppError.conflict(MSG.googleCalendarNotConnected);
    if (connection.status !== "connected" || !connection.refreshTokenEnc) throw AppError.conflict(MSG.googleCalendarNeedsReconnect);
    return connection;
  };

  /** The account's calendars from Google; a refused grant or missing scope is the 409 that asks for a reconnection. */
  const googleCalendars = async (connection: Connection) => {
    try {
      return await deps.sync.withAccess(connection, (token) => provider.listCalendars(token));
    } catch (error) {
      if (error instanceof CalendarAuthorizationError) throw AppError.conflict(MSG.googleCalendarNeedsReconnect);
      if (lacksScope(error)) throw AppError.conflict(MSG.googleBusyNeedsConsent);
      throw new AppError(503, MSG.googleBusyListError, "google_unavailable");
    }
  };

  /**
   * Reads the chosen calendars' busy times for the coming BUSY_WINDOW_DAYS into the cache, without the times of
   * Clinora's own appointments when the product's calendar is among them (they block already; counted twice, a
   * moved or cancelled appointment would keep its old time blocked). A failure is recorded, never thrown: the
   * times go on being offered from Clinora's agenda, and the warning tells the professional.
   */
  async function refresh(professionalId: string): Promise<BusyRefreshOutcome> {
    const repo = calendarConnectionRepository(db, professionalId);
    const connection = await repo.find();
    if (!provider.configured || !deps.tokenKey || !connection || connection.busyCalendarIds.length === 0) return "skipped";
    const now = clock.now();
    if (connection.status !== "connected" || !connection.refreshTokenEnc) {
      await repo.markBusyFailed("needs_reconnect", { now, forget: true });
      return "needs_reconnect";
    }
    const from = new Date(now.getTime() - BUSY_LOOKBACK_MS);
    const until = new Date(now.getTime() + BUSY_WINDOW_DAYS * 86_400_000);
    const ids = connection.busyCalendarIds;
    let answer: Awaited<ReturnType<CalendarProvider["queryFreeBusy"]>>;
    try {
      answer = await deps.sync.withAccess(connection, (token) => provider.queryFreeBusy(token, { calendarIds: ids, from, to: until }));
    } catch (error) {
      const reason: BusyError = needsReconnect(error) ? "needs_reconnect" : "unavailable";
      await repo.markBusyFailed(reason, { now: clock.now(), forget: reason === "needs_reconnect" });
      return reason;
    }
    const own = ownCalendarIds(connection);
    const ownCounted = ids.some((id) => own.has(id) && !answer.failed.includes(id));
    const ownRanges = ownCounted ? await repo.listOwnEventRanges(from, until) : [];
    const busy = subtractRanges(
      answer.busy.map((b) => ({ startsAt: b.start, endsAt: b.end })),
      ownRanges,
    );
    const error: BusyError | null = answer.failed.length > 0 ? "calendar_unreadable" : null;
    await db.transaction((tx) => calendarConnectionRepository(tx, professionalId).saveBusyTimes(busy, { until, now: clock.now(), error }));
    return error ?? "refreshed";
  }

  const refreshJob: JobDefinition = {
    waitsOnNetwork: true,
    async run(job) {
      const professionalId = String((job.payload as Record<string, unknown>).professionalId ?? "");
      const outcome = await refresh(professionalId);
      // Read again in BUSY_TTL_MS while there is something to read; a refused grant waits for a reconnection.
      if (outcome === "skipped" || outcome === "needs_reconnect") return;
      return { runAgainAt: new Date(clock.now().getTime() + BUSY_TTL_MS) };
    },
  };

  return {
    refresh,

    /** The account's calendars, each with whether it blocks times (GET /google-calendar/calendars). */
    async listCalendars(caller: TenantCaller): Promise<GoogleCalendarChoice[]> {
      assertConfigured();
      const connection = await workingConnection(caller.professionalId);
      const chosen = new Set(connection.busyCalendarIds);
      const own = ownCalendarIds(connection);
      const calendars = await googleCalendars(connection);
      return calendars
        .map((c) => ({ id: c.id, name: c.name, primary: c.primary, blocks_busy_times: chosen.has(c.id) || (c.primary && [...own].some((id) => chosen.has(id))) }))
        .sort((a, b) => Number(b.primary) - Number(a.primary) || a.name.localeCompare(b.name, "pt-BR"));
    },

    /**
     * Chooses the calendars whose busy times block times (only calendars of the account), forgets the old cache
     * and asks for a read at once; answers the new list.
     */
    async chooseCalendars(caller: TenantCaller, calendarIds: readonly string[]): Promise<GoogleCalendarChoice[]> {
      assertConfigured();
      const connection = await workingConnection(caller.professionalId);
      const calendars = await googleCalendars(connection);
      const known = new Set(calendars.map((c) => c.id));
      const ids = [...new Set(calendarIds)];
      if (ids.some((id) => !known.has(id))) throw AppError.validation([{ field: "calendar_ids", msg: MSG.googleBusyCalendarUnknown }]);
      await db.transaction(async (tx) => {
        const now = clock.now();
        await calendarConnectionRepository(tx, caller.professionalId).saveBusyCalendars(ids, now);
        if (ids.length > 0) await scheduleBusyRefresh(tx, caller.professionalId, now);
        await recordAudit(tx, caller, { action: "google_calendar.busy_calendars_changed", entityType: "calendar_connection", details: { calendars: ids.length } });
      });
      deps.wake?.();
      const chosen = new Set(ids);
      return calendars
        .map((c) => ({ id: c.id, name: c.name, primary: c.primary, blocks_busy_times: chosen.has(c.id) }))
        .sort((a, b) => Number(b.primary) - Number(a.primary) || a.name.localeCompare(b.name, "pt-BR"));
    },

    /**
     * An event of the product's calendar changed (the sync wrote or deleted it): the cache, which left that
     * appointment's old time out, is read again soon, so a moved appointment does not keep its old time blocked.
     */
    async ownEventsChanged(professionalId: string) {
      const connection = await calendarConnectionRepository(db, professionalId).find();
      if (!connection || connection.status !== "connected") return;
      const own = ownCalendarIds(connection);
      if (!connection.busyCalendarIds.some((id) => own.has(id))) return;
      await scheduleBusyRefresh(db, professionalId, clock.now());
    },

    /** Handler for the job worker (registered in app.ts). */
    jobs: { [BUSY_REFRESH_JOB]: refreshJob } as Record<string, JobDefinition>,
  };
}
