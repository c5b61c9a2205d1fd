import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { DEFAULT_TIME_ZONE, GOOGLE_CALENDAR_CALLBACK_PATH, MSG, WEB_CHAT_TOKEN_HEADER } from "@clinora/contracts";
import { addDays, localToInstant, todayIn, weekdayOf } from "@clinora/contracts/zoned-time";
import { FAKE_GOOGLE_ACCOUNT, startFakeGoogle, type FakeGoogle } from "@clinora/stand-ins";
import { createAssistantHarness, type AssistantHarness, type Clinic } from "../../../test/assistant-harness";
import { calendarBusyIntervals, calendarConnections } from "./google-calendar.schema";
import { jobs } from "../../platform/jobs/jobs.schema";
import { fixedClock } from "../../platform/lib/clock";
import { appointmentService, type ScheduleActor } from "../appointments";
import { BUSY_MAX_AGE_MS, BUSY_REFRESH_JOB, BUSY_TTL_MS, busyRefreshKey } from "./calendar-busy";
import { OAUTH_STATE_COOKIE } from "./google-calendar.routes";

/**
 * Google busy times (docs/decisions/027), through the real server, the Google SDKs and the fake Google over HTTP: a busy time of a calendar
 * the professional picked removes a time from the availability service, the appointment dialog's suggestions, the
 * WhatsApp assistant's free-times tool and the web chat's; Clinora's own events are not counted twice; a failing
 * Google or a revoked grant leaves the times of Clinora's agenda offered, with a warning.
 */

const GOOGLE_CLIENT = { clientId: "cliente.apps.googleusercontent.com", clientSecret: "segredo" };
const GOOGLE_ENV = { GOOGLE_CLIENT_ID: GOOGLE_CLIENT.clientId, GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.clientSecret, CALENDAR_TOKEN_KEY: Buffer.alloc(32, 7).toString("base64") };
const PERSONAL = "familia123@group.calendar.google.com";
const ZONE = DEFAULT_TIME_ZONE;
const PATIENT = "+5511988887777";
type ToolTurn = { role: "tool"; name: string; content: string };

let h: AssistantHarness;
let google: FakeGoogle;
// Pinned, so the cache's age and the job's next run are moved by the test, not waited for.
const clock = fixedClock(new Date());

beforeAll(async () => {
  google = await startFakeGoogle({ ...GOOGLE_CLIENT, timeZone: ZONE });
  google.addCalendar({ id: PERSONAL, name: "Família" });
  h = await createAssistantHarness({ clock, env: { ...GOOGLE_ENV, GOOGLE_BASE_URL: google.url } });
});
afterAll(async () => {
  await h.close();
  await google.close();
});

let dayOffset = 2;
/** A weekday of its own for each test (the fake holds one account for every professional of the file). */
function nextBusinessDate(): string {
  let date = addDays(todayIn(ZONE, clock.now()), dayOffset);
  while ([0, 6].includes(weekdayOf(date))) date = addDays(date, 1);
  dayOffset = Math.round((Date.parse(date) - Date.parse(todayIn(ZONE, clock.now()))) / 86_400_000) + 1;
  return date;
}

/** The whole consent: our auth URL, the fake's consent page, its redirect to our callback with the state cookie. */
async function connect(session: string, scopes?: string) {
  const start = await h.request({ method: "GET", url: "/api/google-calendar/auth", session });
  expect(start.statusCode, start.body).toBe(200);
  const authorizationUrl = new URL(start.json().authorization_url);
  if (scopes) authorizationUrl.searchParams.set("scope", scopes);
  const atGoogle = await fetch(authorizationUrl, { redirect: "manual" });
  const back = new URL(atGoogle.headers.get("location")!);
  expect(back.pathname).toBe(GOOGLE_CALENDAR_CALLBACK_PATH);
  const res = await h.request({ method: "GET", url: back.pathname + back.search, headers: { cookie: `${OAUTH_STATE_COOKIE}=${back.searchParams.get("state")}` } });
  expect(res.headers.location).toBe("/configuracoes?google_calendar=connected");
}

const status = async (session: string) => (await h.request({ method: "GET", url: "/api/google-calendar/status", session })).json();

/** Free times of the appointment dialog's suggestions (POST /appointments/availability). */
async function dialogFreeTimes(session: string, date: string, excludeId?: string) {
  const res = await h.request({ method: "POST", url: "/api/appointments/availability", session, payload: { date, ...(excludeId ? { exclude_id: excludeId } : {}) } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().slots as { time: string; available: boolean }[]).filter((s) => s.available).map((s) => s.time);
}

/** The professional's own book: the actor the assistant and the booking page use. */
const actorOf = (professionalId: string): ScheduleActor =>
  ({
    userId: null,
    role: "assistant",
    professionalId,
    practice: { timeZone: ZONE, appointmentDuration: 50, businessDays: [1, 2, 3, 4, 5], businessStart: "08:00", businessEnd: "18:00" },
  }) as unknown as ScheduleActor;

/** A connected professional who picked their primary calendar and "Família" to block times. */
async function connectedClinic(): Promise<Clinic> {
  const clinic = await h.clinic();
  await connect(clinic.session);
  const chosen = await h.request({ method: "PUT", url: "/api/google-calendar/busy-calendars", session: clinic.session, payload: { calendar_ids: [FAKE_GOOGLE_ACCOUNT, PERSONAL] } });
  expect(chosen.statusCode, chosen.body).toBe(200);
  await h.drain();
  return clinic;
}

beforeEach(() => {
  h.llm.reset();
  h.twilio.reset();
});

describe("choosing the calendars whose busy times block times", () => {
  it("lists the account's calendars, primary first, and saves the choice; only calendars of the account are taken", async () => {
    const clinic = await h.clinic();
    const notYet = await h.request({ method: "GET", url: "/api/google-calendar/calendars", session: clinic.session });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json()).toEqual({ detail: MSG.googleCalendarNotConnected });

    await connect(clinic.session);
    const list = await h.request({ method: "GET", url: "/api/google-calendar/calendars", session: clinic.session });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual({
      calendars: [
        { id: FAKE_GOOGLE_ACCOUNT, name: FAKE_GOOGLE_ACCOUNT, primary: true, blocks_busy_times: false },
        { id: PERSONAL, name: "Família", primary: false, blocks_busy_times: false },
      ],
    });
    expect(await status(clinic.session)).toMatchObject({ busy_calendar_ids: [], busy_fetched_at: null, busy_warning: null });

    const unknown = await h.request({ method: "PUT", url: "/api/google-calendar/busy-calendars", session: clinic.session, payload: { calendar_ids: ["outra@gmail.com"] } });
    expect(unknown.statusCode).toBe(422);
    expect(JSON.stringify(unknown.json())).toContain(MSG.googleBusyCalendarUnknown);
    const tooMany = await h.request({ method: "PUT", url: "/api/google-calendar/busy-calendars", session: clinic.session, payload: { calendar_ids: Array.from({ length: 21 }, (_, i) => `a${i}`) } });
    expect(tooMany.statusCode).toBe(422);

    const saved = await h.request({ method: "PUT", url: "/api/google-calendar/busy-calendars", session: clinic.session, payload: { calendar_ids: [PERSONAL] } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().calendars).toEqual([expect.objectContaining({ id: FAKE_GOOGLE_ACCOUNT, blocks_busy_times: false }), expect.objectContaining({ id: PERSONAL, blocks_busy_times: true })]);
    await h.drain();
    const after = await status(clinic.session);
    expect(after).toMatchObject({ busy_calendar_ids: [PERSONAL], busy_fetched_at: clock.now().toISOString(), busy_warning: null });

    // Another professional sees nothing of it and cannot change it.
    const other = await h.clinic();
    expect((await status(other.session)).busy_calendar_ids).toEqual([]);
    expect((await h.request({ method: "PUT", url: "/api/google-calendar/busy-calendars", session: other.session, payload: { calendar_ids: [] } })).statusCode).toBe(409);
  });

  it("asks for a new consent when the grant predates the busy times (events scope only)", async () => {
    const clinic = await h.clinic();
    await connect(clinic.session, "https://www.googleapis.com/auth/calendar.events");
    const list = await h.request({ method: "GET", url: "/api/google-calendar/calendars", session: clinic.session });
    expect(list.statusCode).toBe(409);
    expect(list.json()).toEqual({ detail: MSG.googleBusyNeedsConsent });
  });
});

describe("a Google busy time removes the time everywhere times are offered", () => {
  it("from the availability service, the dialog's suggestions, the WhatsApp assistant, the web chat and the booking page", async () => {
    const clinic = await connectedClinic();
    const D = nextBusinessDate();
    google.addEvent(PERSONAL, { start: localToInstant(D, "13:00", ZONE), end: localToInstant(D, "13:50", ZONE), summary: "Dentista" });
    // Not in the cache yet: the request path never asks Google, the job does.
    const callsBefore = google.calls.length;
    expect(await dialogFreeTimes(clinic.session, D)).toContain("13:00");
    expect(google.calls.length).toBe(callsBefore);

    clock.set(new Date(clock.now().getTime() + BUSY_TTL_MS));
    await h.drain();
    expect(google.calls.slice(callsBefore).map((c) => c.path)).toContain("/calendar/v3/freeBusy");

    // (4) the availability service itself, and its booking check.
    // Reads only: no appointment changes, so no reminder to queue.
    const service = appointmentService(h.db, clock, { queueReminder: async () => {} });
    const slots = (await service.availability(actorOf(clinic.professionalId), { date: D })).slots;
    expect(slots.find((s) => s.time === "13:00")).toEqual({ time: "13:00", available: false });
    expect(slots.find((s) => s.time === "12:10")).toEqual({ time: "12:10", available: true });
    expect(slots.find((s) => s.time === "13:50")).toEqual({ time: "13:50", available: true });
    expect(await service.bookable(actorOf(clinic.professionalId), { date: D, time: "13:00" })).toBe("taken");
    expect(await service.bookable(actorOf(clinic.professionalId), { date: D, time: "13:50" })).toBe("free");

    // (3) the appointment dialog's suggestions.
    const dialog = await dialogFreeTimes(clinic.session, D);
    expect(dialog).not.toContain("13:00");
    expect(dialog).toContain("13:50");

    // (1) the WhatsApp assistant's free-times tool, and a booking it tries at that time.
    h.llm.script([
      { toolCalls: [{ name: "check_availability", arguments: { date: D } }, { name: "book_appointment", arguments: { date: D, time: "13:00", patient_name: "Maria Souza" } }] },
      { text: "Tenho outros horários." },
    ]);
    await clinic.patientWrites(PATIENT, `Quero ${D} às 13h, sou Maria Souza`);
    await h.drain();
    const tools = (h.llm.requests[1]!.messages.filter((m) => m.role === "tool") as ToolTurn[]).map((m) => JSON.parse(m.content) as Record<string, unknown>);
    expect(tools[0]!.free_times).toEqual(dialog);
    expect(tools[1]).toMatchObject({ status: "taken" });

    // (2) the web chat's offered times.
    h.llm.reset();
    h.llm.script([{ toolCalls: [{ name: "check_availability", arguments: { date: D } }] }, { text: "Tenho horários." }]);
    const publicId = (await h.request({ method: "GET", url: "/api/web-chat", session: clinic.session })).json().public_id as string;
    const started = await h.request({ method: "POST", url: `/api/public/chat/clinics/${publicId}/conversations`, payload: { content: `Horários em ${D}?` }, remoteAddress: "10.7.0.1" });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.headers[WEB_CHAT_TOKEN_HEADER] ?? started.json().visitor_token).toEqual(expect.any(String));
    await h.drain();
    const chatTool = (h.llm.requests[1]!.messages.filter((m) => m.role === "tool") as ToolTurn[]).map((m) => JSON.parse(m.content) as Record<string, unknown>);
    expect(chatTool[0]!.free_times).toEqual(dialog);
    expect(chatTool[0]!.free_times).not.toContain("13:00");

    // (5) the public booking page: the times it lists, and a patient asking for that time anyway.
    const page = (await h.request({ method: "GET", url: "/api/booking-page", session: clinic.session })).json() as { slug: string };
    const on = await h.request({
      method: "PUT",
      url: "/api/booking-page",
      session: clinic.session,
      payload: { enabled: true, slug: page.slug, min_notice_hours: 0, days_ahead: 30, appointment_types: [{ name: "Consulta", duration: 50 }] },
    });
    expect(on.statusCode, on.body).toBe(200);
    const listed = await h.request({ method: "GET", url: `/api/public/booking/${page.slug}/times?type=0`, remoteAddress: "10.7.0.2" });
    expect(listed.statusCode, listed.body).toBe(200);
    const pageDay = (listed.json().days as { date: string; times: string[] }[]).find((d) => d.date === D);
    expect(pageDay!.times).not.toContain("13:00");
    expect(pageDay!.times).toContain("13:50");
    const asked = await h.request({
      method: "POST",
      url: `/api/public/booking/${page.slug}/bookings`,
      remoteAddress: "10.7.0.2",
      payload: { type: 0, date: D, time: "13:00", name: "Joana Prado", phone: "(11) 91234-5678", consent_whatsapp: true },
    });
    expect(asked.statusCode, asked.body).toBe(409);
    expect((asked.json().nearest as { time: string }[]).map((n) => n.time)).not.toContain("13:00");

    // Another professional's times are theirs alone.
    const other = await h.clinic();
    expect(await dialogFreeTimes(other.session, D)).toContain("13:00");
  });

  it("does not count Clinora's own events twice: a cancelled or edited appointment frees its time at once", async () => {
    const clinic = await connectedClinic();
    const D = nextBusinessDate();
    const patient = await h.make.patient(clinic.professionalId, { name: "Ana Lima", phone: "+5511977776666" });
    const booked = await h.request({
      method: "POST",
      url: "/api/appointments",
      session: clinic.session,
      payload: { patient_id: patient.id, appointment_date: D, appointment_time: "15:30", duration: 50, appointment_type: "Consulta" },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const appointmentId = booked.json().id as string;
    // The sync writes the event to the primary calendar, and the busy times are read again after it.
    await h.drain();
    expect(google.events("primary").some((e) => e.start?.dateTime === localToInstant(D, "15:30", ZONE).toISOString())).toBe(true);
    const cached = await h.db.select().from(calendarBusyIntervals).where(eq(calendarBusyIntervals.professionalId, clinic.professionalId));
    expect(cached.filter((c) => c.startsAt < localToInstant(D, "16:20", ZONE) && c.endsAt > localToInstant(D, "15:30", ZONE))).toEqual([]);

    // Editing the appointment: its own time is offered (the event there is its own).
    expect(await dialogFreeTimes(clinic.session, D, appointmentId)).toContain("15:30");
    expect(await dialogFreeTimes(clinic.session, D)).not.toContain("15:30");

    // Cancelled: free again, before and after the sync deletes the event and the busy times are read again.
    expect((await h.request({ method: "DELETE", url: `/api/appointments/${appointmentId}`, session: clinic.session })).statusCode).toBe(200);
    expect(await dialogFreeTimes(clinic.session, D)).toContain("15:30");
    await h.drain();
    expect(await dialogFreeTimes(clinic.session, D)).toContain("15:30");
  });
});

describe("when Google cannot be read", () => {
  it("keeps a recent read through a Google failure, then offers Clinora's agenda only, with a warning", async () => {
    const clinic = await connectedClinic();
    const D = nextBusinessDate();
    google.addEvent(PERSONAL, { start: localToInstant(D, "09:40", ZONE), end: localToInstant(D, "10:30", ZONE) });
    clock.set(new Date(clock.now().getTime() + BUSY_TTL_MS));
    await h.drain();
    expect(await dialogFreeTimes(clinic.session, D)).not.toContain("09:40");

    google.failNext(1000, "server");
    clock.set(new Date(clock.now().getTime() + BUSY_TTL_MS));
    await h.drain();
    const [connection] = await h.db.select().from(calendarConnections).where(eq(calendarConnections.professionalId, clinic.professionalId));
    expect(connection!.busyError).toBe("unavailable");
    // A read a few minutes old still counts.
    expect(await dialogFreeTimes(clinic.session, D)).not.toContain("09:40");
    expect((await status(clinic.session)).busy_warning).toBeNull();

    clock.set(new Date(clock.now().getTime() + BUSY_MAX_AGE_MS));
    await h.drain();
    expect(await dialogFreeTimes(clinic.session, D)).toContain("09:40");
    expect((await status(clinic.session)).busy_warning).toBe(MSG.googleBusyUnavailable);

    // Google back: the next run reads again and the warning goes.
    google.failNext(0, "server");
    clock.set(new Date(clock.now().getTime() + BUSY_TTL_MS));
    await h.drain();
    expect(await dialogFreeTimes(clinic.session, D)).not.toContain("09:40");
    expect((await status(clinic.session)).busy_warning).toBeNull();
  });

  it("a revoked grant: times offered from Clinora's agenda, the professional warned, no more reads until reconnecting", async () => {
    const clinic = await connectedClinic();
    const D = nextBusinessDate();
    google.addEvent(PERSONAL, { start: localToInstant(D, "11:20", ZONE), end: localToInstant(D, "12:10", ZONE) });
    clock.set(new Date(clock.now().getTime() + BUSY_TTL_MS));
    await h.drain();
    expect(await dialogFreeTimes(clinic.session, D)).not.toContain("11:20");

    google.revokeGrants();
    google.expireAccessTokens();
    clock.set(new Date(clock.now().getTime() + BUSY_TTL_MS));
    await h.drain();

    expect(await dialogFreeTimes(clinic.session, D)).toContain("11:20");
    h.llm.script([{ toolCalls: [{ name: "check_availability", arguments: { date: D } }] }, { text: "Tenho horários." }]);
    await clinic.patientWrites("+5511988886666", `Horários em ${D}?`);
    await h.drain();
    const tool = JSON.parse((h.llm.requests[1]!.messages.find((m) => m.role === "tool") as ToolTurn).content) as { free_times: string[] };
    expect(tool.free_times).toContain("11:20");
    expect(await status(clinic.session)).toMatchObject({ connected: false, status: "error", busy_warning: MSG.googleBusyNeedsReconnect });
    expect(await h.db.select().from(calendarBusyIntervals).where(eq(calendarBusyIntervals.professionalId, clinic.professionalId))).toEqual([]);

    // The job stops; a request does not ask for reads either.
    const [job] = await h.db.select().from(jobs).where(eq(jobs.dedupeKey, busyRefreshKey(clinic.professionalId)));
    expect(job!.status).toBe("done");
    const calls = google.calls.length;
    clock.set(new Date(clock.now().getTime() + 3 * BUSY_TTL_MS));
    await dialogFreeTimes(clinic.session, D);
    await h.drain();
    expect(google.calls.length).toBe(calls);

    // Reconnecting brings the chosen calendars back into play at once.
    await connect(clinic.session);
    await h.drain();
    expect(await dialogFreeTimes(clinic.session, D)).not.toContain("11:20");
    expect((await status(clinic.session)).busy_warning).toBeNull();
  });
});

describe("a chosen calendar Google can no longer read", () => {
  it("keeps the other calendars' busy times and tells the professional one is not considered", async () => {
    const clinic = await connectedClinic();
    const WORK = "trabalho-unshared@group.calendar.google.com";
    google.addCalendar({ id: WORK, name: "Trabalho" });
    const chosen = await h.request({ method: "PUT", url: "/api/google-calendar/busy-calendars", session: clinic.session, payload: { calendar_ids: [PERSONAL, WORK] } });
    expect(chosen.statusCode).toBe(200);
    const D = nextBusinessDate();
    google.addEvent(PERSONAL, { start: localToInstant(D, "08:50", ZONE), end: localToInstant(D, "09:40", ZONE) });
    google.removeCalendar(WORK);
    await h.drain();

    expect(await dialogFreeTimes(clinic.session, D)).not.toContain("08:50");
    expect((await status(clinic.session)).busy_warning).toBe(MSG.googleBusyCalendarUnreadable);
  });
});

describe("the cache and its refresh job", () => {
  it("is read again by the job every few minutes, and a stale cache with no job asks for one from the request", async () => {
    const clinic = await connectedClinic();
    const D = nextBusinessDate();
    const key = busyRefreshKey(clinic.professionalId);
    const [job] = await h.db.select().from(jobs).where(eq(jobs.dedupeKey, key));
    expect(job).toMatchObject({ type: BUSY_REFRESH_JOB, status: "pending", runAt: new Date(clock.now().getTime() + BUSY_TTL_MS) });

    google.addEvent(PERSONAL, { start: localToInstant(D, "16:20", ZONE), end: localToInstant(D, "17:10", ZONE) });
    expect(await dialogFreeTimes(clinic.session, D)).toContain("16:20");
    clock.set(new Date(clock.now().getTime() + BUSY_TTL_MS));
    expect(await h.drain()).toBeGreaterThan(0);
    expect(await dialogFreeTimes(clinic.session, D)).not.toContain("16:20");
    // One row per professional, re-armed each time.
    expect(await h.db.select().from(jobs).where(eq(jobs.dedupeKey, key))).toHaveLength(1);

    // The job lost (a wiped queue): the first request after the cache went stale puts it back, due now.
    await h.db.delete(jobs).where(eq(jobs.dedupeKey, key));
    google.addEvent(PERSONAL, { start: localToInstant(D, "08:00", ZONE), end: localToInstant(D, "08:50", ZONE) });
    clock.set(new Date(clock.now().getTime() + 3 * BUSY_TTL_MS));
    expect(await dialogFreeTimes(clinic.session, D)).toContain("08:00");
    const [again] = await h.db.select().from(jobs).where(and(eq(jobs.dedupeKey, key), eq(jobs.status, "pending")));
    expect(again!.runAt).toEqual(clock.now());
    await h.drain();
    expect(await dialogFreeTimes(clinic.session, D)).not.toContain("08:00");
  });

  it("disconnecting forgets the busy times", async () => {
    const clinic = await connectedClinic();
    const D = nextBusinessDate();
    google.addEvent(PERSONAL, { start: localToInstant(D, "14:40", ZONE), end: localToInstant(D, "15:30", ZONE) });
    clock.set(new Date(clock.now().getTime() + BUSY_TTL_MS));
    await h.drain();
    expect(await dialogFreeTimes(clinic.session, D)).not.toContain("14:40");
    expect((await h.request({ method: "DELETE", url: "/api/google-calendar/disconnect", session: clinic.session })).statusCode).toBe(200);
    expect(await dialogFreeTimes(clinic.session, D)).toContain("14:40");
    expect(await h.db.select().from(calendarBusyIntervals).where(eq(calendarBusyIntervals.professionalId, clinic.professionalId))).toEqual([]);
  });
});
