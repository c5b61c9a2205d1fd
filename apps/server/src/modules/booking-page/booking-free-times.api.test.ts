import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { fixedClock } from "../../platform/lib/clock";
import * as s from "../../tables";
import { createTestContext, type TestContext } from "../../../test/context";

/**
 * The booking page's free times are kept per professional schedule version (docs/decisions/039): every change of one
 * of their inputs shows in the very next answer, on this app and on another one on the same database (another
 * process, another host), while times that pass drop out by the clock alone. Monday 30 November 2026, 08:00 in São
 * Paulo (UTC−3 all year); the days and times expected are written by hand.
 */
const MONDAY_0800 = "2026-11-30T11:00:00Z";
const TODAY = "2026-11-30";
const TUESDAY = "2026-12-01";
/** The default hours (Monday to Friday, 08:00 to 18:00) in steps of 50 minutes. */
const GRID = ["08:00", "08:50", "09:40", "10:30", "11:20", "12:10", "13:00", "13:50", "14:40", "15:30", "16:20", "17:10"];
const ENV = { LOG_LEVEL: "silent", WEB_DIST_DIR: "/nonexistent", RATE_LIMIT_PER_MINUTE: "100000", BOOKING_PAGE_READS_PER_MINUTE: "100000" };
const PAGE = { enabled: true, min_notice_hours: 0, days_ahead: 7, appointment_types: [{ name: "Consulta", duration: 50 }] };

describe("the booking page's free times, kept per schedule version", () => {
  const clock = fixedClock(MONDAY_0800);
  let t: TestContext;
  let other: FastifyInstance;
  let session = "";
  let slug = "";
  let professionalId = "";
  let patientId = "";
  let phone = 0;

  /** The times offered on `date` by an app (this one unless told), as a patient's browser asks for them. */
  const timesOn = async (date: string, app?: FastifyInstance) => {
    const options = { method: "GET" as const, url: `/api/public/booking/${slug}/times?type=0`, remoteAddress: "10.61.0.1" };
    const res = app ? await app.inject(options) : await t.request(options);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().days as { date: string; times: string[] }[]).find((d) => d.date === date)?.times ?? [];
  };
  const book = (date: string, time: string, app?: FastifyInstance) => {
    const options = {
      method: "POST" as const,
      url: `/api/public/booking/${slug}/bookings`,
      remoteAddress: "10.61.0.2",
      payload: { type: 0, date, time, name: "Maria Clara", phone: `(11) 9${String(30_000_000 + phone++).padStart(8, "0")}`, consent_whatsapp: true },
    };
    return app ? app.inject(options) : t.request(options);
  };
  const asProfessional = (method: "POST" | "PUT" | "PATCH", url: string, payload?: object) => t.request({ method, url, session, payload });
  const putPage = async (changes: Partial<typeof PAGE>) => {
    const res = await asProfessional("PUT", "/api/booking-page", { ...PAGE, slug, ...changes });
    expect(res.statusCode, res.body).toBe(200);
  };
  const appointmentAt = async (date: string, time: string) => {
    const res = await asProfessional("POST", "/api/appointments", { patient_id: patientId, appointment_date: date, appointment_time: time, appointment_type: "Consulta", duration: 50 });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };

  beforeAll(async () => {
    t = await createTestContext({ clock, env: ENV });
    other = await buildApp({ config: loadConfig(ENV), database: t.database, clock });
    await other.ready();
    const { user, professional } = await t.make.professionalUser({}, { appointmentDuration: 50 });
    professionalId = professional.id;
    patientId = (await t.make.patient(professionalId)).id;
    session = await t.login(user.email, user.password);
    slug = (await t.request({ method: "GET", url: "/api/booking-page", session })).json().slug;
    await putPage({});
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });
  beforeEach(() => clock.set(MONDAY_0800));

  it("reuses the answer while the version stays, and makes it again once the version rises", async () => {
    expect(await timesOn(TUESDAY)).toEqual(GRID);
    // An appointment written with the triggers off leaves the version as it was: the kept answer still offers its time.
    await t.db.execute(sql`alter table appointments disable trigger appointments_schedule_version_insert`);
    try {
      await t.make.appointment(professionalId, patientId, { appointmentDate: TUESDAY, appointmentTime: "08:00", duration: 50 });
    } finally {
      await t.db.execute(sql`alter table appointments enable trigger appointments_schedule_version_insert`);
    }
    expect(await timesOn(TUESDAY)).toEqual(GRID);
    await t.db.execute(sql`update professionals set schedule_version = schedule_version + 1 where id = ${professionalId}`);
    expect(await timesOn(TUESDAY)).toEqual(GRID.slice(1));
  });

  it("drops a time at once when the page books it, and gives it back when the professional cancels it", async () => {
    expect(await timesOn(TUESDAY)).toContain("10:30");
    const booked = await book(TUESDAY, "10:30");
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await timesOn(TUESDAY)).not.toContain("10:30");
    const appointment = (await t.db.select().from(s.appointments)).find((a) => a.appointmentDate === TUESDAY && a.appointmentTime.startsWith("10:30"))!.id;
    const cancelled = await asProfessional("POST", `/api/appointments/${appointment}/cancel`, { notify_patient: false });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await timesOn(TUESDAY)).toContain("10:30");
  });

  it("follows an appointment the professional moves", async () => {
    const id = await appointmentAt(TUESDAY, "12:10");
    expect(await timesOn(TUESDAY)).not.toContain("12:10");
    const moved = await asProfessional("PUT", `/api/appointments/${id}`, { patient_id: patientId, appointment_date: TUESDAY, appointment_time: "13:00", appointment_type: "Consulta", duration: 50 });
    expect(moved.statusCode, moved.body).toBe(200);
    const times = await timesOn(TUESDAY);
    expect(times).toContain("12:10");
    expect(times).not.toContain("13:00");
  });

  it("follows a change of working hours", async () => {
    const before = await timesOn(TUESDAY);
    expect(before).toContain("17:10");
    // Until 17:10: the 17:10 slot no longer fits.
    const changed = await asProfessional("PUT", "/api/professionals/me", { business_end: "17:10" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await timesOn(TUESDAY)).toEqual(before.filter((time) => time !== "17:10"));
    expect((await asProfessional("PUT", "/api/professionals/me", { business_end: "18:00" })).statusCode).toBe(200);
    expect(await timesOn(TUESDAY)).toEqual(before);
  });

  it("offers nothing while the professional is Indisponível, and everything again once she is back", async () => {
    const before = await timesOn(TUESDAY);
    expect(before.length).toBeGreaterThan(0);
    expect((await asProfessional("PATCH", "/api/professionals/me/availability?is_available=false")).statusCode).toBe(200);
    expect(await timesOn(TUESDAY)).toEqual([]);
    expect((await asProfessional("PATCH", "/api/professionals/me/availability?is_available=true")).statusCode).toBe(200);
    expect(await timesOn(TUESDAY)).toEqual(before);
  });

  it("follows the page's settings (the minimum notice)", async () => {
    expect(await timesOn(TUESDAY)).toContain("08:50");
    // 26 hours from Monday 08:00: Tuesday from 10:00 on.
    await putPage({ min_notice_hours: 26 });
    const times = await timesOn(TUESDAY);
    expect(times).not.toContain("08:50");
    expect(times).not.toContain("09:40");
    expect(times).toContain("10:30");
    await putPage({});
    expect(await timesOn(TUESDAY)).toContain("08:50");
  });

  it("drops the times that pass by the clock alone, without any write", async () => {
    const morning = await timesOn(TODAY);
    expect(morning.slice(0, 3)).toEqual(["08:00", "08:50", "09:40"]);
    // 09:41: 08:00, 08:50 and 09:40 have begun.
    clock.set("2026-11-30T12:41:00Z");
    const later = await timesOn(TODAY);
    expect(later).toEqual(morning.filter((time) => time > "09:41"));
    // The day after, Monday is gone and Tuesday comes first.
    clock.set("2026-12-01T10:00:00Z");
    const res = await t.request({ method: "GET", url: `/api/public/booking/${slug}/times?type=0`, remoteAddress: "10.61.0.1" });
    expect(res.json().days[0].date).toBe(TUESDAY);
  });

  it("follows the Google busy times read, and stops using them once they are too old, by the clock", async () => {
    expect(await timesOn(TUESDAY)).toContain("14:40");
    await t.make.calendarConnection(professionalId, { busyCalendarIds: ["primary"], busyFetchedAt: clock.now(), busyCheckedAt: clock.now() });
    // A Google event from 14:45 to 15:15 on Tuesday: 14:40 is taken.
    await t.db.insert(s.calendarBusyIntervals).values({ professionalId, startsAt: new Date("2026-12-01T17:45:00Z"), endsAt: new Date("2026-12-01T18:15:00Z") });
    expect(await timesOn(TUESDAY)).not.toContain("14:40");
    // 31 minutes without a read that worked: the busy times are no longer used (docs/decisions/027), with no write.
    clock.set("2026-11-30T11:31:00Z");
    expect(await timesOn(TUESDAY)).toContain("14:40");
    await t.db.delete(s.calendarConnections);
    await t.db.delete(s.calendarBusyIntervals);
  });

  it("never serves another app instance's stale times, and never books one time twice", async () => {
    expect(await timesOn(TUESDAY, other)).toContain("15:30");
    expect(await timesOn(TUESDAY)).toContain("15:30");
    const booked = await book(TUESDAY, "15:30", other);
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await timesOn(TUESDAY)).not.toContain("15:30");
    expect(await timesOn(TUESDAY, other)).not.toContain("15:30");
    const again = await book(TUESDAY, "15:30");
    expect(again.statusCode, again.body).toBe(409);
    expect((await t.db.select().from(s.appointments)).filter((a) => a.appointmentDate === TUESDAY && a.appointmentTime.startsWith("15:30") && a.status !== "cancelled")).toHaveLength(1);
    // A change made through this app shows on the other one at once.
    const id = await appointmentAt(TUESDAY, "16:20");
    expect(id).toBeTruthy();
    expect(await timesOn(TUESDAY, other)).not.toContain("16:20");
  });

  it("raises the version when a patient's deletion removes her appointments (a cascade no service call sees)", async () => {
    const patient = await t.make.patient(professionalId);
    await t.make.appointment(professionalId, patient.id, { appointmentDate: TUESDAY, appointmentTime: "17:10", duration: 50 });
    expect(await timesOn(TUESDAY)).not.toContain("17:10");
    await t.db.delete(s.patients).where(sql`${s.patients.id} = ${patient.id}`);
    expect(await timesOn(TUESDAY)).toContain("17:10");
  });
});
