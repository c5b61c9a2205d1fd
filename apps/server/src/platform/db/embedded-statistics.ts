import type { PgliteQueryable } from "./pglite-connection";

/**
 * Tables that grew by more than a fifth (and 8 pages, 64 kB) since their planner statistics were last gathered:
 * pg_class.relpages is the size ANALYZE (or VACUUM) saw, pg_relation_size the size now. A cheap catalog read.
 */
const GROWN_TABLES = `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind = 'r'
    and pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * 1.2 + 8
  order by c.relname`;

/**
 * Gathers the statistics of the tables that grew since they were last gathered, and answers their names.
 *
 * PostgreSQL's autovacuum does this for a server; the embedded engine has none, so its planner kept the statistics of
 * the last start (its migrations end with an ANALYZE) for as long as the process ran: a new practice's tables are
 * empty then, and a day of messages later its plans still assume so. At 50 WhatsApp messages a second, gathering them
 * again every 2 s took 8-10 % off the server's CPU per message (docs/decisions/036, fifth round). Growth rather than a count of
 * changes because the engine keeps no such count (pg_stat_user_tables stays at zero there); each table is gathered
 * again once it is a fifth larger, so a large table seldom is.
 */
export async function analyzeGrownTables(db: PgliteQueryable): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(GROWN_TABLES);
  for (const { name } of rows) await db.query(`analyze "${name.replaceAll('"', '""')}"`);
  return rows.map((row) => row.name);
}

/**
 * Runs analyzeGrownTables every `everyMs` until stopped (which waits for a check under way, so the engine can close
 * after it); a failure waits for the next time.
 */
export function keepStatisticsFresh(db: PgliteQueryable, everyMs: number): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = analyzeGrownTables(db).catch(() => undefined);
  }, everyMs);
  // The check alone must not keep a process alive (a script that is done).
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
