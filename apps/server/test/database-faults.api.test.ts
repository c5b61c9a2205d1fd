import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { MSG, TWILIO_WEBHOOK_PATH } from "@clinora/contracts";
import { startFakeLlm, startFakeTwilio, type FakeLlm, type FakeTwilio } from "@clinora/stand-ins";
import { openDatabase, type Database } from "../src/platform/db/client";
import { rowsOf } from "../src/platform/db/rows";
import { factories } from "./factories";
import { TEST_TWILIO } from "./assistant-harness";
import { copyTemplateDatabase, startServerProcess, stopServerProcess, type ServerProcess } from "./server-process";
import { testDbKind } from "./test-db";

/**
 * The database goes away under a running server and comes back (docs/decisions/024): a TCP proxy of the test's own
 * stands between the server process and PostgreSQL, cuts every connection and refuses new ones for a few seconds
 * while signed webhooks keep arriving (retried until acknowledged, as Twilio does). PostgreSQL only: the embedded
 * database lives in the server's process and has no connection to lose.
 */
const onPostgres = testDbKind() === "postgres";

/** A TCP proxy on 127.0.0.1 that can cut its connections and refuse new ones, then accept again on the same port. */
async function startProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    sockets.add(client);
    sockets.add(upstream);
    client.on("error", close).on("close", close);
    upstream.on("error", close).on("close", close);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  let cuts = 0;
  return {
    port,
    /** How many connections it was carrying when it was cut. */
    get cutConnections() {
      return cuts;
    },
    /** Ends every connection at once and stops listening: a new connection is refused. */
    cut() {
      cuts = sockets.size / 2;
      server.close();
      for (const socket of sockets) socket.destroy();
    },
    /** Listens again on the same port. */
    restore: () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve)),
    close: () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve())),
  };
}

const phone = (i: number) => `+55119${String(60000000 + i).padStart(8, "0")}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!onPostgres)("a PostgreSQL that goes away and comes back", () => {
  let copy: Awaited<ReturnType<typeof copyTemplateDatabase>>;
  let database: Database;
  let twilio: FakeTwilio;
  let llm: FakeLlm;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    copy = await copyTemplateDatabase("clinora_fault");
    database = await openDatabase({ kind: "postgres", url: copy.url, maxConnections: 2 });
    twilio = await startFakeTwilio({ ...TEST_TWILIO, autoStatuses: false });
    llm = await startFakeLlm({ brain: () => ({ text: "Olá! Recebemos sua mensagem." }) });
    const url = new URL(copy.url);
    proxy = await startProxy({ host: url.hostname, port: Number(url.port || 5432) });
  });

  afterAll(async () => {
    if (server) await stopServerProcess(server);
    await proxy?.close();
    await database?.close();
    await Promise.all([twilio?.close(), llm?.close()]);
    await copy?.drop();
  });

  it("keeps serving: 503 while it is away, every acknowledged message stored once and answered once, every send with its row", async () => {
    const make = factories(database.db);
    const professional = await make.professional({ fullName: "Dra. Falhas", clinicName: "Clínica Falhas" });
    const number = (await make.twilioNumber({ professionalId: professional.id })).twilioNumber;

    const throughProxy = new URL(copy.url);
    throughProxy.hostname = "127.0.0.1";
    throughProxy.port = String(proxy.port);
    server = await startServerProcess({
      DATABASE_URL: throughProxy.toString(),
      ADMIN_EMAIL: "admin@falhas.test",
      TWILIO_BASE_URL: twilio.url,
      OPENAI_API_KEY: "sk-test",
      OPENAI_BASE_URL: llm.openAiBaseUrl,
      // The outage is shorter than a lock: nothing may come back only because a lock expired.
      JOB_LOCK_TIMEOUT_SECONDS: "60",
    });
    const { origin } = server;
    // A model that takes a little while keeps jobs (and their connections) busy when the cut comes.
    llm.setDelay(50);

    // Twilio's side: each message is posted again until it is acknowledged; every answer is kept.
    const total = 60;
    const refusals: { status: number; body: string }[] = [];
    let acknowledged = 0;
    const alive = () => server!.child.exitCode === null && server!.child.signalCode === null;
    const deliver = async (n: number) => {
      const messageSid = `SM${String(n).padStart(32, "0")}`;
      // A process that died answers nothing any more: the assertions below say so.
      while (alive()) {
        const res = await twilio
          .sendInbound({ webhookUrl: `${origin}${TWILIO_WEBHOOK_PATH}`, from: phone(n), to: number, body: `Mensagem ${n}`, messageSid })
          .catch((error: unknown) => ({ status: 0, body: JSON.stringify({ detail: String(error) }) }));
        if (res.status === 200) {
          acknowledged++;
          return;
        }
        refusals.push({ status: res.status, body: res.body });
        await sleep(100);
      }
    };
    let next = 0;
    const senders = Array.from({ length: 4 }, async () => {
      while (next < total) {
        const n = next++;
        await deliver(n);
        await sleep(40);
      }
    });

    while (acknowledged < 15) await sleep(20);
    proxy.cut();
    // While PostgreSQL cannot be reached: the health check and the API say so in Portuguese.
    await sleep(500);
    expect(alive(), server.output.join("")).toBe(true);
    const health = await fetch(`${origin}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ detail: expect.any(String) });
    const login = await fetch(`${origin}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@falhas.test", password: "Admin@12345" }),
    });
    expect(login.status).toBe(503);
    expect(login.headers.get("retry-after")).toBe("5");
    expect(await login.json()).toEqual({ detail: MSG.databaseUnavailable });
    await sleep(3500);
    const acknowledgedDuringOutage = acknowledged;
    await proxy.restore();

    // The one process lived through it (it used to die of an 'error' event on a connection checked out of the pool).
    expect(alive(), server.output.join("")).toBe(true);

    // Back: the same process serves again within seconds.
    const backBy = Date.now() + 15_000;
    while (!(await fetch(`${origin}/api/health`).then((r) => r.ok, () => false))) {
      expect(Date.now()).toBeLessThan(backBy);
      await sleep(100);
    }
    await Promise.all(senders);
    expect(acknowledged).toBe(total);

    // The outage was really seen, and refused in the API's shape (Twilio retries a 503).
    expect(proxy.cutConnections).toBeGreaterThan(0);
    expect(refusals.length).toBeGreaterThan(0);
    expect(acknowledgedDuringOutage).toBeLessThan(total);
    expect(refusals.filter((r) => r.status !== 503)).toEqual([]);
    expect(new Set(refusals.map((r) => JSON.parse(r.body).detail))).toEqual(new Set([MSG.databaseUnavailable]));

    // Every acknowledged message gets exactly one reply, and every reply Twilio accepted has its row.
    await twilio.waitForSent(total, 60_000);
    await sleep(1500);
    const perPhone = new Map<string, number>();
    for (const m of twilio.sent) perPhone.set(m.to, (perPhone.get(m.to) ?? 0) + 1);
    expect(perPhone.size).toBe(total);
    expect([...perPhone.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    expect(twilio.sent).toHaveLength(total);

    const [inbound] = rowsOf<{ n: number; sids: number }>(
      await database.db.execute(sql`select count(*)::int as n, count(distinct external_id)::int as sids from messages where direction = 'inbound'`),
    );
    expect(inbound).toEqual({ n: total, sids: total });
    const outbound = rowsOf<{ external_id: string | null; status: string }>(
      await database.db.execute(sql`select external_id, status from messages where direction = 'outbound'`),
    );
    expect(outbound).toHaveLength(total);
    expect(outbound.map((m) => m.external_id).sort()).toEqual(twilio.sent.map((m) => m.sid).sort());
    expect(outbound.filter((m) => m.status !== "sent")).toEqual([]);
    const jobs = rowsOf<{ status: string; n: number }>(await database.db.execute(sql`select status, count(*)::int as n from jobs group by status order by status`));
    expect(jobs).toEqual([{ status: "done", n: total * 2 }]);

    expect(alive()).toBe(true);
    expect(server.output.join("")).not.toMatch(/Unhandled 'error' event/);
  }, 180_000);
});
