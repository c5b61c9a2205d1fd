import { loadConfig } from "./config";
import { buildApp } from "./app";
import { openDatabase } from "./db/client";
import { ensureFirstAdmin } from "./modules/users/first-admin";
import { scheduleNextBackup } from "./modules/backups/backup.jobs";
import { systemClock } from "./lib/clock";

/** Starts the product: database, migrations, first administrator, HTTP; stops cleanly on SIGINT/SIGTERM. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { kind: "postgres", url: config.databaseUrl, maxConnections: config.databasePoolMax } : { kind: "pglite", dataDir: config.dataDir },
  );
  await database.migrate();
  const app = await buildApp({ config, database });
  await ensureFirstAdmin(database.db, config, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  // BACKUP_EVERY_HOURS: the first slot is queued here (once across instances), each backup queues the next.
  await scheduleNextBackup(database.db, systemClock, config.backup.everyHours);
  app.worker.start();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
