import { randomBytes } from "node:crypto";
import { MSG, type CalendarFeed } from "@clinora/contracts";
import type { Db } from "../../platform/db/client";
import { iso } from "../../platform/db/rows";
import { AppError } from "../../platform/lib/app-error";
import type { TenantCaller } from "../../platform/lib/caller";
import type { Clock } from "../../platform/lib/clock";
import { sha256Hex } from "../../platform/lib/crypto";
import { recordAudit } from "../audit";
import { eventOf, SYNC_LOOKBACK_DAYS } from "../google-calendar";
import { calendarFeedRepository } from "./calendar-feed.repository";
import { renderCalendar } from "./icalendar";

export type CalendarFeedService = ReturnType<typeof calendarFeedService>;

/** Where the feed is served; the token (and `.ics`, which some apps want to see) follow. */
export const CALENDAR_FEED_PATH = "/api/calendar-feed";
/** 32 random bytes, base64url: 43 characters nobody can guess. */
export const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** How far ahead the feed reaches, and how many events it carries at most. */
const FEED_DAYS_AHEAD = 366;
const FEED_MAX_EVENTS = 2000;

/**
 * The private iCalendar subscription link of a professional (docs/decisions/015): for any calendar app (Apple,
 * Outlook, Google by URL), with the same privacy rule as the Google events — type and first name only.
 */
export function calendarFeedService(db: Db, clock: Clock, deps: { publicUrl?: string }) {
  const repo = calendarFeedRepository(db);
  /** The public address: PUBLIC_URL, else the address the screen was opened at. */
  const feedUrl = (token: string, origin: string) => `${deps.publicUrl ?? origin}${CALENDAR_FEED_PATH}/${token}.ics`;

  return {
    /** Whether a link exists; its URL is only known when it is created (only the hash is kept). */
    async get(caller: TenantCaller): Promise<CalendarFeed> {
      const feed = await repo.findByProfessional(caller.professionalId);
      return { active: Boolean(feed), url: null, created_at: iso(feed?.createdAt) };
    },

    /** A new link; the previous one stops working at once ("Gerar novo link"). */
    async regenerate(caller: TenantCaller, origin: string): Promise<CalendarFeed> {
      const token = randomBytes(32).toString("base64url");
      const now = clock.now();
      await db.transaction(async (tx) => {
        await calendarFeedRepository(tx).replace(caller.professionalId, sha256Hex(token), now);
        await recordAudit(tx, caller, { action: "calendar_feed.regenerated", entityType: "calendar_feed" });
      });
      return { active: true, url: feedUrl(token, origin), created_at: iso(now) };
    },

    /** The iCalendar text for a token; 404 for an unknown or replaced one. */
    async render(token: string): Promise<string> {
      const feed = FEED_TOKEN.test(token) ? await repo.findByTokenHash(sha256Hex(token)) : null;
      if (!feed) throw AppError.notFound(MSG.googleCalendarFeedNotFound);
      const now = clock.now();
      const rows = await repo.listFeedAppointments(
        feed.professionalId,
        { from: new Date(now.getTime() - SYNC_LOOKBACK_DAYS * 86_400_000), to: new Date(now.getTime() + FEED_DAYS_AHEAD * 86_400_000) },
        FEED_MAX_EVENTS,
      );
      const events = rows.map((row) => {
        const event = eventOf(row, deps.publicUrl);
        return {
          uid: `${event.id}@clinora`,
          start: event.start,
          end: event.end,
          summary: event.summary,
          description: event.description,
          url: event.sourceUrl,
          status: event.status === "tentative" ? ("TENTATIVE" as const) : ("CONFIRMED" as const),
          lastModified: row.updatedAt,
        };
      });
      return renderCalendar({ name: "Clinora · Compromissos", timeZone: feed.timeZone, now, events });
    },
  };
}
