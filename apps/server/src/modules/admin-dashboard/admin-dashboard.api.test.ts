import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/context";
import { fixedClock } from "../../platform/lib/clock";
import * as s from "../../tables";

// 00:30 on 2026-03-11 in UTC is still 21:30 on the 10th in São Paulo: "today" is the 10th.
const clock = fixedClock("2026-03-11T00:30:00Z");
let t: TestContext;
let adminSession: string;

const hoursAgo = (h: number) => new Date(clock.now().getTime() - h * 3600_000);

beforeAll(async () => {
  t = await createTestContext({ clock });
  const admin = await t.make.admin({ createdAt: hoursAgo(24 * 30) });
  adminSession = await t.login(admin.email, admin.password);
  const a = await t.make.professionalUser({ createdAt: hoursAgo(24) });
  const b = await t.make.professionalUser({ status: "suspended", createdAt: hoursAgo(24 * 10) });
  const pa = await t.make.patient(a.professional.id, { createdAt: hoursAgo(2) });
  await t.make.patient(b.professional.id, { createdAt: hoursAgo(24 * 8) });

  const appt = (date: string, time: string, status: (typeof s.appointmentStatus.enumValues)[number]) => ({
    professionalId: a.professional.id,
    patientId: pa.id,
    appointmentDate: date,
    appointmentTime: time,
    status,
    startsAt: new Date(`${date}T${time}:00-03:00`),
    endsAt: new Date(`${date}T${time}:50-03:00`),
  });
  await t.db.insert(s.appointments).values([
    appt("2026-03-10", "09:00", "confirmed"),
    appt("2026-03-10", "10:00", "pending"),
    appt("2026-03-10", "11:00", "cancelled"),
    appt("2026-03-11", "09:00", "pending"),
  ]);

  const [conv] = await t.db
    .insert(s.conversations)
    .values([
      { professionalId: a.professional.id, status: "waiting", lastMessageAt: hoursAgo(3) },
      { professionalId: a.professional.id, status: "waiting", lastMessageAt: hoursAgo(1) },
    ])
    .returning();
  await t.db.insert(s.messages).values([
    { professionalId: a.professional.id, conversationId: conv!.id, direction: "outbound", status: "failed", sentAt: hoursAgo(5) },
    { professionalId: a.professional.id, conversationId: conv!.id, direction: "outbound", status: "failed", sentAt: hoursAgo(30) },
    { professionalId: a.professional.id, conversationId: conv!.id, direction: "outbound", status: "delivered", sentAt: hoursAgo(1) },
  ]);
  await t.db.insert(s.calendarConnections).values([
    { professionalId: a.professional.id, status: "connected" },
    { professionalId: b.professional.id, status: "error", lastError: "invalid_grant" },
  ]);
  await t.db.insert(s.twilioNumbers).values([
    { twilioNumber: "whatsapp:+5511940000001", e164Number: "+5511940000001", professionalId: a.professional.id },
    { twilioNumber: "whatsapp:+5511940000002", e164Number: "+5511940000002" },
  ]);
  await t.db.insert(s.tasks).values([
    { professionalId: a.professional.id, title: "A", status: "done" },
    { professionalId: a.professional.id, title: "B", status: "todo" },
    { professionalId: a.professional.id, title: "C", status: "in_progress" },
  ]);
});
afterAll(() => t.close());

describe("GET /api/admin/dashboard/summary", () => {
  it("computes each figure from the database with the definitions of docs/product/admin.md §10.1", async () => {
    const res = await t.request({ method: "GET", url: "/api/admin/dashboard/summary", session: adminSession });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total_professionals: 2,
      active_users: 2,
      total_patients: 2,
      appointments_today: 2,
      total_appointments: 4,
      new_users_7_days: 1,
      new_patients_7_days: 1,
      system_alerts: 3, // 1 failed message in 24 h + 1 conversation waiting > 2 h + 1 calendar in error
      whatsapp_connections: 1,
      google_calendar_connections: 1,
      task_completion_rate: 33,
    });
  });
});

describe("GET /api/admin/dashboard/daily", () => {
  const daily = (query = "") => t.request({ method: "GET", url: `/api/admin/dashboard/daily${query}`, session: adminSession });

  it("counts new patients and non-cancelled appointments per São Paulo day, every day present", async () => {
    const res = await daily();
    expect(res.statusCode).toBe(200);
    const days = res.json() as { date: string; new_patients: number; appointments: number }[];
    expect(days).toHaveLength(30);
    expect(days[0]!.date).toBe("2026-02-09");
    // The patient created at 22:30 UTC on the 10th is still the 10th in São Paulo; tomorrow's appointment is left out.
    expect(days.at(-1)).toEqual({ date: "2026-03-10", new_patients: 1, appointments: 2 });
    // 00:30 UTC on the 3rd is 21:30 on the 2nd in São Paulo.
    expect(days.find((d) => d.date === "2026-03-02")).toEqual({ date: "2026-03-02", new_patients: 1, appointments: 0 });
    expect(days.reduce((sum, d) => sum + d.new_patients + d.appointments, 0)).toBe(4);
  });

  it("answers the number of days asked for", async () => {
    const res = await daily("?days=7");
    expect(res.json().map((d: { date: string }) => d.date)).toEqual([
      "2026-03-04", "2026-03-05", "2026-03-06", "2026-03-07", "2026-03-08", "2026-03-09", "2026-03-10",
    ]);
  });

  it.each(["0", "91", "abc", "1.5"])("refuses days=%s", async (days) => {
    const res = await daily(`?days=${days}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().details[0].loc).toEqual(["querystring", "days"]);
  });
});
