import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db/client";
import { calendarFeeds } from "./calendar-feed.schema";
import { appointmentEventsBetween } from "../google-calendar";
import { timeZoneOf } from "../professionals";

/** The private iCalendar subscription links: only each token's SHA-256 is kept. */
export function calendarFeedRepository(db: DbOrTx) {
  return {
    /** Sets the professional's link, replacing (and so invalidating) the previous one. */
    async replace(professionalId: string, tokenHash: string, now: Date) {
      await db
        .insert(calendarFeeds)
        .values({ professionalId, tokenHash, createdAt: now })
        .onConflictDoUpdate({ target: calendarFeeds.professionalId, set: { tokenHash, createdAt: now } });
    },

    async findByProfessional(professionalId: string) {
      const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.professionalId, professionalId)).limit(1);
      return row ?? null;
    },

    /** The link with its professional's zone, which the calendar is written in. */
    async findByTokenHash(tokenHash: string) {
      const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.tokenHash, tokenHash)).limit(1);
      const timeZone = row ? await timeZoneOf(db, row.professionalId) : null;
      return row && timeZone ? { ...row, timeZone } : null;
    },

    /** The professional's appointments not cancelled between `from` and `to`, soonest first, with what an event shows. */
    async listFeedAppointments(professionalId: string, range: { from: Date; to: Date }, limit: number) {
      return appointmentEventsBetween(db, professionalId, range, limit);
    },
  };
}
