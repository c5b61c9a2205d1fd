import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import os from "node:os";
import { migrationsFolder } from "../src/platform/db/client";

export type TestDbKind = "pglite" | "postgres";

export function testDbKind(): TestDbKind {
  return process.env.TEST_DB_KIND === "postgres" ? "postgres" : "pglite";
}

/** The server tests create databases on; trust auth on 127.0.0.1 by default (see README). */
export function adminPostgresUrl(): string {
  return process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Changes whenever a migration changes, so a cached template is never stale. */
export function migrationsHash(): string {
  const h = createHash("sha256");
  for (const file of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    if (file.endsWith(".sql") || file.endsWith(".json")) h.update(file).update(readFileSync(path.join(migrationsFolder, file)));
  }
  return h.digest("hex").slice(0, 12);
}

export const pgliteTemplatePath = () => path.join(os.tmpdir(), `clinora-template-${migrationsHash()}.tar.gz`);
export const pgTemplateName = () => `clinora_template_${migrationsHash()}`;
