import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { freePort, TEST_TWILIO } from "./assistant-harness";
import { adminPostgresUrl, pgTemplateName, withDatabase } from "./test-db";

/**
 * Real server processes for the tests that kill or share them: each on a free port of 127.0.0.1, Twilio
 * credentials of the stand-in, short job locks so a killed process's jobs come back fast. By default server.ts
 * from source through tsx; server-bundle.api.test.ts runs the bundle `npm start` runs.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** What to run: Node's arguments and the working directory. */
export interface ServerCommand {
  args: string[];
  cwd: string;
}

const FROM_SOURCE: ServerCommand = { args: ["--import", "tsx", "src/server.ts"], cwd: serverDir };

export interface ServerProcess {
  child: ChildProcess;
  origin: string;
  /** What the process printed, for the error when it does not start. */
  output: string[];
}

/** Spawns one process with `env` on top of the shared settings; does not wait for it. */
export async function spawnServerProcess(env: Record<string, string>, command: ServerCommand = FROM_SOURCE): Promise<ServerProcess> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, command.args, {
    cwd: command.cwd,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_POOL_MAX: "5",
      PUBLIC_URL: origin,
      LOG_LEVEL: "warn",
      WEB_DIST_DIR: "/nonexistent",
      ADMIN_PASSWORD: "Admin@12345",
      TWILIO_ACCOUNT_SID: TEST_TWILIO.accountSid,
      TWILIO_AUTH_TOKEN: TEST_TWILIO.authToken,
      JOB_LOCK_TIMEOUT_SECONDS: "3",
      WORKER_CONCURRENCY: "4",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  child.stdout!.on("data", (d) => output.push(String(d)));
  child.stderr!.on("data", (d) => output.push(String(d)));
  return { child, origin, output };
}

/**
 * Starts one process with `env` on top of the shared settings and waits until /api/health answers. The port is found
 * free and let go before the child listens, so another test's server may take it first: the child then stops with
 * EADDRINUSE, and it is started again on another port (three tries).
 */
export async function startServerProcess(env: Record<string, string>, command: ServerCommand = FROM_SOURCE): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startedOnce(env, command);
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt === 3) throw error;
    }
  }
}

class PortTakenError extends Error {}

async function startedOnce(env: Record<string, string>, command: ServerCommand): Promise<ServerProcess> {
  const server = await spawnServerProcess(env, command);
  const { child, origin, output } = server;
  // Generous: a fresh embedded database on a loaded 2-core machine can take most of a minute.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      const printed = output.join("");
      if (printed.includes("EADDRINUSE")) throw new PortTakenError(`port taken: ${printed}`);
      throw new Error(`server exited: ${printed}`);
    }
    if (await fetch(`${origin}/api/health`).then((r) => r.ok).catch(() => false)) return server;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start: ${output.join("")}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Resolves with the process's exit code (null when a signal ended it). */
export function exitOf(server: ServerProcess): Promise<number | null> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return Promise.resolve(server.child.exitCode);
  return new Promise((resolve) => server.child.once("exit", (code) => resolve(code)));
}

/** Stops a process (SIGKILL to simulate a crash) and waits for it to exit. */
export async function stopServerProcess(server: ServerProcess, signal: NodeJS.Signals = "SIGTERM") {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((r) => server.child.once("exit", r));
  server.child.kill(signal);
  await exited;
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminPostgresUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A PostgreSQL database of its own, copied from the migrated template; `drop()` removes it. */
export async function copyTemplateDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  await admin((c) => c.query(`create database ${name} template ${pgTemplateName()}`));
  return {
    url: withDatabase(adminPostgresUrl(), name),
    drop: () => admin((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}
