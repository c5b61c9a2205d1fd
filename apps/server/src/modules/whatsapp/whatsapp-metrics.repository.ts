import { and, eq, gte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db/client";
import { jobs } from "../../platform/jobs/jobs.schema";
import { systemEvents } from "../messaging/messaging.schema";

/** The system event stored for each assistant safety check that gave no verdict (docs/decisions/030). */
export const SAFETY_CHECK_NO_VERDICT = "safety_check_no_verdict";

/** Stores one safety check (the risk check or the second opinion) that failed, timed out or gave no valid verdict. */
export async function recordSafetyCheckNoVerdict(
  db: DbOrTx,
  at: Date,
  entry: { check: "risk" | "second_opinion"; why: string; professionalId: string | null },
) {
  await db.insert(systemEvents).values({ kind: SAFETY_CHECK_NO_VERDICT, professionalId: entry.professionalId, detail: { check: entry.check, why: entry.why }, createdAt: at });
}

/** The background jobs of one professional, or of the whole platform when `professionalId` is null. */
export function whatsappMetricsRepository(db: DbOrTx, professionalId: string | null) {
  return {
    /** Background jobs (replies, sends) that failed for good. */
    async failedJobs() {
      const [row] = await db
        .select({ n: sql<number>`(count(*) filter (where ${eq(jobs.status, "failed")}))::int` })
        .from(jobs)
        .where(professionalId ? eq(jobs.professionalId, professionalId) : undefined);
      return row?.n ?? 0;
    },

    /** Safety checks since `since` that gave no verdict (failed, timed out or answered no valid verdict), by check. */
    async safetyCheckNoVerdicts(since: Date) {
      const of = (check: string) => sql<number>`(count(*) filter (where ${systemEvents.detail}->>'check' = ${check}))::int`;
      const [row] = await db
        .select({ risk: of("risk"), secondOpinion: of("second_opinion") })
        .from(systemEvents)
        .where(
          and(
            eq(systemEvents.kind, SAFETY_CHECK_NO_VERDICT),
            gte(systemEvents.createdAt, since),
            professionalId ? eq(systemEvents.professionalId, professionalId) : undefined,
          ),
        );
      return { risk: row?.risk ?? 0, second_opinion: row?.secondOpinion ?? 0 };
    },
  };
}
