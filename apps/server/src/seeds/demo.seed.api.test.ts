import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq, sql } from "drizzle-orm";
import { CONVERSATION_CHANNELS, CONVERSATION_STATUSES, isValidCpf, MESSAGE_STATUSES, toE164BR, TWILIO_ERROR_EXPLANATIONS, USER_STATUSES } from "@clinora/contracts";
import { addDays, minutesOfDay, todayIn, weekdayOf } from "@clinora/contracts/zoned-time";
import { createTestContext, type TestContext } from "../../test/context";
import { rowsOf } from "../platform/db/rows";
import * as s from "../tables";
import { fixedClock } from "../platform/lib/clock";
import { patientSearchText } from "../modules/patients";
import { countDemoTables, seedDemo, type DemoResult } from "./demo.seed";

// A Wednesday, 10:00 in São Paulo (09:00 in Manaus).
const clock = fixedClock("2026-03-11T13:00:00Z");
const ANA = "ana.souza@clinora.com.br";

let t: TestContext;
let first: DemoResult;
let second: DemoResult;

const tableCounts = () => countDemoTables(t.db);

async function overlappingPairs(): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await t.db.execute(sql`
      select count(*)::int as n
        from appointments a
        join appointments b on b.professional_id = a.professional_id and a.id < b.id
       where a.status <> 'cancelled' and b.status <> 'cancelled'
         and tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)`),
  );
  return row!.n;
}

async function anaProfessionalId(): Promise<string> {
  const [user] = await t.db.select().from(s.users).where(eq(s.users.email, ANA));
  return user!.professionalId!;
}

beforeAll(async () => {
  t = await createTestContext({ clock });
  first = await seedDemo(t.db, clock);
  second = await seedDemo(t.db, clock);
});
afterAll(() => t.close());

describe("seedDemo", () => {
  it("is idempotent: a second run adds nothing and reports the real table sizes", async () => {
    expect(second.counts).toEqual(first.counts);
    expect(await tableCounts()).toEqual(first.counts);
    expect(first.counts).toMatchObject({ professionals: 9, users: 12, leads: 30, twilio_numbers: 6, ai_settings: 1, calendar_connections: 3 });
    expect(first.counts.patients).toBeGreaterThanOrEqual(8 * 25);
    expect(first.counts.appointments).toBeGreaterThan(8 * 20 * 2);
    expect(first.counts.tasks).toBeGreaterThanOrEqual(8 * 10);
    expect(first.counts.conversations).toBe(5 * 8);
    expect(first.logins).toEqual(second.logins);
  });

  it("gives every patient a valid CPF (when present), an E.164 phone and a consistent search text", async () => {
    const patients = await t.db.select().from(s.patients);
    const withCpf = patients.filter((p) => p.cpf !== null);
    expect(withCpf.length).toBeGreaterThan(patients.length * 0.8);
    for (const p of withCpf) expect(isValidCpf(p.cpf!), p.cpf!).toBe(true);
    for (const p of patients) {
      expect(p.phone).toMatch(/^\+55[1-9]{2}9\d{8}$/);
      expect(toE164BR(p.phone!)).toBe(p.phone);
      expect(p.searchText).toBe(patientSearchText(p));
    }
    const cpfKeys = withCpf.map((p) => `${p.professionalId}:${p.cpf}`);
    expect(new Set(cpfKeys).size).toBe(cpfKeys.length);
  });

  it("stores every other phone in E.164 too", async () => {
    const phones = [
      ...(await t.db.select({ v: s.professionals.phone }).from(s.professionals)),
      ...(await t.db.select({ v: s.professionals.clinicPhone }).from(s.professionals)),
      ...(await t.db.select({ v: s.users.phone }).from(s.users)),
      ...(await t.db.select({ v: s.conversations.phoneNumber }).from(s.conversations)),
      ...(await t.db.select({ v: s.twilioNumbers.e164Number }).from(s.twilioNumbers)),
    ].map((r) => r.v);
    expect(phones.length).toBeGreaterThan(60);
    for (const phone of phones) expect(toE164BR(phone!), String(phone)).toBe(phone);
  });

  it("never overlaps two non-cancelled appointments of one professional", async () => {
    expect(await overlappingPairs()).toBe(0);
    const professionals = new Map((await t.db.select().from(s.professionals)).map((p) => [p.id, p]));
    const appointments = await t.db.select().from(s.appointments);
    for (const a of appointments) {
      const p = professionals.get(a.professionalId)!;
      expect(a.duration).toBe(p.appointmentDuration);
      expect(a.endsAt.getTime() - a.startsAt.getTime()).toBe(a.duration * 60_000);
      // Inside business hours, on the hour or half hour.
      expect(minutesOfDay(a.appointmentTime) % 30).toBe(0);
      expect(minutesOfDay(a.appointmentTime)).toBeGreaterThanOrEqual(minutesOfDay(p.businessStart));
      expect(minutesOfDay(a.appointmentTime) + a.duration).toBeLessThanOrEqual(minutesOfDay(p.businessEnd));
    }
  });

  it("gives Ana a busy day today, with appointments both done and still to come", async () => {
    const professionalId = await anaProfessionalId();
    const today = todayIn("America/Sao_Paulo", clock.now());
    const rows = await t.db
      .select()
      .from(s.appointments)
      .where(and(eq(s.appointments.professionalId, professionalId), eq(s.appointments.appointmentDate, today)));
    expect(rows.length).toBeGreaterThanOrEqual(4);
    const later = rows.filter((a) => a.startsAt > clock.now() && a.status !== "cancelled");
    expect(later.length).toBeGreaterThanOrEqual(1);
    for (const a of later) expect(["pending", "confirmed"]).toContain(a.status);
    for (const a of rows.filter((r) => r.endsAt <= clock.now())) expect(["completed", "cancelled"]).toContain(a.status);
  });

  it("has messages in every status, conversations in every status and both channels", async () => {
    const messageStatuses = await t.db.selectDistinct({ v: s.messages.status }).from(s.messages).where(eq(s.messages.direction, "outbound"));
    // "queued" lasts only until the worker hands the message to Twilio: demo data has none.
    expect(messageStatuses.map((r) => r.v).sort()).toEqual(MESSAGE_STATUSES.filter((v) => v !== "queued").sort());
    const [inboundWithStatus] = await t.db
      .select({ n: count() })
      .from(s.messages)
      .where(and(eq(s.messages.direction, "inbound"), sql`${s.messages.status} is not null`));
    expect(inboundWithStatus!.n).toBe(0);

    const statuses = await t.db.selectDistinct({ v: s.conversations.status }).from(s.conversations);
    expect(statuses.map((r) => r.v).sort()).toEqual([...CONVERSATION_STATUSES].sort());
    const channels = await t.db.selectDistinct({ v: s.conversations.channel }).from(s.conversations);
    expect(channels.map((r) => r.v).sort()).toEqual([...CONVERSATION_CHANNELS].sort());
  });

  it("gives Ana stale and recent waiting conversations and recent failed messages", async () => {
    const professionalId = await anaProfessionalId();
    const now = clock.now().getTime();
    const waiting = await t.db
      .select()
      .from(s.conversations)
      .where(and(eq(s.conversations.professionalId, professionalId), eq(s.conversations.status, "waiting")));
    const age = (c: (typeof waiting)[number]) => now - c.lastMessageAt!.getTime();
    expect(waiting.filter((c) => age(c) >= 2 * 3600_000).length).toBeGreaterThanOrEqual(2);
    expect(waiting.filter((c) => age(c) < 2 * 3600_000).length).toBeGreaterThanOrEqual(1);
    for (const c of waiting) expect(c.unreadCount).toBeGreaterThan(0);

    const failed = await t.db
      .select()
      .from(s.messages)
      .where(and(eq(s.messages.professionalId, professionalId), eq(s.messages.status, "failed")));
    expect(failed.filter((m) => now - m.sentAt.getTime() < 24 * 3600_000).length).toBeGreaterThanOrEqual(2);

    // Each conversation's summary is its last message.
    const conversations = await t.db.select().from(s.conversations).where(eq(s.conversations.professionalId, professionalId));
    for (const c of conversations) {
      const messages = await t.db.select().from(s.messages).where(eq(s.messages.conversationId, c.id)).orderBy(s.messages.sentAt);
      expect(messages.length).toBeGreaterThanOrEqual(3);
      expect(messages.length).toBeLessThanOrEqual(10);
      expect(c.lastMessage).toBe(messages.at(-1)!.content);
      expect(c.lastMessageAt).toEqual(messages.at(-1)!.sentAt);
    }
  });

  it("never tells a patient about a booking that does not exist: each weekday and time named matches her appointments", async () => {
    const rows = await t.db
      .select({
        content: s.messages.content,
        patientId: s.conversations.patientId,
        timeZone: s.professionals.timezone,
        conversationId: s.conversations.id,
      })
      .from(s.messages)
      .innerJoin(s.conversations, eq(s.conversations.id, s.messages.conversationId))
      .innerJoin(s.professionals, eq(s.professionals.id, s.conversations.professionalId));
    const appointments = await t.db.select().from(s.appointments);
    const WEEKDAYS = ["domingo", "segunda", "terça", "quarta", "quinta", "sexta", "sábado"];
    // A weekday, optionally "-feira", optionally followed by "às 9h" / "às 15h30"; "de segunda a sexta" is opening hours.
    const mention = /\b(domingo|segunda|terça|quarta|quinta|sexta|sábado)(?:-feira)?(?:\s+às\s+(\d{1,2})h(\d{2})?)?/giu;
    const openingHours = /de (segunda|terça|quarta|quinta|sexta|sábado|domingo) a (segunda|terça|quarta|quinta|sexta|sábado|domingo)/giu;
    const checked = new Set<string>();
    let mentions = 0;
    for (const row of rows) {
      const today = todayIn(row.timeZone, clock.now());
      for (const match of (row.content ?? "").replace(openingHours, "").matchAll(mention)) {
        mentions++;
        const weekday = WEEKDAYS.indexOf(match[1]!.toLowerCase());
        const time = match[2] ? `${match[2].padStart(2, "0")}:${match[3] ?? "00"}` : null;
        // Relative to the demo's reference date, a weekday names one of the next six days.
        const candidates = appointments.filter(
          (a) =>
            a.patientId === row.patientId &&
            a.status !== "cancelled" &&
            a.appointmentDate > today &&
            a.appointmentDate <= addDays(today, 6) &&
            weekdayOf(a.appointmentDate) === weekday &&
            (time === null || a.appointmentTime.slice(0, 5) === time),
        );
        expect(candidates, `"${row.content}" (patient ${row.patientId})`).not.toHaveLength(0);
        checked.add(row.conversationId);
      }
    }
    // Not vacuous: several threads per professional with a WhatsApp number speak of a booking.
    expect(mentions).toBeGreaterThan(20);
    expect(checked.size).toBeGreaterThanOrEqual(5 * 4);
    // And no thread mentions a booking tomorrow ("amanhã às …") or "next week" without a matching appointment.
    expect(rows.filter((r) => /amanhã às|próxima semana há/iu.test(r.content ?? ""))).toEqual([]);
  });

  it("fails messages in varied, plausible ways, not one identical failure per professional", async () => {
    const failed = await t.db
      .select({ content: s.messages.content, code: s.messages.errorCode })
      .from(s.messages)
      .where(eq(s.messages.status, "failed"));
    expect(failed.length).toBeGreaterThanOrEqual(5);
    // Told apart without the patients' names: the texts themselves differ.
    const withoutNames = new Set(failed.map((m) => (m.content ?? "").replace(/\p{Lu}\p{Ll}+/gu, "")));
    expect(withoutNames.size).toBeGreaterThanOrEqual(4);
    expect(new Set(failed.map((m) => m.code)).size).toBeGreaterThanOrEqual(3);
    // Each code is one Twilio documents and the thread explains in Portuguese.
    for (const m of failed) expect(TWILIO_ERROR_EXPLANATIONS[m.code!]).toBeDefined();
  });

  it("has users in every status, with the suspension recorded", async () => {
    const users = await t.db.select().from(s.users);
    expect([...new Set(users.map((u) => u.status))].sort()).toEqual([...USER_STATUSES].sort());
    const suspended = users.find((u) => u.status === "suspended")!;
    expect(suspended.suspendedBy).toBe(users.find((u) => u.email === "admin@clinora.com.br")!.id);
    const actions = await t.db.select().from(s.adminActions).where(eq(s.adminActions.targetUserId, suspended.id));
    expect(actions.map((a) => a.action)).toContain("suspended");
  });

  it("logs in as the demo admin and as Ana; the suspended account gets 403", async () => {
    await expect(t.login("admin@clinora.com.br", "Admin@12345")).resolves.toEqual(expect.any(String));
    const session = await t.login(ANA, "Prof@12345");
    const me = await t.request({ method: "GET", url: "/api/auth/me", session });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ role: "professional", full_name: "Dra. Ana Souza" });

    const suspended = await t.request({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "marcelo.teixeira@clinora.com.br", password: "Prof@12345" },
    });
    expect(suspended.statusCode).toBe(403);
  });

  it("a run on a later day adds only the new days, still without overlaps", async () => {
    const before = await tableCounts();
    const nextWeek = fixedClock(new Date(clock.now().getTime() + 7 * 24 * 3600_000));
    const later = await seedDemo(t.db, nextWeek);
    expect(later.counts.appointments).toBeGreaterThan(before.appointments!);
    expect({ ...later.counts, appointments: 0 }).toEqual({ ...before, appointments: 0 });
    expect(await overlappingPairs()).toBe(0);
  });
});
