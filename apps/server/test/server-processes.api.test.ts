import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { TWILIO_WEBHOOK_PATH } from "@clinora/contracts";
import { startFakeLlm, startFakeTwilio, type FakeLlm, type FakeTwilio } from "@clinora/stand-ins";
import { openDatabase, type Database } from "../src/platform/db/client";
import { rowsOf } from "../src/platform/db/rows";
import { factories } from "./factories";
import { TEST_TWILIO } from "./assistant-harness";
import { copyTemplateDatabase, startServerProcess, stopServerProcess, type ServerProcess } from "./server-process";
import { testDbKind } from "./test-db";

/**
 * Real server processes (server.ts from source) sharing one PostgreSQL: the job queue must hand each
 * reply to exactly one of them, and a process killed with SIGKILL must lose no acknowledged message and send no
 * reply twice. PostgreSQL only: the embedded database belongs to a single process.
 */
const onPostgres = testDbKind() === "postgres";

describe.skipIf(!onPostgres)("server processes on one PostgreSQL", () => {
  let copy: Awaited<ReturnType<typeof copyTemplateDatabase>>;
  let database: Database;
  let twilio: FakeTwilio;
  let llm: FakeLlm;
  const running: ServerProcess[] = [];

  const startServer = async () => {
    const server = await startServerProcess({
      DATABASE_URL: copy.url,
      ADMIN_EMAIL: "admin@processos.test",
      TWILIO_BASE_URL: twilio.url,
      OPENAI_API_KEY: "sk-test",
      OPENAI_BASE_URL: llm.openAiBaseUrl,
    });
    running.push(server);
    return server;
  };

  /** The professional's number; every patient phone gets a conversation with one inbound message. */
  async function clinic() {
    const make = factories(database.db);
    const professional = await make.professional({ fullName: "Dra. Processos", clinicName: "Clínica Processos" });
    return (await make.twilioNumber({ professionalId: professional.id })).twilioNumber;
  }

  const phone = (i: number) => `+55119${String(70000000 + i).padStart(8, "0")}`;

  /** Waits until every phone has a reply, then a little longer, so a late duplicate would be seen. */
  async function repliesPerPhone(count: number, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    while (twilio.sent.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1500));
    const perPhone = new Map<string, number>();
    for (const m of twilio.sent) perPhone.set(m.to, (perPhone.get(m.to) ?? 0) + 1);
    return perPhone;
  }

  beforeAll(async () => {
    copy = await copyTemplateDatabase("clinora_proc");
    database = await openDatabase({ kind: "postgres", url: copy.url, maxConnections: 4 });
    twilio = await startFakeTwilio({ ...TEST_TWILIO, autoStatuses: false });
    // A model that answers quickly, so the queue is what is measured.
    llm = await startFakeLlm({ brain: () => ({ text: "Olá! Recebemos sua mensagem." }) });
  });

  afterEach(async () => {
    await Promise.all(running.splice(0).map((s) => stopServerProcess(s)));
    twilio.reset();
    llm.reset();
  });

  afterAll(async () => {
    await database?.close();
    await Promise.all([twilio?.close(), llm?.close()]);
    await copy?.drop();
  });

  it("two processes drain 500 queued replies with none sent twice", async () => {
    const number = await clinic();
    const [a, b] = [await startServer(), await startServer()];
    const servers = [a!, b!];
    const total = 500;
    // Half of the messages reach each process, as a load balancer would spread them.
    for (let i = 0; i < total; i += 10) {
      const batch = Array.from({ length: Math.min(10, total - i) }, (_, k) => i + k).map((n) => {
        const server = servers[n % 2]!;
        return twilio.sendInbound({ webhookUrl: `${server.origin}${TWILIO_WEBHOOK_PATH}`, from: phone(n), to: number, body: `Mensagem ${n}` });
      });
      for (const res of await Promise.all(batch)) expect(res.status).toBe(200);
    }

    const perPhone = await repliesPerPhone(total, 120_000);
    expect(perPhone.size).toBe(total);
    expect([...perPhone.values()].every((n) => n === 1)).toBe(true);
    expect(twilio.sent).toHaveLength(total);

    const jobs = rowsOf<{ status: string; n: number }>(await database.db.execute(sql`select status, count(*)::int as n from jobs group by status order by status`));
    expect(jobs).toEqual([{ status: "done", n: total * 2 }]);
  }, 240_000);

  it("after a SIGKILL mid-queue, every acknowledged message gets exactly one reply once a process runs again", async () => {
    const number = await clinic();
    // A slower model keeps jobs in flight when the process dies.
    llm.setDelay(150);
    const first = await startServer();
    const total = 80;
    const acknowledged: number[] = [];
    for (let n = 0; n < total; n++) {
      const res = await twilio.sendInbound({ webhookUrl: `${first.origin}${TWILIO_WEBHOOK_PATH}`, from: phone(1000 + n), to: number, body: `Olá ${n}` });
      if (res.status === 200) acknowledged.push(n);
    }
    expect(acknowledged).toHaveLength(total);
    const deadline = Date.now() + 60_000;
    while (twilio.sent.length < 10 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await stopServerProcess(first, "SIGKILL");
    const sentBeforeRestart = twilio.sent.length;
    expect(sentBeforeRestart).toBeLessThan(total);

    llm.setDelay(0);
    await startServer();
    const perPhone = await repliesPerPhone(total, 120_000);
    expect([...perPhone.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    expect(perPhone.size).toBe(total);
  }, 240_000);
});
