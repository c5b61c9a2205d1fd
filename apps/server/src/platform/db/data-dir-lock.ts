import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The file, inside an embedded database's data folder, naming the process that has it open. */
export const LOCK_FILE = "clinora.lock";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The live process that holds the data folder open, or null (none, a stale lock of a dead process, or ourselves). */
export function dataDirHolder(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(path.join(dataDir, LOCK_FILE), "utf8"), 10);
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  return isAlive(pid) ? pid : null;
}

/**
 * PGlite is one process per data folder; PostgreSQL's own postmaster.pid is not usable for that (PGlite writes a
 * fixed fake pid). Takes the folder for this process or throws naming the holder; returns the release.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const holder = dataDirHolder(dataDir);
  if (holder !== null) {
    throw new Error(`O banco embutido em ${dataDir} já está aberto pelo processo ${holder} (o servidor?). Pare-o antes, ou use os backups agendados (BACKUP_EVERY_HOURS).`);
  }
  const file = path.join(dataDir, LOCK_FILE);
  writeFileSync(file, `${process.pid}\n`);
  return () => {
    try {
      if (readFileSync(file, "utf8").trim() === String(process.pid)) rmSync(file);
    } catch {
      // Already gone.
    }
  };
}
