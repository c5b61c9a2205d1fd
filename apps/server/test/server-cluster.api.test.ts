import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { copyTemplateDatabase, exitOf, spawnServerProcess, startServerProcess, stopServerProcess, type ServerProcess } from "./server-process";
import { testDbKind } from "./test-db";

/**
 * SERVER_PROCESSES (docs/decisions/021): the real server.ts started as `npm start` starts it. On PostgreSQL, one
 * primary prepares the database and supervises that many server processes on one port; the embedded database
 * refuses more than one.
 */
const onPostgres = testDbKind() === "postgres";

/** The pids of a process's children, from /proc (Linux). */
function childrenOf(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean).map(Number).sort();
}

async function until<T>(what: string, check: () => T | undefined | false, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.skipIf(!onPostgres)("SERVER_PROCESSES=2 on PostgreSQL", () => {
  let copy: Awaited<ReturnType<typeof copyTemplateDatabase>>;
  const running: ServerProcess[] = [];

  beforeAll(async () => {
    copy = await copyTemplateDatabase("clinora_cluster");
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((s) => stopServerProcess(s, "SIGKILL")));
  });
  afterAll(async () => {
    await copy?.drop();
  });

  it("prepares the database once, serves from two processes, replaces one that dies, and stops cleanly on SIGTERM", async () => {
    const server = await startServerProcess({ DATABASE_URL: copy.url, SERVER_PROCESSES: "2", ADMIN_EMAIL: "admin@cluster.test", LOG_LEVEL: "info" });
    running.push(server);
    const primary = server.child.pid!;
    const first = await until("two server processes", () => {
      const pids = childrenOf(primary);
      return pids.length === 2 && pids;
    });
    // Both listen before one is killed: a process that dies before it listens ends the whole start (by design).
    await until("both processes to listen", () => (server.output.join("").match(/Server listening/g) ?? []).length >= 2 || undefined);

    // The primary created the first administrator once; either process logs them in.
    const client = new pg.Client({ connectionString: copy.url });
    await client.connect();
    const users = await client.query("select email from users");
    await client.end();
    expect(users.rows).toEqual([{ email: "admin@cluster.test" }]);
    for (let i = 0; i < 4; i++) {
      const login = await fetch(`${server.origin}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", connection: "close" },
        body: JSON.stringify({ email: "admin@cluster.test", password: "Admin@12345" }),
      });
      expect(login.status).toBe(200);
    }

    process.kill(first[0]!, "SIGKILL");
    const replaced = await until("a replacement process", () => {
      const pids = childrenOf(primary);
      return pids.length === 2 && !pids.includes(first[0]!) && pids;
    });
    expect(replaced).toContain(first[1]);
    expect(server.output.join("")).toContain("a server process stopped unexpectedly; starting another");
    await until("the replacement to listen", () => (server.output.join("").match(/Server listening/g) ?? []).length >= 3 || undefined);
    for (let i = 0; i < 4; i++) expect((await fetch(`${server.origin}/api/health`, { headers: { connection: "close" } })).status).toBe(200);

    const exited = exitOf(server);
    server.child.kill("SIGTERM");
    expect(await exited).toBe(0);
    const output = server.output.join("");
    expect(output).toContain("stopping the server processes");
    expect(output.match(/"job worker stopped"/g)).toHaveLength(2);
    for (const pid of replaced) expect(existsSync(`/proc/${pid}`)).toBe(false);
  }, 240_000);
});

describe.skipIf(onPostgres)("SERVER_PROCESSES=2 on the embedded database", () => {
  it("refuses to start, saying why, before it opens the data folder", async () => {
    const parent = mkdtempSync(path.join(tmpdir(), "clinora-cluster-"));
    const dataDir = path.join(parent, "dados");
    try {
      const server = await spawnServerProcess({ SERVER_PROCESSES: "2", DATA_DIR: dataDir });
      expect(await exitOf(server)).toBe(1);
      expect(server.output.join("")).toContain("SERVER_PROCESSES: above 1 needs DATABASE_URL (PostgreSQL)");
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
