import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { DEFAULT_TIME_ZONE } from "@clinora/contracts";
import { toLocal } from "@clinora/contracts/zoned-time";
import { startFakeTwilio, type FakeTwilio } from "@clinora/stand-ins";
import { openDatabase, type Database } from "../src/platform/db/client";
import { rowsOf } from "../src/platform/db/rows";
import { systemClock } from "../src/platform/lib/clock";
import { queueReminder } from "../src/modules/reminders";
import { factories } from "./factories";
import { TEST_TWILIO } from "./assistant-harness";
import { copyTemplateDatabase, startServerProcess, stopServerProcess, type ServerProcess } from "./server-process";
import { testDbKind } from "./test-db";

/**
 * Reminders across a crash: a server process (server.ts from source) killed with SIGKILL while it
 * sends reminders, then a fresh one on the same PostgreSQL. Each patient gets exactly one reminder: the reminder
 * ledger stops a second run of the job, and the send job's in-doubt check adopts a template message Twilio took
 * before the kill. PostgreSQL only: the embedded database belongs to a single process.
 */
const onPostgres = testDbKind() === "postgres";
const CONTENT_SID = `HX${"b".repeat(32)}`;

describe.skipIf(!onPostgres)("reminders across a SIGKILL restart", () => {
  let copy: Awaited<ReturnType<typeof copyTemplateDatabase>>;
  let database: Database;
  let twilio: FakeTwilio;
  const running: ServerProcess[] = [];

  const startServer = async () => {
    const server = await startServerProcess({
      DATABASE_URL: copy.url,
      ADMIN_EMAIL: "admin@lembretes.test",
      TWILIO_BASE_URL: twilio.url,
      TWILIO_REMINDER_CONTENT_SID: CONTENT_SID,
    });
    running.push(server);
    return server;
  };

  beforeAll(async () => {
    copy = await copyTemplateDatabase("clinora_rem");
    database = await openDatabase({ kind: "postgres", url: copy.url, maxConnections: 4 });
    twilio = await startFakeTwilio({ ...TEST_TWILIO, autoStatuses: false });
  });

  afterAll(async () => {
    await Promise.all(running.splice(0).map((s) => stopServerProcess(s)));
    await database?.close();
    await twilio?.close();
    await copy?.drop();
  });

  it("sends each due reminder exactly once when the sending process is killed and another takes over", async () => {
    const make = factories(database.db);
    const professional = await make.professional({ fullName: "Dra. Lembretes", clinicName: "Clínica Lembretes" });
    const number = (await make.twilioNumber({ professionalId: professional.id })).twilioNumber;
    const total = 40;
    // Appointments 3 to 4 hours from now: inside the 24-hour lead time, so every reminder is due at once.
    const ids: string[] = [];
    for (let i = 0; i < total; i++) {
      const patient = await make.patient(professional.id, { name: `Paciente ${i}`, phone: `+55119${String(60000000 + i).padStart(8, "0")}` });
      const local = toLocal(new Date(Date.now() + 3 * 3_600_000 + i * 60_000), DEFAULT_TIME_ZONE);
      const appointment = await make.appointment(professional.id, patient.id, { appointmentDate: local.date, appointmentTime: local.time, duration: 15 });
      ids.push(appointment.id);
    }
    await database.db.transaction(async (tx) => {
      for (const id of ids) await queueReminder(tx, systemClock, professional.id, id, { late: true });
    });

    // Twilio answers slowly, so the kill lands while messages are taken but their sids not yet written.
    twilio.setSendDelay(250);
    const first = await startServer();
    const deadline = Date.now() + 60_000;
    while (twilio.sent.length < 6 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    await stopServerProcess(first, "SIGKILL");
    const atKill = twilio.sent.length;
    expect(atKill).toBeGreaterThanOrEqual(6);
    expect(atKill).toBeLessThan(total);
    // At least one message reached Twilio whose sid the killed process never wrote: the in-doubt case.
    const [known] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(external_id)::int as n from messages where direction = 'outbound'`));
    expect(known!.n).toBeLessThan(atKill);

    twilio.setSendDelay(0);
    await startServer();
    const until = Date.now() + 90_000;
    while (twilio.sent.length < total && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    // A little longer, so a late duplicate would be seen.
    await new Promise((r) => setTimeout(r, 5000));

    const perPhone = new Map<string, number>();
    for (const m of twilio.sent) perPhone.set(m.to, (perPhone.get(m.to) ?? 0) + 1);
    expect(perPhone.size).toBe(total);
    expect([...perPhone.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    expect(twilio.sent.every((m) => m.contentSid === CONTENT_SID && m.from === number)).toBe(true);

    // One reminder row and one message per appointment, every message with Twilio's sid.
    const reminders = rowsOf<{ outcome: string; n: number }>(await database.db.execute(sql`select outcome, count(*)::int as n from appointment_reminders group by outcome`));
    expect(reminders).toEqual([{ outcome: "sent", n: total }]);
    const messages = rowsOf<{ n: number; with_sid: number }>(
      await database.db.execute(sql`select count(*)::int as n, count(external_id)::int as with_sid from messages where direction = 'outbound'`),
    );
    expect(messages).toEqual([{ n: total, with_sid: total }]);
  }, 240_000);
});
