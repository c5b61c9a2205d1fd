import { MSG } from "@clinora/contracts";
import { dateIn, timeIn } from "@clinora/contracts/date-display";
import type { Db } from "../../platform/db/client";
import {
  CalendarApiError,
  CalendarAuthorizationError,
  type CalendarEventInput,
  type CalendarProvider,
  type CalendarTokens,
} from "../../platform/integrations/google-calendar/calendar-provider";
import { PermanentJobError, type JobDefinition } from "../../platform/jobs/worker";
import type { Clock } from "../../platform/lib/clock";
import { openSecret, sealSecret } from "../../platform/lib/secret-box";
import { CALENDAR_SYNC_ALL_JOB, CALENDAR_SYNC_JOB } from "./calendar-sync-queue";
import { calendarConnectionRepository } from "./google-calendar.repository";

export type CalendarSyncService = ReturnType<typeof calendarSyncService>;

export type SyncOutcome = "created" | "updated" | "deleted" | "unchanged" | "skipped";

/** How far back a full sync looks: the professional's phone needs the coming weeks, not years of history. */
export const SYNC_LOOKBACK_DAYS = 30;
/** An access token this close to its expiry is refreshed before use. */
const EXPIRY_MARGIN_MS = 60_000;

type Connection = NonNullable<Awaited<ReturnType<ReturnType<typeof calendarConnectionRepository>["find"]>>>;
type AppointmentForEvent = NonNullable<Awaited<ReturnType<ReturnType<typeof calendarConnectionRepository>["findAppointmentForEvent"]>>>;

/**
 * The event id of an appointment: its uuid's 32 hex digits, inside Google's base32hex alphabet (a-v, 0-9), so
 * the same appointment always maps to the same event and no retry or reconnect can ever create a second one
 * (https://developers.google.com/calendar/api/v3/reference/events/insert, `id`).
 */
export function eventIdOf(appointmentId: string): string {
  return appointmentId.replaceAll("-", "").toLowerCase();
}

/** First word of the name only: the event sits on a phone and in a shared calendar, so no full name, CPF or notes. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? "";
}

/** What the professional sees in Google Calendar for one appointment. */
export function eventOf(appointment: AppointmentForEvent, publicUrl: string | undefined): CalendarEventInput {
  const link = publicUrl ? `${publicUrl}/compromissos` : undefined;
  const status = appointment.status === "pending" ? "Aguardando confirmação" : appointment.status === "completed" ? "Realizado" : "Confirmado";
  return {
    id: eventIdOf(appointment.id),
    summary: `${appointment.appointmentType} · ${firstNameOf(appointment.patientName)}`,
    description: [`Compromisso do Clinora (${status}).`, link ? `Detalhes: ${link}` : null].filter(Boolean).join("\n"),
    start: appointment.startsAt,
    end: appointment.endsAt,
    timeZone: appointment.timeZone,
    status: appointment.status === "pending" ? "tentative" : "confirmed",
    sourceUrl: link,
  };
}

/** A sync failure in the words of the toast: when the appointment is, and why. */
function describeFailure(appointment: AppointmentForEvent | null, error: unknown): string {
  const when = appointment
    ? `${dateIn(appointment.startsAt, appointment.timeZone)}, ${timeIn(appointment.startsAt, appointment.timeZone)}`
    : "Compromisso";
  if (error instanceof CalendarApiError) {
    if (error.status === 403 || error.status === 429) return `${when}: ${MSG.googleCalendarRateLimited}`;
    if (error.retryable) return `${when}: ${MSG.googleCalendarUnavailable}`;
    return `${when}: ${error.message}`;
  }
  return `${when}: ${MSG.googleCalendarUnavailable}`;
}

/**
 * One-way sync of appointments to the professional's Google Calendar (docs/product/google-calendar.md §4; docs/decisions/015).
 * Idempotent by construction: the event id comes from the appointment id, and the ledger
 * (`calendar_event_links`) only says which version the event shows, so losing it costs a patch, never a duplicate.
 */
export function calendarSyncService(
  db: Db,
  clock: Clock,
  deps: {
    provider: CalendarProvider;
    tokenKey?: Buffer;
    publicUrl?: string;
    /** Called after an event of the product's calendar was written or deleted (the busy times read it again). */
    ownEventsChanged?: (professionalId: string) => Promise<void>;
  },
) {
  const { provider } = deps;
  const key = () => {
    if (!deps.tokenKey) throw new Error("CALENDAR_TOKEN_KEY is not configured");
    return deps.tokenKey;
  };

  /** Appointments being pushed by this process: two jobs of one appointment run one after the other. */
  const running = new Map<string, Promise<unknown>>();
  const oneAtATime = <T>(id: string, work: () => Promise<T>): Promise<T> => {
    const previous = running.get(id) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(work);
    running.set(id, next);
    void next.finally(() => {
      if (running.get(id) === next) running.delete(id);
    }).catch(() => undefined);
    return next;
  };

  /** Seals and stores a fresh access token. */
  const saveTokens = (professionalId: string, tokens: CalendarTokens) =>
    calendarConnectionRepository(db, professionalId).saveTokens(
      {
        accessTokenEnc: sealSecret(key(), tokens.accessToken),
        refreshTokenEnc: tokens.refreshToken ? sealSecret(key(), tokens.refreshToken) : undefined,
        tokenExpiresAt: tokens.expiresAt,
      },
      clock.now(),
    );

  /**
   * A usable access token: the stored one while it lives, else a refreshed one. A refresh Google refuses
   * (`invalid_grant`) puts the connection in `error` with the reason: only reconnecting helps.
   */
  async function accessToken(connection: Connection, force = false): Promise<string> {
    const fresh = connection.tokenExpiresAt && connection.tokenExpiresAt.getTime() - EXPIRY_MARGIN_MS > clock.now().getTime();
    if (!force && connection.accessTokenEnc && fresh) return openSecret(key(), connection.accessTokenEnc);
    if (!connection.refreshTokenEnc) throw new CalendarAuthorizationError("no refresh token stored");
    try {
      const tokens = await provider.refresh(openSecret(key(), connection.refreshTokenEnc));
      await saveTokens(connection.professionalId, tokens);
      return tokens.accessToken;
    } catch (error) {
      if (error instanceof CalendarAuthorizationError) {
        await calendarConnectionRepository(db, connection.professionalId).markError(error.reason, clock.now());
      }
      throw error;
    }
  }

  /** Runs one Calendar call; a 401 (token refused early) refreshes once and tries again. */
  async function withAccess<T>(connection: Connection, call: (token: string) => Promise<T>): Promise<T> {
    try {
      return await call(await accessToken(connection));
    } catch (error) {
      if (!(error instanceof CalendarApiError) || error.status !== 401) throw error;
      return call(await accessToken(connection, true));
    }
  }

  /**
   * Brings the appointment's event in line with the appointment: created or patched while it is active,
   * deleted once cancelled (or gone). Without a working connection nothing happens (`skipped`).
   */
  async function syncAppointment(professionalId: string, appointmentId: string): Promise<SyncOutcome> {
    return oneAtATime(appointmentId, async () => {
      const repo = calendarConnectionRepository(db, professionalId);
      const connection = await repo.find();
      // A connection without tokens (made before tokens were kept, or seeded demo data) has nothing to act with.
      if (!provider.configured || !deps.tokenKey || !connection || connection.status !== "connected" || !connection.refreshTokenEnc) return "skipped";
      const appointment = await repo.findAppointmentForEvent(appointmentId);
      const link = await repo.findEventLink(appointmentId);
      const eventId = eventIdOf(appointmentId);

      if (!appointment || appointment.status === "cancelled") {
        // Deleted even without a ledger row: a crash between insert and ledger write may have left one.
        await withAccess(connection, (token) => provider.deleteEvent(token, connection.calendarId, eventId));
        await repo.deleteEventLink(appointmentId);
        await repo.markSynced(clock.now());
        await deps.ownEventsChanged?.(professionalId);
        return link ? "deleted" : "unchanged";
      }
      if (link?.appointmentUpdatedAt && link.appointmentUpdatedAt.getTime() >= appointment.updatedAt.getTime()) return "unchanged";

      const outcome = await withAccess(connection, (token) =>
        provider.upsertEvent(token, connection.calendarId, eventOf(appointment, deps.publicUrl), { exists: Boolean(link) }),
      );
      const now = clock.now();
      await repo.saveEventLink(appointmentId, eventId, appointment.updatedAt, now);
      await repo.markSynced(now);
      await deps.ownEventsChanged?.(professionalId);
      return outcome;
    });
  }

  /**
   * Pushes every appointment of the last SYNC_LOOKBACK_DAYS days and after that is out of date. Stops at the
   * first authorization failure (the connection is then in `error`); other failures are listed and skipped.
   */
  async function syncPending(professionalId: string, signal?: AbortSignal): Promise<{ synced: number; errors: string[]; retryable: boolean }> {
    const repo = calendarConnectionRepository(db, professionalId);
    const from = new Date(clock.now().getTime() - SYNC_LOOKBACK_DAYS * 86_400_000);
    const ids = await repo.listOutOfSyncAppointmentIds(from);
    let synced = 0;
    let retryable = false;
    const errors: string[] = [];
    for (const id of ids) {
      // A job past its timeout stops here; the next attempt goes on from what is still out of date.
      if (signal?.aborted) {
        retryable = true;
        break;
      }
      try {
        const outcome = await syncAppointment(professionalId, id);
        if (outcome === "created" || outcome === "updated" || outcome === "deleted") synced += 1;
        if (outcome === "skipped") break;
      } catch (error) {
        if (error instanceof CalendarAuthorizationError) {
          errors.push(MSG.googleCalendarNeedsReconnect);
          break;
        }
        retryable ||= !(error instanceof CalendarApiError) || error.retryable;
        errors.push(describeFailure(await repo.findAppointmentForEvent(id), error));
      }
    }
    if (ids.length === 0) await repo.markSynced(clock.now());
    return { synced, errors, retryable };
  }

  /** What retrying cannot fix fails the job at once; the rest goes back to the queue's backoff. */
  const classify = (error: unknown): never => {
    if (error instanceof CalendarAuthorizationError) throw new PermanentJobError(`google calendar authorization: ${error.reason}`, { cause: error });
    if (error instanceof CalendarApiError && !error.retryable) throw new PermanentJobError(error.message, { cause: error });
    throw error;
  };

  const payloadOf = (payload: Record<string, unknown>) => ({
    professionalId: String(payload.professionalId ?? ""),
    appointmentId: String(payload.appointmentId ?? ""),
  });

  const syncJob: JobDefinition = {
    waitsOnNetwork: true,
    async run(job) {
      const { professionalId, appointmentId } = payloadOf(job.payload as Record<string, unknown>);
      await syncAppointment(professionalId, appointmentId).catch(classify);
    },
  };

  const syncAllJob: JobDefinition = {
    async run(job, { signal }) {
      const { professionalId } = payloadOf(job.payload as Record<string, unknown>);
      const result = await syncPending(professionalId, signal);
      // Retried as a whole: what was pushed is up to date and is skipped on the next run.
      if (result.retryable) throw new Error(`calendar sync left appointments behind: ${result.errors[0] ?? "stopped before the end"}`);
    },
  };

  return {
    syncAppointment,
    syncPending,
    /** Runs one Calendar call with the connection's access token (refreshed when needed; a refused grant marks the connection). */
    withAccess,
    /** Handlers for the job worker (registered in app.ts). */
    jobs: { [CALENDAR_SYNC_JOB]: syncJob, [CALENDAR_SYNC_ALL_JOB]: syncAllJob } as Record<string, JobDefinition>,
  };
}
