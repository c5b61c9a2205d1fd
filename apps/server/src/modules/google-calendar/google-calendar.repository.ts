import { and, eq, gt, gte, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db/client";
import { appointmentEventOf } from "./calendar-events";
import { calendarBusyIntervals, calendarConnections, calendarEventLinks, calendarOauthStates } from "./google-calendar.schema";
import { appointments } from "../appointments/appointments.schema";
import { sessions } from "../auth/auth.schema";

/** The sealed tokens of a connection as stored (lib/secret-box). */
export interface SealedTokens {
  accessTokenEnc: string;
  refreshTokenEnc?: string;
  tokenExpiresAt: Date | null;
}

/** The Google Calendar link of ONE professional (docs/decisions/004-tenancy-model.md). */
export function calendarConnectionRepository(db: DbOrTx, professionalId: string) {
  const own = eq(calendarConnections.professionalId, professionalId);

  return {
    async find() {
      const [row] = await db.select().from(calendarConnections).where(own).limit(1);
      return row ?? null;
    },

    /** Creates or replaces the connection after a consent: connected again, errors forgotten. */
    async saveConnected(values: SealedTokens & { refreshTokenEnc: string; accountEmail: string | null; timezone: string; now: Date }) {
      const set = {
        accountEmail: values.accountEmail,
        accessTokenEnc: values.accessTokenEnc,
        refreshTokenEnc: values.refreshTokenEnc,
        tokenExpiresAt: values.tokenExpiresAt,
        timezone: values.timezone,
        status: "connected" as const,
        lastError: null,
        busyError: null,
        updatedAt: values.now,
      };
      await db
        .insert(calendarConnections)
        .values({ professionalId, ...set })
        .onConflictDoUpdate({ target: calendarConnections.professionalId, set });
    },

    /** Keeps a refreshed access token (and a rotated refresh token, when Google sends one). */
    async saveTokens(values: SealedTokens, now: Date) {
      await db
        .update(calendarConnections)
        .set({ accessTokenEnc: values.accessTokenEnc, tokenExpiresAt: values.tokenExpiresAt, ...(values.refreshTokenEnc ? { refreshTokenEnc: values.refreshTokenEnc } : {}), updatedAt: now })
        .where(own);
    },

    /** Google no longer accepts the grant: the tab shows the reason and "Reconectar"; sync stops until then. */
    async markError(reason: string, now: Date) {
      await db.update(calendarConnections).set({ status: "error", lastError: reason, accessTokenEnc: null, tokenExpiresAt: null, updatedAt: now }).where(own);
    },

    async markSynced(now: Date) {
      await db.update(calendarConnections).set({ lastSyncedAt: now, updatedAt: now }).where(and(own, eq(calendarConnections.status, "connected")));
    },

    /** Removes the connection and which event mirrors which appointment; the calendar's own events stay. */
    async deleteWithEventLinks() {
      await db.delete(calendarEventLinks).where(eq(calendarEventLinks.professionalId, professionalId));
      await db.delete(calendarBusyIntervals).where(eq(calendarBusyIntervals.professionalId, professionalId));
      await db.delete(calendarConnections).where(own);
    },

    /**
     * One appointment with what its event shows: type, the patient's first name only, times, status, and the
     * professional's zone. Null when it is not this professional's.
     */
    async findAppointmentForEvent(appointmentId: string) {
      return appointmentEventOf(db, professionalId, appointmentId);
    },

    async findEventLink(appointmentId: string) {
      const [row] = await db
        .select()
        .from(calendarEventLinks)
        .where(and(eq(calendarEventLinks.professionalId, professionalId), eq(calendarEventLinks.appointmentId, appointmentId)))
        .limit(1);
      return row ?? null;
    },

    /** Records which appointment version the event now shows. */
    async saveEventLink(appointmentId: string, externalEventId: string, appointmentUpdatedAt: Date, now: Date) {
      const set = { externalEventId, appointmentUpdatedAt, syncedAt: now, updatedAt: now };
      await db
        .insert(calendarEventLinks)
        .values({ appointmentId, professionalId, ...set })
        .onConflictDoUpdate({ target: calendarEventLinks.appointmentId, set });
    },

    async deleteEventLink(appointmentId: string) {
      await db.delete(calendarEventLinks).where(and(eq(calendarEventLinks.professionalId, professionalId), eq(calendarEventLinks.appointmentId, appointmentId)));
    },

    /**
     * Ids of appointments from `from` on whose event is missing or older than the appointment, and of cancelled
     * ones whose event is still there: what a sync has to push.
     */
    async listOutOfSyncAppointmentIds(from: Date) {
      const rows = await db
        .select({ id: appointments.id })
        .from(appointments)
        .leftJoin(calendarEventLinks, eq(calendarEventLinks.appointmentId, appointments.id))
        .where(
          and(
            eq(appointments.professionalId, professionalId),
            gte(appointments.endsAt, from),
            or(
              and(ne(appointments.status, "cancelled"), or(isNull(calendarEventLinks.appointmentId), isNull(calendarEventLinks.appointmentUpdatedAt), lt(calendarEventLinks.appointmentUpdatedAt, appointments.updatedAt))),
              and(eq(appointments.status, "cancelled"), sql`${calendarEventLinks.appointmentId} is not null`),
            ),
          ),
        )
        .orderBy(appointments.startsAt);
      return rows.map((r) => r.id);
    },

    /** The calendars whose busy times block times, chosen anew: the old cache goes (it spoke of other calendars). */
    async saveBusyCalendars(ids: readonly string[], now: Date) {
      await db.delete(calendarBusyIntervals).where(eq(calendarBusyIntervals.professionalId, professionalId));
      await db.update(calendarConnections).set({ busyCalendarIds: [...ids], busyFetchedAt: null, busyUntil: null, busyError: null, updatedAt: now }).where(own);
    },

    /** A busy-times read that worked: the cache becomes `intervals`, in one transaction of the caller. */
    async saveBusyTimes(intervals: readonly { startsAt: Date; endsAt: Date }[], p: { until: Date; now: Date; error: string | null }) {
      await db.delete(calendarBusyIntervals).where(eq(calendarBusyIntervals.professionalId, professionalId));
      if (intervals.length > 0) await db.insert(calendarBusyIntervals).values(intervals.map((i) => ({ professionalId, startsAt: i.startsAt, endsAt: i.endsAt })));
      await db.update(calendarConnections).set({ busyFetchedAt: p.now, busyUntil: p.until, busyCheckedAt: p.now, busyError: p.error }).where(own);
    },

    /** A busy-times read that failed; `forget` drops the cache (the grant is gone: nothing read before is trusted). */
    async markBusyFailed(error: string, p: { now: Date; forget: boolean }) {
      if (p.forget) {
        await db.delete(calendarBusyIntervals).where(eq(calendarBusyIntervals.professionalId, professionalId));
        await db.update(calendarConnections).set({ busyCheckedAt: p.now, busyError: error, busyFetchedAt: null, busyUntil: null }).where(own);
        return;
      }
      await db.update(calendarConnections).set({ busyCheckedAt: p.now, busyError: error }).where(own);
    },

    /**
     * The times of Clinora's own appointments that have (or may still have) an event in the calendar between `from`
     * and `to`: active ones, and cancelled ones whose event the sync has not deleted yet.
     */
    async listOwnEventRanges(from: Date, to: Date) {
      return db
        .select({ startsAt: appointments.startsAt, endsAt: appointments.endsAt })
        .from(appointments)
        .leftJoin(calendarEventLinks, eq(calendarEventLinks.appointmentId, appointments.id))
        .where(
          and(
            eq(appointments.professionalId, professionalId),
            lt(appointments.startsAt, to),
            gt(appointments.endsAt, from),
            or(ne(appointments.status, "cancelled"), isNotNull(calendarEventLinks.appointmentId)),
          ),
        );
    },

    /** Whether changes of this professional's appointments should be queued for the calendar now: connected, with tokens. */
    async isConnected() {
      const [row] = await db
        .select({ id: calendarConnections.id })
        .from(calendarConnections)
        .where(and(own, eq(calendarConnections.status, "connected"), isNotNull(calendarConnections.refreshTokenEnc)))
        .limit(1);
      return Boolean(row);
    },
  };
}

/** OAuth `state`s waiting for Google's redirect (not professional-scoped: the callback only knows the state). */
export function calendarOauthStateRepository(db: DbOrTx) {
  return {
    async insert(values: { stateHash: string; sessionId: string; professionalId: string; expiresAt: Date }) {
      await db.insert(calendarOauthStates).values(values);
    },

    /**
     * Takes a state out (single use: a replay finds nothing) with the expiry of the session that asked for it;
     * null when unknown, already used, or its session was logged out.
     */
    async consume(stateHash: string) {
      const [state] = await db.delete(calendarOauthStates).where(eq(calendarOauthStates.stateHash, stateHash)).returning();
      if (!state) return null;
      const [session] = await db.select({ expiresAt: sessions.expiresAt, userId: sessions.userId }).from(sessions).where(eq(sessions.id, state.sessionId)).limit(1);
      return session ? { ...state, sessionExpiresAt: session.expiresAt, userId: session.userId } : null;
    },

    /** States nobody came back with. */
    async deleteExpired(now: Date) {
      await db.delete(calendarOauthStates).where(lt(calendarOauthStates.expiresAt, now));
    },
  };
}
