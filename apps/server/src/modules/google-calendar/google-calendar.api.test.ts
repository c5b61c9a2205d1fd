import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { GOOGLE_CALENDAR_CALLBACK_PATH, MSG } from "@clinora/contracts";
import { startFakeGoogle, type FakeGoogle } from "@clinora/stand-ins";
import { createTestContext, type TestContext } from "../../../test/context";
import { calendarConnections, calendarEventLinks, calendarOauthStates } from "./google-calendar.schema";
import { jobs } from "../../platform/jobs/jobs.schema";
import { appointments } from "../appointments/appointments.schema";
import { auditLog } from "../audit/audit.schema";
import { fixedClock } from "../../platform/lib/clock";
import { eventIdOf } from "./calendar-sync.service";
import { OAUTH_STATE_COOKIE } from "./google-calendar.routes";
import { OAUTH_STATE_TTL_MS } from "./google-calendar.service";

/** The calendar's own jobs (an appointment also queues its WhatsApp reminder, which is not this test's subject). */
const isCalendarJob = (j: { type: string }) => j.type.startsWith("calendar.");

const GOOGLE_CLIENT = { clientId: "cliente.apps.googleusercontent.com", clientSecret: "segredo" };
const TOKEN_KEY = Buffer.alloc(32, 1).toString("base64");
const GOOGLE_ENV = { GOOGLE_CLIENT_ID: GOOGLE_CLIENT.clientId, GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.clientSecret, CALENDAR_TOKEN_KEY: TOKEN_KEY };
const PUBLIC_URL = "https://app.clinora.test";

async function professionalSession(t: TestContext, profile: { timezone?: string } = {}) {
  const { user, professional } = await t.make.professionalUser({}, profile);
  return { professionalId: professional.id, session: await t.login(user.email, user.password) };
}

describe("Google Calendar without the OAuth client configured", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it("answers 503 with the 'not configured' message to status, auth, sync and disconnect", async () => {
    const { session } = await professionalSession(t);
    for (const [method, url] of [
      ["GET", "/api/google-calendar/status"],
      ["GET", "/api/google-calendar/auth"],
      ["POST", "/api/google-calendar/sync"],
      ["DELETE", "/api/google-calendar/disconnect"],
    ] as const) {
      const res = await t.request({ method, url, session });
      expect(res.statusCode, url).toBe(503);
      expect(res.json()).toEqual({ detail: MSG.googleCalendarNotConfigured });
    }
  });
});

describe("Google Calendar configured", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: GOOGLE_ENV });
  });
  afterAll(() => t.close());

  const status = async (session: string) => {
    const res = await t.request({ method: "GET", url: "/api/google-calendar/status", session });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it("reports a professional who never connected as disconnected, in UTC", async () => {
    const { session } = await professionalSession(t);
    expect(await status(session)).toEqual({
      connected: false,
      timezone: "UTC",
      last_synced_at: null,
      status: null,
      account_email: null,
      last_error: null,
      busy_calendar_ids: [],
      busy_fetched_at: null,
      busy_warning: null,
    });
  });

  it("reports a working connection and one in error", async () => {
    const ok = await professionalSession(t);
    await t.make.calendarConnection(ok.professionalId, { accountEmail: "agenda@gmail.com", timezone: "America/Sao_Paulo", lastSyncedAt: new Date("2026-03-10T14:46:00Z") });
    expect(await status(ok.session)).toEqual({
      connected: true,
      timezone: "America/Sao_Paulo",
      last_synced_at: "2026-03-10T14:46:00.000Z",
      status: "connected",
      account_email: "agenda@gmail.com",
      last_error: null,
      busy_calendar_ids: [],
      busy_fetched_at: null,
      busy_warning: null,
    });

    const broken = await professionalSession(t);
    await t.make.calendarConnection(broken.professionalId, { status: "error", lastError: "invalid_grant" });
    expect(await status(broken.session)).toMatchObject({ connected: false, status: "error", last_error: "invalid_grant" });
  });

  it("answers 503 to auth without PUBLIC_URL: there is no redirect URI to give Google", async () => {
    const { session } = await professionalSession(t);
    const res = await t.request({ method: "GET", url: "/api/google-calendar/auth", session });
    expect(res.statusCode).toBe(503);
  });

  it("disconnects only the caller: its connection and event links go, another professional's stay", async () => {
    const mine = await professionalSession(t);
    const other = await professionalSession(t);
    for (const { professionalId } of [mine, other]) {
      await t.make.calendarConnection(professionalId);
      const patient = await t.make.patient(professionalId);
      const [appointment] = await t.db
        .insert(appointments)
        .values({ professionalId, patientId: patient.id, appointmentDate: "2026-03-12", appointmentTime: "10:00", startsAt: new Date("2026-03-12T13:00:00Z"), endsAt: new Date("2026-03-12T13:50:00Z") })
        .returning();
      await t.db.insert(calendarEventLinks).values({ appointmentId: appointment!.id, professionalId, externalEventId: `evento-${professionalId}` });
    }

    const res = await t.request({ method: "DELETE", url: "/api/google-calendar/disconnect", session: mine.session });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await status(mine.session)).toMatchObject({ connected: false, status: null });
    expect(await t.db.select().from(calendarEventLinks).where(eq(calendarEventLinks.professionalId, mine.professionalId))).toEqual([]);
    expect(await t.db.select().from(calendarConnections).where(eq(calendarConnections.professionalId, other.professionalId))).toHaveLength(1);
    expect(await t.db.select().from(calendarEventLinks).where(eq(calendarEventLinks.professionalId, other.professionalId))).toHaveLength(1);
    const trail = await t.db.select().from(auditLog).where(eq(auditLog.professionalId, mine.professionalId));
    expect(trail.map((e) => e.action)).toEqual(["google_calendar.disconnected"]);

    const again = await t.request({ method: "DELETE", url: "/api/google-calendar/disconnect", session: mine.session });
    expect(again.statusCode).toBe(200);
  });
});

describe("Google Calendar against the fake Google", () => {
  let t: TestContext;
  let google: FakeGoogle;
  // Pinned so the queue's backoff and the OAuth state's expiry are moved by the test, not waited for.
  const clock = fixedClock(new Date());

  beforeAll(async () => {
    google = await startFakeGoogle({ ...GOOGLE_CLIENT, timeZone: "America/Sao_Paulo" });
    t = await createTestContext({ clock, env: { ...GOOGLE_ENV, GOOGLE_BASE_URL: google.url, PUBLIC_URL } });
  });
  afterAll(async () => {
    await t.close();
    await google.close();
  });
  beforeEach(() => clock.set(new Date()));

  const drain = () => t.app.worker.drain();

  /** GET /auth, then what the browser does: Google's consent page, and its redirect back to our callback. */
  async function consent(session: string) {
    const start = await t.request({ method: "GET", url: "/api/google-calendar/auth", session });
    expect(start.statusCode).toBe(200);
    const authorizationUrl = new URL(start.json().authorization_url);
    const atGoogle = await fetch(authorizationUrl, { redirect: "manual" });
    const back = new URL(atGoogle.headers.get("location")!);
    expect(back.origin + back.pathname).toBe(PUBLIC_URL + GOOGLE_CALENDAR_CALLBACK_PATH);
    const state = back.searchParams.get("state")!;
    // The browser keeps the state in a cookie only the callback gets back.
    const setCookie = String(start.headers["set-cookie"]);
    expect(setCookie.split("; ").sort()).toEqual(
      [`${OAUTH_STATE_COOKIE}=${state}`, `Path=${GOOGLE_CALENDAR_CALLBACK_PATH}`, `Max-Age=${OAUTH_STATE_TTL_MS / 1000}`, "HttpOnly", "SameSite=Lax", "Secure"].sort(),
    );
    return { authorizationUrl, callback: back.pathname + back.search, state, cookie: `${OAUTH_STATE_COOKIE}=${state}` };
  }

  /** The browser's return from Google to our callback, with the cookies it holds (`cookie`). */
  async function callback(path: string, cookie?: string) {
    const res = await t.request({ method: "GET", url: path, headers: cookie ? { cookie } : {} });
    expect(res.statusCode).toBe(302);
    // Whatever the outcome, the state's cookie is spent.
    expect(String(res.headers["set-cookie"])).toMatch(new RegExp(`^${OAUTH_STATE_COOKIE}=; .*Max-Age=0`));
    return new URL(res.headers.location as string, PUBLIC_URL);
  }

  async function connect(session: string) {
    const { callback: path, cookie } = await consent(session);
    const landed = await callback(path, cookie);
    expect(landed.pathname + landed.search).toBe("/configuracoes?google_calendar=connected");
  }

  async function clinic(profile: { timezone?: string } = {}) {
    const caller = await professionalSession(t, profile);
    const patient = await t.make.patient(caller.professionalId, { name: "Maria Aparecida Souza", phone: "+5511987654321" });
    return { ...caller, patientId: patient.id };
  }

  let day = 0;
  /** A future date of its own for each appointment, so none overlaps another. */
  const nextDate = () => {
    day += 1;
    return new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
  };

  async function book(c: { session: string; patientId: string }, overrides: Record<string, unknown> = {}) {
    const res = await t.request({
      method: "POST",
      url: "/api/appointments",
      session: c.session,
      payload: { patient_id: c.patientId, appointment_date: nextDate(), appointment_time: "10:00", duration: 50, appointment_type: "Consulta", notes: "CPF 123.456.789-09, ansiedade", ...overrides },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; appointment_date: string; appointment_time: string; appointment_type: string };
  }

  async function edit(c: { session: string; patientId: string }, a: { id: string; appointment_date: string; appointment_time: string }, changes: Record<string, unknown>) {
    const res = await t.request({
      method: "PUT",
      url: `/api/appointments/${a.id}`,
      session: c.session,
      payload: { patient_id: c.patientId, appointment_date: a.appointment_date, appointment_time: a.appointment_time, appointment_type: "Consulta", ...changes },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  const cancel = async (c: { session: string }, id: string) =>
    expect((await t.request({ method: "DELETE", url: `/api/appointments/${id}`, session: c.session })).statusCode).toBe(200);

  it("asks Google for offline access to calendar events, the calendar list and free/busy only, with a state bound to the session and stored hashed", async () => {
    const c = await clinic();
    const { authorizationUrl, state } = await consent(c.session);
    expect(Object.fromEntries(authorizationUrl.searchParams)).toMatchObject({
      access_type: "offline",
      prompt: "consent",
      scope: "https://www.googleapis.com/auth/calendar.events https://www.googleapis.com/auth/calendar.calendarlist.readonly https://www.googleapis.com/auth/calendar.freebusy",
      redirect_uri: PUBLIC_URL + GOOGLE_CALENDAR_CALLBACK_PATH,
    });
    const stored = await t.db.select().from(calendarOauthStates).where(eq(calendarOauthStates.professionalId, c.professionalId));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.stateHash).not.toBe(state);
    expect(stored[0]!.stateHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses a forged, replayed, expired or logged-out state, and a refused consent", async () => {
    const c = await clinic();
    const invalid = `/configuracoes?${new URLSearchParams({ google_calendar: "error", message: MSG.googleCalendarStateInvalid })}`;
    const landedAt = (url: URL) => url.pathname + url.search;

    // A forged state, even in a cookie of its own, is unknown.
    expect(landedAt(await callback(`${GOOGLE_CALENDAR_CALLBACK_PATH}?state=forjado&code=4/abc`, `${OAUTH_STATE_COOKIE}=forjado`))).toBe(invalid);
    expect(landedAt(await callback(`${GOOGLE_CALENDAR_CALLBACK_PATH}?code=4/abc`, `${OAUTH_STATE_COOKIE}=forjado`))).toBe(invalid);

    const good = await consent(c.session);
    expect(landedAt(await callback(good.callback, good.cookie))).toBe("/configuracoes?google_calendar=connected");
    expect(landedAt(await callback(good.callback, good.cookie))).toBe(invalid);

    const late = await consent(c.session);
    clock.set(new Date(clock.now().getTime() + OAUTH_STATE_TTL_MS + 1000));
    expect(landedAt(await callback(late.callback, late.cookie))).toBe(invalid);

    const other = await clinic();
    const loggedOut = await consent(other.session);
    await t.request({ method: "POST", url: "/api/auth/logout", session: other.session });
    expect(landedAt(await callback(loggedOut.callback, loggedOut.cookie))).toBe(invalid);
    expect(await t.db.select().from(calendarConnections).where(eq(calendarConnections.professionalId, other.professionalId))).toEqual([]);

    const denied = await clinic();
    google.denyNextConsent();
    const refused = await consent(denied.session);
    expect(new URL(await callback(refused.callback, refused.cookie)).searchParams.get("message")).toBe(MSG.googleCalendarAccessDenied);
  });

  it("completes only in the browser that started the flow: without its cookie, or with another's, nothing is connected", async () => {
    const victim = await clinic();
    const attacker = await clinic();
    const otherBrowser = `/configuracoes?${new URLSearchParams({ google_calendar: "error", message: MSG.googleCalendarOtherBrowser })}`;
    const landedAt = (url: URL) => url.pathname + url.search;
    const connections = async (professionalId: string) => t.db.select().from(calendarConnections).where(eq(calendarConnections.professionalId, professionalId));

    // The victim's state, completed with another account's consent code: from a client with no cookie, and from
    // the attacker's browser, which holds the cookie of a flow of its own.
    const issued = await consent(victim.session);
    const theirs = await consent(attacker.session);
    const withOtherCode = `${GOOGLE_CALENDAR_CALLBACK_PATH}?${new URLSearchParams({ state: issued.state, code: new URL(theirs.callback, PUBLIC_URL).searchParams.get("code")! })}`;
    expect(landedAt(await callback(withOtherCode))).toBe(otherBrowser);
    expect(landedAt(await callback(withOtherCode, theirs.cookie))).toBe(otherBrowser);
    expect(landedAt(await callback(issued.callback, `outro=1; ${OAUTH_STATE_COOKIE}=${issued.state.slice(0, -1)}${issued.state.endsWith("x") ? "y" : "x"}`))).toBe(otherBrowser);
    expect(await connections(victim.professionalId)).toEqual([]);
    expect(await connections(attacker.professionalId)).toEqual([]);

    // The refusals spent nothing: the victim's own browser still completes its flow (among other cookies).
    expect(landedAt(await callback(issued.callback, `tema=claro; ${issued.cookie}; outro=2`))).toBe("/configuracoes?google_calendar=connected");
    expect(await connections(victim.professionalId)).toHaveLength(1);
    expect(await connections(attacker.professionalId)).toEqual([]);
  });

  it("connects: tokens sealed at rest, the calendar's zone and account shown, an audit entry", async () => {
    const c = await clinic();
    await connect(c.session);
    const res = await t.request({ method: "GET", url: "/api/google-calendar/status", session: c.session });
    expect(res.json()).toMatchObject({ connected: true, status: "connected", timezone: "America/Sao_Paulo", account_email: "agenda@gmail.com", last_error: null });
    const [row] = await t.db.select().from(calendarConnections).where(eq(calendarConnections.professionalId, c.professionalId));
    expect(row!.refreshTokenEnc).toMatch(/^v1\./);
    expect(row!.refreshTokenEnc).not.toContain("1//");
    expect(row!.accessTokenEnc).not.toContain("ya29.");
    const trail = await t.db.select().from(auditLog).where(eq(auditLog.professionalId, c.professionalId));
    expect(trail.map((e) => e.action)).toContain("google_calendar.connected");
  });

  it("50 appointments created, edited and cancelled: the calendar holds exactly the right events", async () => {
    const c = await clinic({ timezone: "America/Recife" });
    await connect(c.session);
    const booked = [];
    for (let i = 0; i < 50; i += 1) booked.push(await book(c, i % 5 === 0 ? { status: "confirmed" } : {}));
    const edited = booked.slice(0, 15);
    for (const a of edited) await edit(c, a, { appointment_type: "Retorno", appointment_time: "14:00", status: "confirmed" });
    const cancelled = booked.slice(10, 20);
    for (const a of cancelled) await cancel(c, a.id);
    await drain();

    const events = google.events();
    const live = booked.filter((a) => !cancelled.includes(a));
    expect(events.map((e) => e.id).sort()).toEqual(live.map((a) => eventIdOf(a.id)).sort());
    for (const a of live) {
      const event = google.event(eventIdOf(a.id))!;
      const wasEdited = edited.includes(a);
      expect(event.summary).toBe(wasEdited ? "Retorno · Maria" : "Consulta · Maria");
      expect(event.start).toEqual({ dateTime: expect.any(String), timeZone: "America/Recife" });
      // 10:00 or 14:00 in Recife (UTC-3).
      expect(new Date(event.start!.dateTime!).toISOString()).toBe(`${a.appointment_date}T${wasEdited ? "17" : "13"}:00:00.000Z`);
      expect(event.source).toEqual({ title: "Clinora", url: `${PUBLIC_URL}/compromissos` });
      const text = JSON.stringify(event);
      // The phone whole or as it is written: five digits alone also turn up, about one run in several hundred, in the
      // random hex of an event's id.
      for (const secret of ["Aparecida", "Souza", "CPF", "123.456", "ansiedade", "987654321", "98765-4321"]) expect(text).not.toContain(secret);
    }
    expect(google.event(eventIdOf(booked[26]!.id))!.status).toBe("tentative");
    expect(google.event(eventIdOf(booked[25]!.id))!.status).toBe("confirmed");
    const links = await t.db.select().from(calendarEventLinks).where(eq(calendarEventLinks.professionalId, c.professionalId));
    expect(links).toHaveLength(40);

    // Nothing is left to push: a manual sync finds nothing, and says so.
    const sync = await t.request({ method: "POST", url: "/api/google-calendar/sync", session: c.session });
    expect(sync.json()).toEqual({ synced: 0, errors: [] });
    const after = await t.request({ method: "GET", url: "/api/google-calendar/status", session: c.session });
    expect(after.json().last_synced_at).toEqual(expect.any(String));
  });

  it("never duplicates an event: a lost ledger row, a job run twice, an event purged by hand", async () => {
    const c = await clinic();
    await connect(c.session);
    const a = await book(c);
    await drain();
    expect(google.events().filter((e) => e.id === eventIdOf(a.id))).toHaveLength(1);

    // A crash between Google's insert and our ledger write: the event exists, the ledger does not.
    await t.db.delete(calendarEventLinks).where(eq(calendarEventLinks.appointmentId, a.id));
    await edit(c, a, { appointment_type: "Avaliação" });
    // The same change queued twice (at-least-once delivery).
    await t.db.insert(jobs).values({ type: "calendar.sync", payload: { professionalId: c.professionalId, appointmentId: a.id }, runAt: clock.now() });
    await drain();
    expect(google.events().filter((e) => e.id === eventIdOf(a.id))).toEqual([expect.objectContaining({ summary: "Avaliação · Maria" })]);

    // Deleted in Google by hand and purged (404 on patch): the next change re-creates it, once.
    google.purgeEvent(eventIdOf(a.id));
    await edit(c, a, { appointment_type: "Retorno" });
    await drain();
    expect(google.events().filter((e) => e.id === eventIdOf(a.id))).toEqual([expect.objectContaining({ summary: "Retorno · Maria" })]);
    expect(await t.db.select().from(jobs).where(eq(jobs.status, "failed"))).toEqual([]);
  });

  it("refreshes the access token when it is about to expire, and once when Google refuses it early (401)", async () => {
    const c = await clinic();
    await connect(c.session);
    await drain();
    const tokenOf = async () => (await t.db.select().from(calendarConnections).where(eq(calendarConnections.professionalId, c.professionalId)))[0]!.accessTokenEnc;
    const first = await tokenOf();

    google.expireAccessTokens();
    const a = await book(c);
    await drain();
    expect(google.event(eventIdOf(a.id))).toBeDefined();
    const second = await tokenOf();
    expect(second).not.toBe(first);

    // An hour later the stored token is past its expiry: refreshed before the call, no 401 needed.
    clock.set(new Date(clock.now().getTime() + 3600_000));
    const calls = google.calls.length;
    const b = await book(c);
    await drain();
    expect(google.event(eventIdOf(b.id))).toBeDefined();
    expect(await tokenOf()).not.toBe(second);
    expect(google.calls.length - calls).toBe(1);
  });

  it("retries a rate limit and a Google failure with the queue's backoff", async () => {
    const c = await clinic();
    await connect(c.session);
    await drain();
    google.failNext(1, "rateLimit");
    const a = await book(c);
    await drain();
    const pending = (await t.db.select().from(jobs).where(eq(jobs.professionalId, c.professionalId))).find((j) => j.status === "pending" && isCalendarJob(j));
    expect(pending).toMatchObject({ attempts: 1, lastError: expect.stringContaining("Rate Limit Exceeded") });
    expect(google.event(eventIdOf(a.id))).toBeUndefined();

    google.failNext(1, "server");
    clock.set(pending!.runAt);
    await drain();
    const second = (await t.db.select().from(jobs).where(eq(jobs.id, pending!.id)))[0]!;
    expect(second).toMatchObject({ status: "pending", attempts: 2 });
    clock.set(second.runAt);
    await drain();
    expect((await t.db.select().from(jobs).where(eq(jobs.id, pending!.id)))[0]).toMatchObject({ status: "done", attempts: 3 });
    expect(google.events().filter((e) => e.id === eventIdOf(a.id))).toHaveLength(1);
  });

  it("manual sync lists what Google refused and pushes it on the next try", async () => {
    const c = await clinic();
    await connect(c.session);
    await drain();
    // Written while the worker is not running: two appointments wait in the queue.
    const [a, b] = [await book(c), await book(c)];
    google.failNext(2, "rateLimit");
    const first = await t.request({ method: "POST", url: "/api/google-calendar/sync", session: c.session });
    expect(first.statusCode).toBe(200);
    expect(first.json().synced).toBe(0);
    expect(first.json().errors).toHaveLength(2);
    expect(first.json().errors[0]).toContain(MSG.googleCalendarRateLimited);
    const second = await t.request({ method: "POST", url: "/api/google-calendar/sync", session: c.session });
    expect(second.json()).toEqual({ synced: 2, errors: [] });
    expect(google.event(eventIdOf(a.id))).toBeDefined();
    expect(google.event(eventIdOf(b.id))).toBeDefined();
  });

  it("invalid_grant puts the connection in error and stops the jobs; reconnecting replays what changed meanwhile", async () => {
    const c = await clinic();
    await connect(c.session);
    const before = await book(c);
    await drain();
    expect(google.event(eventIdOf(before.id))).toBeDefined();

    google.revokeGrants(); // the professional removed Clinora's access in their Google account
    const during = await book(c);
    await drain();
    const status = (await t.request({ method: "GET", url: "/api/google-calendar/status", session: c.session })).json();
    expect(status).toMatchObject({ connected: false, status: "error", last_error: expect.stringContaining("invalid_grant") });
    const failed = (await t.db.select().from(jobs).where(eq(jobs.professionalId, c.professionalId))).filter(isCalendarJob);
    expect(failed.find((j) => j.payload && (j.payload as { appointmentId?: string }).appointmentId === during.id)).toMatchObject({ status: "failed", attempts: 1 });

    // While in error nothing more is queued, and the manual sync says to reconnect.
    const later = await book(c);
    await cancel(c, before.id);
    expect((await t.db.select().from(jobs).where(eq(jobs.status, "pending"))).filter((j) => j.professionalId === c.professionalId && isCalendarJob(j))).toEqual([]);
    const sync = await t.request({ method: "POST", url: "/api/google-calendar/sync", session: c.session });
    expect(sync.statusCode).toBe(409);
    expect(sync.json()).toEqual({ detail: MSG.googleCalendarNeedsReconnect });

    await connect(c.session);
    await drain();
    expect((await t.request({ method: "GET", url: "/api/google-calendar/status", session: c.session })).json()).toMatchObject({ connected: true, last_error: null });
    expect(google.event(eventIdOf(during.id))?.status).toBe("tentative");
    expect(google.event(eventIdOf(later.id))?.status).toBe("tentative");
    expect(google.event(eventIdOf(before.id))?.status).toBe("cancelled");
  });

  it("a connection without tokens (seeded before tokens were kept) queues nothing and asks to reconnect", async () => {
    const c = await clinic();
    await t.make.calendarConnection(c.professionalId, { status: "connected" });
    await book(c);
    expect((await t.db.select().from(jobs).where(eq(jobs.status, "pending"))).filter((j) => j.professionalId === c.professionalId && isCalendarJob(j))).toEqual([]);
    const sync = await t.request({ method: "POST", url: "/api/google-calendar/sync", session: c.session });
    expect(sync.statusCode).toBe(409);
    expect(sync.json()).toEqual({ detail: MSG.googleCalendarNeedsReconnect });
  });

  it("disconnect revokes the grant at Google and deletes the tokens; events stay in the calendar", async () => {
    const c = await clinic();
    await connect(c.session);
    const a = await book(c);
    await drain();
    const [row] = await t.db.select().from(calendarConnections).where(eq(calendarConnections.professionalId, c.professionalId));
    const revokedBefore = google.revoked.length;

    const res = await t.request({ method: "DELETE", url: "/api/google-calendar/disconnect", session: c.session });
    expect(res.statusCode).toBe(200);
    expect(google.revoked.length).toBe(revokedBefore + 1);
    expect(row).toBeDefined();
    expect(await t.db.select().from(calendarConnections).where(eq(calendarConnections.professionalId, c.professionalId))).toEqual([]);
    expect(google.event(eventIdOf(a.id))?.status).toBe("tentative");

    // Changes after disconnecting queue nothing.
    await edit(c, a, { appointment_type: "Retorno" });
    expect((await t.db.select().from(jobs).where(eq(jobs.status, "pending"))).filter((j) => j.professionalId === c.professionalId && isCalendarJob(j))).toEqual([]);
  });
});
