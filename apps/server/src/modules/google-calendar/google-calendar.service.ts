import { MSG, type CalendarStatus } from "@clinora/contracts";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { iso } from "../../db/rows";
import { AppError } from "../../lib/app-error";
import type { TenantCaller } from "../../lib/caller";
import { recordAudit } from "../audit/audit.service";
import { calendarConnectionRepository } from "./google-calendar.repository";

export type GoogleCalendarService = ReturnType<typeof googleCalendarService>;

/** Spec part 2 §3 "Calendar status": the zone reported when there is no connection. */
const DEFAULT_CALENDAR_TIME_ZONE = "UTC";

export function googleCalendarService(db: Db, google: Config["google"]) {
  /** Without the OAuth client the integration cannot work; the screen shows its "not configured" state. */
  const assertConfigured = () => {
    if (!google.clientId || !google.clientSecret) throw new AppError(503, MSG.googleCalendarNotConfigured, "not_configured");
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
      };
    },

    /** Forgets the caller's connection and event links; disconnecting twice is not an error. */
    async disconnect(caller: TenantCaller): Promise<void> {
      assertConfigured();
      await db.transaction(async (tx) => {
        const repo = calendarConnectionRepository(tx, caller.professionalId);
        if (!(await repo.find())) return;
        await repo.deleteWithEventLinks();
        await recordAudit(tx, caller, { action: "google_calendar.disconnected", entityType: "calendar_connection" });
      });
    },
  };
}
