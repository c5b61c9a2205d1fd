import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { openDatabase, type Database, type Db } from "../src/platform/db/client";
import { systemClock, type Clock } from "../src/platform/lib/clock";
import { adminPostgresUrl, pgliteTemplatePath, pgTemplateName, testDbKind, withDatabase } from "./test-db";
import { factories } from "./factories";

/** A database of its own for one test file, copied from the migrated template. */
export async function openTestDatabase(): Promise<Database> {
  if (testDbKind() === "pglite") {
    const blob = new Blob([readFileSync(pgliteTemplatePath())]);
    return openDatabase({ kind: "pglite", loadDataDir: blob });
  }
  const name = `clinora_test_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: adminPostgresUrl() });
  await admin.connect();
  await admin.query(`create database ${name} template ${pgTemplateName()}`);
  await admin.end();
  const database = await openDatabase({ kind: "postgres", url: withDatabase(adminPostgresUrl(), name), maxConnections: 20 });
  const close = database.close;
  return {
    ...database,
    close: async () => {
      await close();
      const cleanup = new pg.Client({ connectionString: adminPostgresUrl() });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  database: Database;
  make: ReturnType<typeof factories>;
  /** app.inject with JSON handling and an optional session. */
  request(options: InjectOptions & { session?: string }): Promise<LightMyRequestResponse>;
  /** Logs in through the API and returns the session id. */
  login(email: string, password: string): Promise<string>;
  close(): Promise<void>;
}

/** `env` adds configuration variables (e.g. PUBLIC_URL, provider keys) to the test defaults. */
export async function createTestContext(
  options: { clock?: Clock; env?: Record<string, string>; instrument?: (app: FastifyInstance) => void } = {},
): Promise<TestContext> {
  const database = await openTestDatabase();
  const config = loadConfig({ LOG_LEVEL: "silent", WEB_DIST_DIR: "/nonexistent", RATE_LIMIT_PER_MINUTE: "100000", ...options.env });
  const app = await buildApp({ config, database, clock: options.clock ?? systemClock, instrument: options.instrument });
  await app.ready();

  const request: TestContext["request"] = ({ session, headers, ...rest }) =>
    app.inject({ ...rest, headers: { ...headers, ...(session ? { "x-session-id": session } : {}) } });

  return {
    app,
    db: database.db,
    database,
    make: factories(database.db),
    request,
    async login(email, password) {
      const res = await request({ method: "POST", url: "/api/auth/login", payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.statusCode} ${res.body}`);
      return res.json().session_id as string;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

type ContextOptions = Parameters<typeof createTestContext>[0];
type Make = TestContext["make"];

/** A test file's context with an admin signed in (`admin`: the factory's overrides). */
export async function contextWithAdmin(options: ContextOptions & { admin?: Parameters<Make["admin"]>[0] } = {}) {
  const { admin: overrides, ...rest } = options;
  const t = await createTestContext(rest);
  const admin = await t.make.admin(overrides);
  return { t, admin, session: await t.login(admin.email, admin.password) };
}

/** A test file's context with a professional signed in (`user`, `profile`: the factory's overrides). */
export async function contextWithProfessional(
  options: ContextOptions & { user?: Parameters<Make["professionalUser"]>[0]; profile?: Parameters<Make["professionalUser"]>[1] } = {},
) {
  const { user: userOverrides, profile, ...rest } = options;
  const t = await createTestContext(rest);
  const { user, professional } = await t.make.professionalUser(userOverrides, profile);
  return { t, user, professional, session: await t.login(user.email, user.password) };
}

/** What a test file reads once its context is open: the context, the signed-in session and, for a professional, her id. */
export type AdminFile = TestContext & { session: string; admin: Awaited<ReturnType<Make["admin"]>> };
export type ProfessionalFile = TestContext & { session: string; professionalId: string };

/**
 * Registers the file's beforeAll that opens `open()`'s context and its afterAll that closes it, and returns the object
 * that beforeAll fills: read its fields inside hooks and tests, never while the file loads.
 */
function openForFile<F extends TestContext>(open: () => Promise<F>): F {
  const file = {} as F;
  let opened = false;
  beforeAll(async () => {
    Object.assign(file, await open());
    opened = true;
  });
  afterAll(async () => {
    if (opened) await file.close();
  });
  return file;
}

/** contextWithAdmin for the whole file: `const t = adminForFile({ clock })`, then `t.request({ ..., session: t.session })` in tests. */
export function adminForFile(options: Parameters<typeof contextWithAdmin>[0] = {}): AdminFile {
  return openForFile(async () => {
    const { t, admin, session } = await contextWithAdmin(options);
    return { ...t, admin, session };
  });
}

/** contextWithProfessional for the whole file: `const t = professionalForFile({ clock })`, then `t.session`, `t.professionalId` in tests. */
export function professionalForFile(options: Parameters<typeof contextWithProfessional>[0] = {}): ProfessionalFile {
  return openForFile(async () => {
    const { t, professional, session } = await contextWithProfessional(options);
    return { ...t, session, professionalId: professional.id };
  });
}
