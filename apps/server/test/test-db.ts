import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import os from "node:os";
import pg from "pg";
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

/** Runs `statement` on the administration database the tests create and drop databases from. */
async function onAdminDatabase(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminPostgresUrl() });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A new, empty PostgreSQL database named `<prefix>_<random>` (a restore's target, say), dropped by `drop()` even
 * while something is still connected to it.
 */
export async function emptyPostgresDatabase(prefix: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  await onAdminDatabase(`create database ${name}`);
  return { name, url: withDatabase(adminPostgresUrl(), name), drop: () => onAdminDatabase(`drop database if exists ${name} with (force)`) };
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
