import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ICAL from "ical.js";
import { MSG } from "@clinora/contracts";
import { createTestContext, type TestContext } from "../../../test/context";
import { eventIdOf } from "../google-calendar";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ env: { PUBLIC_URL: "https://app.clinora.test" } });
});
afterAll(() => t.close());

async function clinic() {
  const { user, professional } = await t.make.professionalUser({}, { timezone: "America/Sao_Paulo" });
  const session = await t.login(user.email, user.password);
  const patient = await t.make.patient(professional.id, { name: "Joana Prado Lima", phone: "+5511912345678" });
  return { professionalId: professional.id, session, patientId: patient.id };
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function book(c: { session: string; patientId: string }, days: number, overrides: Record<string, unknown> = {}) {
  const res = await t.request({
    method: "POST",
    url: "/api/appointments",
    session: c.session,
    payload: { patient_id: c.patientId, appointment_date: inDays(days), appointment_time: "09:30", duration: 45, appointment_type: "Consulta", notes: "CPF 987.654.321-00", ...overrides },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; starts_at?: string };
}

const feedPath = (url: string) => new URL(url).pathname;

/** The feed parsed by a real iCalendar parser: its VEVENTs as plain values. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    return { uid: event.uid, summary: event.summary, description: event.description, start: event.startDate.toJSDate(), end: event.endDate.toJSDate(), status: vevent.getFirstPropertyValue("status") };
  });
}

describe("the private iCalendar feed", () => {
  it("serves the professional's coming appointments, type and first name only, parsed by ical.js", async () => {
    const c = await clinic();
    const other = await clinic();
    const a = await book(c, 2);
    const b = await book(c, 3, { appointment_type: "Avaliação inicial; retorno, com \"aspas\" e um texto longo para dobrar a linha", status: "confirmed" });
    const cancelled = await book(c, 4);
    await t.request({ method: "DELETE", url: `/api/appointments/${cancelled.id}`, session: c.session });
    await book(other, 2);

    const before = await t.request({ method: "GET", url: "/api/calendar-feed", session: c.session });
    expect(before.json()).toEqual({ active: false, url: null, created_at: null });
    const created = await t.request({ method: "POST", url: "/api/calendar-feed", session: c.session });
    expect(created.statusCode).toBe(200);
    const { url } = created.json();
    expect(url).toMatch(/^https:\/\/app\.clinora\.test\/api\/calendar-feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await t.request({ method: "GET", url: "/api/calendar-feed", session: c.session })).json()).toMatchObject({ active: true, url: null, created_at: expect.any(String) });

    const res = await t.request({ method: "GET", url: feedPath(url) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    // Calendar apps poll the feed: it keeps its own short private caching over the API's no-store.
    expect(res.headers["cache-control"]).toBe("private, max-age=300");
    expect(res.body.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    for (const secret of ["Prado", "Lima", "CPF", "987.654", "12345678"]) expect(res.body).not.toContain(secret);

    const events = parse(res.body);
    expect(events.map((e) => e.uid).sort()).toEqual([`${eventIdOf(a.id)}@clinora`, `${eventIdOf(b.id)}@clinora`].sort());
    const first = events.find((e) => e.uid === `${eventIdOf(a.id)}@clinora`)!;
    expect(first).toMatchObject({ summary: "Consulta · Joana", status: "TENTATIVE" });
    // 09:30 in São Paulo (UTC-3), 45 minutes.
    expect(first.start.toISOString()).toBe(`${inDays(2)}T12:30:00.000Z`);
    expect(first.end.getTime() - first.start.getTime()).toBe(45 * 60_000);
    const second = events.find((e) => e.uid === `${eventIdOf(b.id)}@clinora`)!;
    expect(second.summary).toBe("Avaliação inicial; retorno, com \"aspas\" e um texto longo para dobrar a linha · Joana");
    expect(second.status).toBe("CONFIRMED");
  });

  it("a new link replaces the old one, which stops working; unknown tokens are 404", async () => {
    const c = await clinic();
    await book(c, 1);
    const old = (await t.request({ method: "POST", url: "/api/calendar-feed", session: c.session })).json().url;
    const fresh = (await t.request({ method: "POST", url: "/api/calendar-feed", session: c.session })).json().url;
    expect(fresh).not.toBe(old);
    const gone = await t.request({ method: "GET", url: feedPath(old) });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ detail: MSG.googleCalendarFeedNotFound });
    expect((await t.request({ method: "GET", url: feedPath(fresh) })).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: `/api/calendar-feed/${"a".repeat(43)}.ics` })).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: "/api/calendar-feed/curto.ics" })).statusCode).toBe(404);
  });

  it("is written in the professional's zone, also while it has no appointments", async () => {
    const { user } = await t.make.professionalUser({}, { timezone: "America/Manaus" });
    const session = await t.login(user.email, user.password);
    const { url } = (await t.request({ method: "POST", url: "/api/calendar-feed", session })).json();
    const feed = await t.request({ method: "GET", url: feedPath(url) });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain("X-WR-TIMEZONE:America/Manaus");
  });

  it("needs a professional session to see or make the link", async () => {
    expect((await t.request({ method: "POST", url: "/api/calendar-feed" })).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url: "/api/calendar-feed" })).statusCode).toBe(401);
  });
});
