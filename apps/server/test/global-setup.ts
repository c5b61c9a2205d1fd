import { existsSync, writeFileSync, renameSync } from "node:fs";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/platform/db/client";
import { adminPostgresUrl, pgliteTemplatePath, pgTemplateName, withDatabase } from "./test-db";

/**
 * Migrates one template database per run (or reuses the one for the same migrations); every test file
 * then copies it, which is far cheaper than migrating a fresh database each time.
 */
export default async function setup(project: TestProject) {
  // Runs in the main process, where the project's `env` is not applied: read it from the project.
  if (project.config.env?.TEST_DB_KIND !== "postgres") {
    const file = pgliteTemplatePath();
    if (existsSync(file)) return;
    const database = await openDatabase({ kind: "pglite" });
    await database.migrate();
    const dump = await database.pglite!.dumpDataDir("gzip");
    await database.close();
    const tmp = `${file}.${process.pid}`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, file);
    return;
  }

  const name = pgTemplateName();
  const admin = new pg.Client({ connectionString: adminPostgresUrl() });
  await admin.connect();
  try {
    const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (exists.rowCount) return;
    await admin.query(`drop database if exists ${name}_building`);
    await admin.query(`create database ${name}_building`);
    const database = await openDatabase({ kind: "postgres", url: withDatabase(adminPostgresUrl(), `${name}_building`) });
    await database.migrate();
    await database.close();
    await admin.query(`alter database ${name}_building rename to ${name}`);
  } finally {
    await admin.end();
  }
}
