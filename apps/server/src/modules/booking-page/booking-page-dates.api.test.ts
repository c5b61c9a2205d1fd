import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKING_TEXTS } from "@clinora/contracts";
import { fixedClock } from "../../platform/lib/clock";
import { createTestContext, type TestContext } from "../../../test/context";
import { FIXED_MOMENTS, shiftDate } from "../../../test/fixed-moments";

/**
 * The booking page at fixed moments (a Saturday, a Sunday, 29 February, 23:59 and 00:01 in São Paulo), through the
 * injected clock: the days and times it offers, and its answers to a date or time it never offers (422, saying why)
 * and to one taken meanwhile (409). The expected days are worked out here from the moment's local date, written by
 * hand in FIXED_MOMENTS, never with the product's own date functions.
 */
const DAYS_AHEAD = 14;
const NOTICE_HOURS = 2;
const DURATION = 50;
/** The default business hours (Monday to Friday, 08:00 to 18:00) in steps of the type's 50 minutes. */
const GRID = ["08:00", "08:50", "09:40", "10:30", "11:20", "12:10", "13:00", "13:50", "14:40", "15:30", "16:20", "17:10"];
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
const isBusinessDay = (date: string) => ![0, 6].includes(weekdayOf(date));

describe.each(FIXED_MOMENTS)("the booking page at $name ($at)", (moment) => {
  const clock = fixedClock(moment.at);
  let t: TestContext;
  let slug = "";
  let phone = 0;
  const ip = `10.77.${FIXED_MOMENTS.indexOf(moment)}.1`;
  const book = (date: string, time: string) =>
    t.request({
      method: "POST",
      url: `/api/public/booking/${slug}/bookings`,
      remoteAddress: ip,
      payload: { type: 0, date, time, name: "Maria Clara", phone: `(11) 9${String(20_000_000 + phone++).padStart(8, "0")}`, consent_whatsapp: true },
    });
  const refusedFor = async (date: string, time: string, field: "date" | "time", msg: string) => {
    const res = await book(date, time);
    expect(res.statusCode, `${date} ${time}`).toBe(422);
    expect(res.json(), `${date} ${time}`).toEqual({ detail: "Dados inválidos", details: [{ loc: ["body", field], msg, type: expect.any(String) }] });
  };

  /** The times the page must offer on `date`: the grid on a weekday, from the minimum notice on. */
  const expectedTimes = (date: string) => {
    if (!isBusinessDay(date)) return [];
    if (date !== moment.today) return GRID;
    return GRID.filter((time) => minutes(time) >= minutes(moment.time) + NOTICE_HOURS * 60);
  };

  beforeAll(async () => {
    t = await createTestContext({ clock });
    const { user } = await t.make.professionalUser({}, { appointmentDuration: DURATION });
    const session = await t.login(user.email, user.password);
    slug = (await t.request({ method: "GET", url: "/api/booking-page", session })).json().slug;
    const on = await t.request({
      method: "PUT",
      url: "/api/booking-page",
      session,
      payload: { enabled: true, slug, min_notice_hours: NOTICE_HOURS, days_ahead: DAYS_AHEAD, appointment_types: [{ name: "Consulta", duration: DURATION }] },
    });
    expect(on.statusCode, on.body).toBe(200);
  });
  afterAll(() => t?.close());

  it("offers the weekdays from the local today on, from the minimum notice, within its days ahead", async () => {
    const res = await t.request({ method: "GET", url: `/api/public/booking/${slug}/times?type=0`, remoteAddress: ip });
    expect(res.statusCode, res.body).toBe(200);
    const offered: { date: string; times: string[] }[] = res.json().days;
    const expected = Array.from({ length: DAYS_AHEAD }, (_, i) => shiftDate(moment.today, i))
      .map((date) => ({ date, times: expectedTimes(date) }))
      .filter((d) => d.times.length > 0);
    // The page lists the first few of them.
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.map((d) => ({ date: d.date, times: d.times }))).toEqual(expected.slice(0, offered.length));
  });

  it("books the first offered time, and answers 409 only when that time has just been taken", async () => {
    const first = Array.from({ length: DAYS_AHEAD }, (_, i) => shiftDate(moment.today, i)).find((d) => expectedTimes(d).length > 0)!;
    const time = expectedTimes(first)[0]!;
    const booked = await book(first, time);
    expect(booked.statusCode, booked.body).toBe(201);
    const again = await book(first, time);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(BOOKING_TEXTS.slotTaken);
    expect(again.json().nearest.length).toBeGreaterThan(0);
  });

  it("answers 422 saying why for a date or time it never offers", async () => {
    await refusedFor(shiftDate(moment.today, -1), "10:30", "date", BOOKING_TEXTS.datePast);
    await refusedFor(shiftDate(moment.today, DAYS_AHEAD), "10:30", "date", BOOKING_TEXTS.dateBeyond(DAYS_AHEAD));
    await refusedFor("2027-02-29", "10:30", "date", BOOKING_TEXTS.dateImpossible);
    await refusedFor("2030-02-31", "10:30", "date", BOOKING_TEXTS.dateImpossible);
    const weekend = Array.from({ length: 7 }, (_, i) => shiftDate(moment.today, i + 1)).find((d) => !isBusinessDay(d))!;
    await refusedFor(weekend, "10:30", "date", BOOKING_TEXTS.dayClosed);
    const weekday = Array.from({ length: 7 }, (_, i) => shiftDate(moment.today, i + 1)).find(isBusinessDay)!;
    await refusedFor(weekday, "03:00", "time", BOOKING_TEXTS.timeOutsideHours);
    await refusedFor(weekday, "10:31", "time", BOOKING_TEXTS.timeOutsideHours);
    await refusedFor(weekday, "17:30", "time", BOOKING_TEXTS.timeOutsideHours);
    // Today: closed on a weekend; on a weekday, a time of the grid already past or within the notice.
    if (!isBusinessDay(moment.today)) {
      await refusedFor(moment.today, "10:30", "date", BOOKING_TEXTS.dayClosed);
    } else {
      const tooSoon = GRID.filter((time) => minutes(time) < minutes(moment.time) + NOTICE_HOURS * 60);
      for (const time of tooSoon.slice(-2)) await refusedFor(moment.today, time, "time", BOOKING_TEXTS.timeTooSoon(NOTICE_HOURS));
    }
  });
});
