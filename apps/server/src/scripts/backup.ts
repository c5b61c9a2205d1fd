/**
 * `npm run backup [-- --format portable] [--passphrase-file FILE]`: one consistent snapshot of the whole product's data in BACKUP_DIR
 * (default ./backups), named with the UTC time. PostgreSQL (DATABASE_URL): `pg_dump -Fc`, while the server runs.
 * Embedded database: PGlite's dump of its data folder; one process at a time may open the folder, so stop the
 * server first, or let the running server take them (BACKUP_EVERY_HOURS). docs/decisions/018.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { openDatabase } from "../platform/db/client";
import { readPassphraseFile, takeBackup, type BackupFormat } from "../modules/backups";

async function main() {
  const { values } = parseArgs({ options: { format: { type: "string", default: "native" }, "passphrase-file": { type: "string" } } });
  if (values.format !== "native" && values.format !== "portable") throw new Error("--format deve ser native ou portable");
  const config = loadConfig();
  // --passphrase-file, else BACKUP_PASSPHRASE: the backup is encrypted (docs/decisions/031).
  const passphraseFile = values["passphrase-file"];
  const passphrase = passphraseFile ? readPassphraseFile(path.resolve(process.env.INIT_CWD ?? process.cwd(), passphraseFile)) : config.backup.passphrase;
  const database = await openDatabase(
    config.databaseUrl ? { kind: "postgres", url: config.databaseUrl, maxConnections: 2 } : { kind: "pglite", dataDir: config.dataDir },
  );
  try {
    const file = await takeBackup({ database, databaseUrl: config.databaseUrl }, { dir: config.backup.dir, format: values.format as BackupFormat, now: new Date(), passphrase });
    console.log(`Backup gravado: ${file}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(`Backup não realizado: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
