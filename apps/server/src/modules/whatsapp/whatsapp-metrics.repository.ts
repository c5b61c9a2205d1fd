import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db/client";
import { jobs } from "../../platform/db/schema/index";

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
  };
}
