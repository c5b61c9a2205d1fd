import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeGoogle, type FakeGoogle } from "@clinora/stand-ins";
import { CALENDAR_SCOPES, CalendarApiError, CalendarAuthorizationError, type CalendarEventInput } from "./calendar-provider";
import { createGoogleCalendarClient } from "./google-calendar-client";

const CLIENT = { clientId: "cliente.apps.googleusercontent.com", clientSecret: "segredo" };
const REDIRECT = "https://app.exemplo.com.br/api/google-calendar/callback";

let google: FakeGoogle;
let client: ReturnType<typeof createGoogleCalendarClient>;

beforeAll(async () => {
  google = await startFakeGoogle({ ...CLIENT, timeZone: "America/Recife" });
  client = createGoogleCalendarClient({ ...CLIENT, baseUrl: google.url });
});
afterAll(() => google.close());

/** The whole consent round trip, as the browser would make it: our URL, the fake's redirect, the code exchanged. */
async function connect() {
  const consent = await fetch(client.authorizationUrl({ state: "estado-1", redirectUri: REDIRECT }), { redirect: "manual" });
  const back = new URL(consent.headers.get("location")!);
  return client.exchangeCode({ code: back.searchParams.get("code")!, redirectUri: REDIRECT });
}

const event = (overrides: Partial<CalendarEventInput> = {}): CalendarEventInput => ({
  id: "0f1e2d3c4b5a69788796a5b4c3d2e1f0",
  summary: "Consulta · Ana",
  description: "Agendado no Clinora",
  start: new Date("2026-03-12T13:00:00Z"),
  end: new Date("2026-03-12T13:50:00Z"),
  timeZone: "America/Sao_Paulo",
  status: "confirmed",
  sourceUrl: "https://app.exemplo.com.br/compromissos",
  ...overrides,
});

describe("Google Calendar client against the fake Google", () => {
  it("asks for offline access to calendar events, the calendar list and free/busy only, with our state and redirect URI, on the configured origin", () => {
    const url = new URL(client.authorizationUrl({ state: "abc", redirectUri: REDIRECT }));
    expect(url.origin + url.pathname).toBe(`${google.url}/o/oauth2/v2/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      access_type: "offline",
      prompt: "consent",
      scope: CALENDAR_SCOPES.join(" "),
      state: "abc",
      redirect_uri: REDIRECT,
      client_id: CLIENT.clientId,
      response_type: "code",
    });
  });

  it("exchanges a code once, refreshes, reads the zone, and a reused code is invalid_grant", async () => {
    const consent = await fetch(client.authorizationUrl({ state: "s", redirectUri: REDIRECT }), { redirect: "manual" });
    const code = new URL(consent.headers.get("location")!).searchParams.get("code")!;
    const tokens = await client.exchangeCode({ code, redirectUri: REDIRECT });
    expect(tokens.refreshToken).toEqual(expect.any(String));
    expect(tokens.expiresAt!.getTime()).toBeGreaterThan(Date.now());
    await expect(client.exchangeCode({ code, redirectUri: REDIRECT })).rejects.toBeInstanceOf(CalendarAuthorizationError);

    const refreshed = await client.refresh(tokens.refreshToken!);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).toBeNull();
    expect(await client.getCalendar(refreshed.accessToken, "primary")).toEqual({ id: "agenda@gmail.com", timeZone: "America/Recife" });
  });

  it("writes an event under our id once: insert, then 409 becomes a patch; 404 on a patch re-creates; delete is idempotent", async () => {
    const { accessToken } = await connect();
    expect(await client.upsertEvent(accessToken, "primary", event())).toBe("created");
    expect(await client.upsertEvent(accessToken, "primary", event({ summary: "Retorno · Ana" }))).toBe("updated");
    expect(google.events()).toEqual([
      expect.objectContaining({
        id: event().id,
        summary: "Retorno · Ana",
        start: { dateTime: "2026-03-12T13:00:00.000Z", timeZone: "America/Sao_Paulo" },
        source: { title: "Clinora", url: "https://app.exemplo.com.br/compromissos" },
      }),
    ]);

    google.purgeEvent(event().id);
    expect(await client.upsertEvent(accessToken, "primary", event(), { exists: true })).toBe("created");
    google.deleteByHand(event().id);
    expect(google.events()).toEqual([]);
    expect(await client.upsertEvent(accessToken, "primary", event())).toBe("updated");
    expect(google.events()).toHaveLength(1);

    expect(await client.deleteEvent(accessToken, "primary", event().id)).toBe("deleted");
    expect(await client.deleteEvent(accessToken, "primary", event().id)).toBe("absent");
    expect(await client.deleteEvent(accessToken, "primary", "semevento00")).toBe("absent");
    expect(google.events()).toEqual([]);
  });

  it("reports a rate limit and a server error as retryable, once each (SDK retries off)", async () => {
    const { accessToken } = await connect();
    const before = google.calls.length;
    google.failNext(1, "rateLimit");
    const limited = await client.upsertEvent(accessToken, "primary", event({ id: "a1b2c3d4e5" })).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(CalendarApiError);
    expect(limited).toMatchObject({ status: 403, reason: "rateLimitExceeded", retryable: true });
    google.failNext(1, "server");
    expect(await client.deleteEvent(accessToken, "primary", "a1b2c3d4e5").catch((e: unknown) => e)).toMatchObject({ status: 500, retryable: true });
    expect(google.calls.length - before).toBe(2);
    expect(new CalendarApiError("x", 400, "invalid").retryable).toBe(false);
  });

  it("turns a revoked grant into CalendarAuthorizationError, and revoke tolerates a token already revoked", async () => {
    const { refreshToken } = await connect();
    await client.revoke(refreshToken!);
    expect(google.revoked).toContain(refreshToken);
    await client.revoke(refreshToken!);
    const error = await client.refresh(refreshToken!).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CalendarAuthorizationError);
    expect((error as CalendarAuthorizationError).reason).toMatch(/^invalid_grant/);
  });

  it("lists the account's calendars and reads their busy times, merged per calendar, without events marked available", async () => {
    const { accessToken } = await connect();
    google.addCalendar({ id: "trabalho@group.calendar.google.com", name: "Trabalho" });
    const calendars = await client.listCalendars(accessToken);
    expect(calendars).toEqual(expect.arrayContaining([{ id: "agenda@gmail.com", name: "agenda@gmail.com", primary: true }, { id: "trabalho@group.calendar.google.com", name: "Trabalho", primary: false }]));

    google.addEvent("trabalho@group.calendar.google.com", { start: "2026-05-04T12:00:00Z", end: "2026-05-04T13:00:00Z" });
    google.addEvent("trabalho@group.calendar.google.com", { start: "2026-05-04T12:30:00Z", end: "2026-05-04T14:00:00Z" });
    google.addEvent("trabalho@group.calendar.google.com", { start: "2026-05-04T16:00:00Z", end: "2026-05-04T17:00:00Z", transparency: "transparent" });
    google.addEvent("agenda@gmail.com", { start: "2026-05-04T18:00:00Z", end: "2026-05-04T19:00:00Z" });
    const answer = await client.queryFreeBusy(accessToken, {
      calendarIds: ["trabalho@group.calendar.google.com", "agenda@gmail.com", "sumiu@group.calendar.google.com"],
      from: new Date("2026-05-04T00:00:00Z"),
      to: new Date("2026-05-05T00:00:00Z"),
    });
    expect(answer.busy).toEqual([
      { start: new Date("2026-05-04T12:00:00Z"), end: new Date("2026-05-04T14:00:00Z") },
      { start: new Date("2026-05-04T18:00:00Z"), end: new Date("2026-05-04T19:00:00Z") },
    ]);
    expect(answer.failed).toEqual(["sumiu@group.calendar.google.com"]);
  });

  it("answers 403 insufficientPermissions to a grant without the calendar-list and free/busy scopes", async () => {
    const url = new URL(client.authorizationUrl({ state: "s", redirectUri: REDIRECT }));
    url.searchParams.set("scope", "https://www.googleapis.com/auth/calendar.events");
    const consent = await fetch(url, { redirect: "manual" });
    const { accessToken } = await client.exchangeCode({ code: new URL(consent.headers.get("location")!).searchParams.get("code")!, redirectUri: REDIRECT });
    for (const call of [() => client.listCalendars(accessToken), () => client.queryFreeBusy(accessToken, { calendarIds: ["primary"], from: new Date(), to: new Date(Date.now() + 3600_000) })]) {
      expect(await call().catch((e: unknown) => e)).toMatchObject({ status: 403, reason: "insufficientPermissions", retryable: false });
    }
  });

  it("is not configured without client credentials", () => {
    expect(createGoogleCalendarClient({}).configured).toBe(false);
    expect(client.configured).toBe(true);
  });
});
