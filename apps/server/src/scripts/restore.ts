/**
 * `npm run restore FILE [-- --force] [--ignore-checksum] [--passphrase-file FILE]`: restores a backup into the configured database (PostgreSQL with DATABASE_URL,
 * else the embedded one in DATA_DIR). Refuses a non-empty target unless --force (an embedded data folder is then
 * moved aside, never deleted). A portable backup (.json.gz) restores into either database. docs/decisions/018.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { readPassphraseFile, restoreBackup } from "../modules/backups";

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { force: { type: "boolean", default: false }, "ignore-checksum": { type: "boolean", default: false }, "passphrase-file": { type: "string" } },
  });
  if (positionals.length !== 1) throw new Error("uso: npm run restore ARQUIVO [-- --force] [--ignore-checksum] [--passphrase-file ARQUIVO]");
  const config = loadConfig();
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const passphraseFile = values["passphrase-file"];
  const passphrase = passphraseFile ? readPassphraseFile(path.resolve(cwd, passphraseFile)) : config.backup.passphrase;
  // npm runs workspace scripts inside apps/server; INIT_CWD is where the user typed the command.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!);
  const target = config.databaseUrl ? ({ kind: "postgres", url: config.databaseUrl } as const) : ({ kind: "pglite", dataDir: config.dataDir } as const);
  const result = await restoreBackup(file, target, {
    force: values.force ?? false,
    now: new Date(),
    passphrase,
    ignoreChecksum: values["ignore-checksum"] ?? false,
  });
  if (result.movedAside) console.log(`Dados anteriores preservados em: ${result.movedAside}`);
  console.log(`Backup restaurado (${result.format}) em ${target.kind === "postgres" ? "PostgreSQL" : target.dataDir}.`);
}

main().catch((error: unknown) => {
  console.error(`Restauração não realizada: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
