import type { Database, DbOrTx } from "../../platform/db/client";
import { enqueueJob } from "../../platform/jobs/job.repository";
import type { JobDefinition, JobLogger } from "../../platform/jobs/worker";
import type { Clock } from "../../platform/lib/clock";
import { pruneBackups, takeBackup } from "./backup.service";

/** One scheduled backup (payload: slot, the ISO instant it belongs to). */
export const BACKUP_JOB = "backup.snapshot";

const HOUR_MS = 3_600_000;

/** The next slot strictly after `now`: multiples of the period counted from the Unix epoch, so every instance agrees. */
export function nextBackupSlot(now: Date, everyHours: number): Date {
  const period = everyHours * HOUR_MS;
  return new Date((Math.floor(now.getTime() / period) + 1) * period);
}

/**
 * Queues the backup of the next slot. The dedupe key is the slot, so however many instances start or finish a
 * backup, each slot is queued once and taken by one worker (docs/decisions/003).
 */
export async function scheduleNextBackup(db: DbOrTx, clock: Clock, everyHours: number): Promise<void> {
  if (everyHours <= 0) return;
  const slot = nextBackupSlot(clock.now(), everyHours);
  await enqueueJob(db, { type: BACKUP_JOB, payload: { slot: slot.toISOString() }, dedupeKey: `backup:${slot.toISOString()}`, runAt: slot, maxAttempts: 3 });
}

/** The scheduled backup job: a native snapshot named after its slot, then keep the newest `keep`, then queue the next. */
export function backupJobs(deps: {
  database: Database;
  databaseUrl?: string;
  dir: string;
  keep: number;
  everyHours: number;
  /** BACKUP_PASSPHRASE: set, each scheduled backup is encrypted. */
  passphrase?: string;
  clock: Clock;
  log: JobLogger;
}): Record<string, JobDefinition> {
  return {
    [BACKUP_JOB]: {
      async run(job) {
        const slot = new Date(String(job.payload.slot ?? deps.clock.now().toISOString()));
        const file = await takeBackup({ database: deps.database, databaseUrl: deps.databaseUrl }, { dir: deps.dir, format: "native", now: slot, passphrase: deps.passphrase });
        const removed = pruneBackups(deps.dir, deps.keep, file);
        deps.log.info({ file, removed: removed.length }, "scheduled backup written");
        await scheduleNextBackup(deps.database.db, deps.clock, deps.everyHours);
      },
      // A big database takes a while to dump.
      timeoutMs: 30 * 60_000,
    },
  };
}
