import type { IncomingMessage, ServerResponse } from "node:http";
import { closeServer, listen, parseForm, randomHex, readBody, sendJson, type RunningStandIn } from "./http-server";

/**
 * A local stand-in for the parts of Google that Clinora's calendar sync uses, so the real `google-auth-library`
 * and `@googleapis/calendar` clients can talk to it over HTTP:
 * - OAuth 2.0 for web server apps (https://developers.google.com/identity/protocols/oauth2/web-server): the consent
 *   page `GET /o/oauth2/v2/auth` (grants at once and redirects back), `POST /token` (authorization_code and
 *   refresh_token grants) and `POST /revoke`;
 * - Calendar API v3 under `/calendar/v3/` (https://developers.google.com/calendar/api/v3/reference): calendars.get,
 *   events insert/get/patch/update/delete (one in-memory store per calendar id; `primary` and the account's e-mail
 *   are the same calendar), calendarList.list and freebusy.query (busy times of the stored events: not cancelled,
 *   not marked "available", overlapping ones merged). calendarList and freeBusy need their own scopes in the grant,
 *   as at Google (403 insufficientPermissions otherwise).
 * Like Google, an event deleted through the API keeps its id (status `cancelled`): inserting it again is a 409
 * and patching it can bring it back; `purgeEvent` removes one entirely (then 404).
 * Control routes let another process (a browser test) steer it: `POST /_stand-in/revoke-grants`,
 * `POST /_stand-in/fail` {count, kind}, `GET /_stand-in/events?calendarId=`, `POST /_stand-in/events`
 * {calendarId, start, end, summary?} (an event the professional made in Google), `POST /_stand-in/calendars` {id, name}.
 */

export interface FakeGoogleOptions {
  clientId: string;
  clientSecret: string;
  /** Fixed port; 0 (default) picks a free one. */
  port?: number;
  /** What calendars.get answers as the calendar's zone (default America/Sao_Paulo). */
  timeZone?: string;
  /** Seconds an access token lives (default 3599, Google's). */
  accessTokenLifetimeSeconds?: number;
}

/** An event as stored, in the shape of the Calendar API's Event resource (the fields the fake keeps). */
export interface FakeGoogleEvent {
  id: string;
  status: "confirmed" | "tentative" | "cancelled";
  summary?: string;
  description?: string;
  location?: string;
  start?: { dateTime?: string; date?: string; timeZone?: string };
  end?: { dateTime?: string; date?: string; timeZone?: string };
  source?: { title?: string; url?: string };
  extendedProperties?: { private?: Record<string, string>; shared?: Record<string, string> };
  [key: string]: unknown;
}

export type FakeGoogleFailure = "rateLimit" | "server";

/** A calendar of the account's list. */
export interface FakeGoogleCalendar {
  id: string;
  name: string;
}

/** The id of the account's primary calendar (what calendars.get answers for `primary`). */
export const FAKE_GOOGLE_ACCOUNT = "agenda@gmail.com";
const CALENDAR_LIST_SCOPES = ["https://www.googleapis.com/auth/calendar.calendarlist.readonly", "https://www.googleapis.com/auth/calendar.calendarlist", "https://www.googleapis.com/auth/calendar.readonly", "https://www.googleapis.com/auth/calendar"];
const FREEBUSY_SCOPES = ["https://www.googleapis.com/auth/calendar.freebusy", "https://www.googleapis.com/auth/calendar.events.freebusy", "https://www.googleapis.com/auth/calendar.readonly", "https://www.googleapis.com/auth/calendar"];

export interface FakeGoogleRequest {
  method: string;
  path: string;
}

export interface FakeGoogle extends RunningStandIn {
  /** Live events of a calendar (status not `cancelled`), in insertion order. */
  events(calendarId?: string): FakeGoogleEvent[];
  /** Any stored event by id, cancelled ones included. */
  event(eventId: string, calendarId?: string): FakeGoogleEvent | undefined;
  /** The professional adding an event in Google Calendar itself (a personal commitment); answers it. */
  addEvent(calendarId: string, event: { start: Date | string; end: Date | string; summary?: string; transparency?: "opaque" | "transparent"; status?: FakeGoogleEvent["status"] }): FakeGoogleEvent;
  /** Adds a calendar to the account's list (the primary one is always there). */
  addCalendar(calendar: FakeGoogleCalendar): void;
  /** A calendar unshared or deleted: gone from the list, and freeBusy answers notFound for it. */
  removeCalendar(id: string): void;
  /** The professional deleting an event in Google Calendar itself (kept as `cancelled`, as Google does). */
  deleteByHand(eventId: string, calendarId?: string): void;
  /** Removes an event and its id entirely: the API then answers 404 for it. */
  purgeEvent(eventId: string, calendarId?: string): void;
  /** The next `count` Calendar API calls fail: 403 rateLimitExceeded or 500 backendError. */
  failNext(count: number, kind: FakeGoogleFailure): void;
  /** Every refresh token (and its access tokens) stops working: the next refresh answers `invalid_grant`. */
  revokeGrants(): void;
  /** Access tokens issued so far stop working (401), as when they expire; refresh tokens still work. */
  expireAccessTokens(): void;
  /** The next consent is refused by the "user" (redirect with error=access_denied). */
  denyNextConsent(): void;
  /** Tokens revoked through POST /revoke, oldest first. */
  readonly revoked: string[];
  /** Calendar API calls received, oldest first (not the OAuth ones). */
  readonly calls: FakeGoogleRequest[];
  /** How many refresh tokens are currently valid. */
  liveRefreshTokens(): number;
}

interface Grant {
  refreshToken: string;
  scope: string;
  revoked: boolean;
}

const CALENDAR_API = "/calendar/v3/";
const CALENDAR_PREFIX = "/calendar/v3/calendars/";
const CALENDAR_LIST_PATH = "/calendar/v3/users/me/calendarList";
const FREEBUSY_PATH = "/calendar/v3/freeBusy";

/** An event's start or end as epoch ms: a dateTime, or an all-day date taken at UTC midnight (enough for a fake). */
const instantOf = (at: { dateTime?: string; date?: string } | undefined) => (at?.dateTime ? Date.parse(at.dateTime) : at?.date ? Date.parse(`${at.date}T00:00:00Z`) : NaN);

/** The busy periods of a calendar's events inside [from, to): opaque and not cancelled, overlapping ones merged, clipped. */
function busyOf(events: Map<string, FakeGoogleEvent>, from: number, to: number) {
  const ranges = [...events.values()]
    .filter((e) => e.status !== "cancelled" && e.transparency !== "transparent")
    .map((e) => [Math.max(from, instantOf(e.start)), Math.min(to, instantOf(e.end))] as const)
    .filter(([start, end]) => Number.isFinite(start) && Number.isFinite(end) && end > start)
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of ranges) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged.map(([start, end]) => ({ start: new Date(start).toISOString(), end: new Date(end).toISOString() }));
}
/** Google's event id rule (events.insert): base32hex characters a-v and 0-9, 5 to 1024 long. */
const EVENT_ID = /^[a-v0-9]{5,1024}$/;

/** Starts the fake Google on 127.0.0.1. */
export async function startFakeGoogle(options: FakeGoogleOptions): Promise<FakeGoogle> {
  const timeZone = options.timeZone ?? "America/Sao_Paulo";
  const lifetime = options.accessTokenLifetimeSeconds ?? 3599;
  const codes = new Map<string, { redirectUri: string; scope: string }>();
  const grants = new Map<string, Grant>();
  /** access token -> the grant it came from */
  const accessTokens = new Map<string, Grant>();
  const calendars = new Map<string, Map<string, FakeGoogleEvent>>();
  /** The account's calendar list, the primary one first. */
  const calendarList: FakeGoogleCalendar[] = [{ id: FAKE_GOOGLE_ACCOUNT, name: FAKE_GOOGLE_ACCOUNT }];
  const revoked: string[] = [];
  const calls: FakeGoogleRequest[] = [];
  let failures: FakeGoogleFailure[] = [];
  let denyConsent = false;

  const store = (requested: string) => {
    const calendarId = requested === FAKE_GOOGLE_ACCOUNT ? "primary" : requested;
    let events = calendars.get(calendarId);
    if (!events) calendars.set(calendarId, (events = new Map()));
    return events;
  };

  const issueAccessToken = (grant: Grant) => {
    const token = `ya29.${randomHex(16)}`;
    accessTokens.set(token, grant);
    return token;
  };

  /** Google's JSON error body for the Calendar API (https://developers.google.com/calendar/api/guides/errors). */
  const apiError = (res: ServerResponse, code: number, reason: string, message: string) =>
    sendJson(res, code, { error: { code, message, errors: [{ domain: code === 403 ? "usageLimits" : "global", reason, message }] } });

  const oauthError = (res: ServerResponse, status: number, error: string, description: string) =>
    sendJson(res, status, { error, error_description: description });

  async function consent(url: URL, res: ServerResponse) {
    const redirectUri = url.searchParams.get("redirect_uri");
    const state = url.searchParams.get("state");
    if (url.searchParams.get("client_id") !== options.clientId || !redirectUri) {
      res.writeHead(400, { "content-type": "text/plain" }).end("Error 400: invalid_request (client_id or redirect_uri)");
      return;
    }
    const back = new URL(redirectUri);
    if (state !== null) back.searchParams.set("state", state);
    if (denyConsent) {
      denyConsent = false;
      back.searchParams.set("error", "access_denied");
    } else {
      const code = `4/${randomHex(12)}`;
      const scope = url.searchParams.get("scope") ?? "";
      codes.set(code, { redirectUri, scope });
      back.searchParams.set("code", code);
      back.searchParams.set("scope", scope);
    }
    res.writeHead(302, { location: back.toString() }).end();
  }

  /** Client credentials come in the form (client_secret_post) or as HTTP Basic (google-auth-library's default). */
  const clientOf = (req: IncomingMessage, form: Record<string, string>) => {
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? "");
    if (basic) {
      const [id, secret] = Buffer.from(basic[1]!, "base64").toString("utf8").split(":");
      return { id, secret };
    }
    return { id: form.client_id, secret: form.client_secret };
  };

  async function token(req: IncomingMessage, res: ServerResponse) {
    const form = parseForm(await readBody(req));
    const client = clientOf(req, form);
    if (client.id !== options.clientId || client.secret !== options.clientSecret) {
      return oauthError(res, 401, "invalid_client", "The OAuth client was not found.");
    }
    if (form.grant_type === "authorization_code") {
      const issued = form.code ? codes.get(form.code) : undefined;
      if (!issued) return oauthError(res, 400, "invalid_grant", "Malformed auth code.");
      codes.delete(form.code!); // a code is good once
      if (issued.redirectUri !== form.redirect_uri) return oauthError(res, 400, "redirect_uri_mismatch", "Bad Request");
      const grant: Grant = { refreshToken: `1//${randomHex(20)}`, scope: issued.scope, revoked: false };
      grants.set(grant.refreshToken, grant);
      return sendJson(res, 200, {
        access_token: issueAccessToken(grant),
        expires_in: lifetime,
        refresh_token: grant.refreshToken,
        scope: issued.scope,
        token_type: "Bearer",
      });
    }
    if (form.grant_type === "refresh_token") {
      const grant = form.refresh_token ? grants.get(form.refresh_token) : undefined;
      if (!grant || grant.revoked) return oauthError(res, 400, "invalid_grant", "Token has been expired or revoked.");
      return sendJson(res, 200, { access_token: issueAccessToken(grant), expires_in: lifetime, scope: grant.scope, token_type: "Bearer" });
    }
    return oauthError(res, 400, "unsupported_grant_type", "Invalid grant_type.");
  }

  async function revoke(url: URL, req: IncomingMessage, res: ServerResponse) {
    const body = parseForm(await readBody(req));
    const value = url.searchParams.get("token") ?? body.token;
    const grant = value ? (grants.get(value) ?? accessTokens.get(value)) : undefined;
    if (!value || !grant || grant.revoked) return oauthError(res, 400, "invalid_token", "Token expired or revoked");
    // Revoking either token of a grant revokes the whole grant, as Google does.
    grant.revoked = true;
    revoked.push(value);
    return sendJson(res, 200, {});
  }

  async function calendarApi(req: IncomingMessage, url: URL, res: ServerResponse) {
    calls.push({ method: req.method ?? "GET", path: url.pathname });
    const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? "")?.[1];
    const grant = bearer ? accessTokens.get(bearer) : undefined;
    if (!grant || grant.revoked) return apiError(res, 401, "authError", "Invalid Credentials");
    const failure = failures.shift();
    if (failure === "rateLimit") return apiError(res, 403, "rateLimitExceeded", "Rate Limit Exceeded");
    if (failure === "server") return apiError(res, 500, "backendError", "Backend Error");
    const granted = grant.scope.split(/\s+/);
    const insufficient = () => apiError(res, 403, "insufficientPermissions", "Request had insufficient authentication scopes.");

    if (url.pathname === CALENDAR_LIST_PATH) {
      if (req.method !== "GET") return apiError(res, 405, "methodNotAllowed", "Method Not Allowed");
      if (!CALENDAR_LIST_SCOPES.some((scope) => granted.includes(scope))) return insufficient();
      return sendJson(res, 200, {
        kind: "calendar#calendarList",
        items: calendarList.map((c) => ({ kind: "calendar#calendarListEntry", id: c.id, summary: c.name, timeZone, accessRole: "owner", ...(c.id === FAKE_GOOGLE_ACCOUNT ? { primary: true } : {}) })),
      });
    }
    if (url.pathname === FREEBUSY_PATH) {
      if (req.method !== "POST") return apiError(res, 405, "methodNotAllowed", "Method Not Allowed");
      if (!FREEBUSY_SCOPES.some((scope) => granted.includes(scope))) return insufficient();
      const query = JSON.parse((await readBody(req)) || "{}") as { timeMin?: string; timeMax?: string; items?: { id?: string }[] };
      const from = Date.parse(query.timeMin ?? "");
      const to = Date.parse(query.timeMax ?? "");
      if (!Number.isFinite(from) || !Number.isFinite(to)) return apiError(res, 400, "badRequest", "Bad Request");
      if (to <= from) return apiError(res, 400, "timeRangeEmpty", "The specified time range is empty.");
      const answer: Record<string, unknown> = {};
      for (const { id } of query.items ?? []) {
        if (!id) continue;
        const known = id === "primary" || calendarList.some((c) => c.id === id);
        answer[id] = known ? { busy: busyOf(store(id), from, to) } : { errors: [{ domain: "global", reason: "notFound" }], busy: [] };
      }
      return sendJson(res, 200, { kind: "calendar#freeBusy", timeMin: query.timeMin, timeMax: query.timeMax, calendars: answer });
    }
    if (!url.pathname.startsWith(CALENDAR_PREFIX)) return apiError(res, 404, "notFound", "Not Found");

    const parts = url.pathname.slice(CALENDAR_PREFIX.length).split("/").map(decodeURIComponent);
    const [calendarId, collection, eventId, ...rest] = parts;
    if (!calendarId || rest.length > 0) return apiError(res, 404, "notFound", "Not Found");
    if (collection === undefined) {
      if (req.method !== "GET") return apiError(res, 405, "methodNotAllowed", "Method Not Allowed");
      return sendJson(res, 200, { kind: "calendar#calendar", id: calendarId === "primary" ? FAKE_GOOGLE_ACCOUNT : calendarId, summary: "Agenda", timeZone });
    }
    if (collection !== "events") return apiError(res, 404, "notFound", "Not Found");
    const events = store(calendarId);
    const bodyText = req.method === "POST" || req.method === "PATCH" || req.method === "PUT" ? await readBody(req) : "";
    const body = bodyText ? (JSON.parse(bodyText) as Partial<FakeGoogleEvent>) : {};

    if (eventId === undefined) {
      if (req.method !== "POST") return apiError(res, 405, "methodNotAllowed", "Method Not Allowed");
      const id = body.id ?? randomHex(13);
      if (!EVENT_ID.test(id)) return apiError(res, 400, "invalid", "Invalid resource id value.");
      if (events.has(id)) return apiError(res, 409, "duplicate", "The requested identifier already exists.");
      const event: FakeGoogleEvent = { ...body, id, status: body.status ?? "confirmed", kind: "calendar#event", htmlLink: `https://calendar.google.com/calendar/event?eid=${id}` };
      events.set(id, event);
      return sendJson(res, 200, event);
    }

    const existing = events.get(eventId);
    if (!existing) return apiError(res, 404, "notFound", "Not Found");
    switch (req.method) {
      case "GET":
        return sendJson(res, 200, existing);
      case "PATCH": {
        const patched = { ...existing, ...body, id: eventId };
        events.set(eventId, patched);
        return sendJson(res, 200, patched);
      }
      case "PUT": {
        const replaced: FakeGoogleEvent = { ...body, id: eventId, status: body.status ?? "confirmed", kind: "calendar#event" };
        events.set(eventId, replaced);
        return sendJson(res, 200, replaced);
      }
      case "DELETE":
        if (existing.status === "cancelled") return apiError(res, 410, "deleted", "Resource has been deleted");
        existing.status = "cancelled";
        res.writeHead(204).end();
        return;
      default:
        return apiError(res, 405, "methodNotAllowed", "Method Not Allowed");
    }
  }

  const api: Omit<FakeGoogle, "url" | "close"> = {
    events: (calendarId = "primary") => [...store(calendarId).values()].filter((e) => e.status !== "cancelled"),
    event: (eventId, calendarId = "primary") => store(calendarId).get(eventId),
    addEvent(calendarId, event) {
      const id = randomHex(13);
      const at = (value: Date | string) => ({ dateTime: new Date(value).toISOString() });
      const stored: FakeGoogleEvent = {
        id,
        status: event.status ?? "confirmed",
        summary: event.summary ?? "Compromisso pessoal",
        start: at(event.start),
        end: at(event.end),
        ...(event.transparency ? { transparency: event.transparency } : {}),
        kind: "calendar#event",
      };
      store(calendarId).set(id, stored);
      return stored;
    },
    addCalendar(calendar) {
      const existing = calendarList.find((c) => c.id === calendar.id);
      if (existing) existing.name = calendar.name;
      else calendarList.push({ ...calendar });
    },
    removeCalendar(id) {
      const at = calendarList.findIndex((c) => c.id === id && c.id !== FAKE_GOOGLE_ACCOUNT);
      if (at >= 0) calendarList.splice(at, 1);
    },
    deleteByHand(eventId, calendarId = "primary") {
      const event = store(calendarId).get(eventId);
      if (event) event.status = "cancelled";
    },
    purgeEvent(eventId, calendarId = "primary") {
      store(calendarId).delete(eventId);
    },
    failNext(count, kind) {
      failures = Array.from({ length: count }, () => kind);
    },
    revokeGrants() {
      for (const grant of grants.values()) grant.revoked = true;
    },
    expireAccessTokens() {
      accessTokens.clear();
    },
    denyNextConsent() {
      denyConsent = true;
    },
    revoked,
    calls,
    liveRefreshTokens: () => [...grants.values()].filter((g) => !g.revoked).length,
  };

  async function control(req: IncomingMessage, url: URL, res: ServerResponse) {
    if (req.method === "POST" && url.pathname === "/_stand-in/revoke-grants") {
      api.revokeGrants();
      return sendJson(res, 200, { ok: true });
    }
    if (req.method === "POST" && url.pathname === "/_stand-in/fail") {
      const body = JSON.parse((await readBody(req)) || "{}") as { count?: number; kind?: FakeGoogleFailure };
      api.failNext(body.count ?? 1, body.kind ?? "server");
      return sendJson(res, 200, { ok: true });
    }
    if (req.method === "POST" && url.pathname === "/_stand-in/events") {
      const body = JSON.parse((await readBody(req)) || "{}") as { calendarId?: string; start?: string; end?: string; summary?: string };
      if (!body.start || !body.end) return sendJson(res, 400, { error: "start and end are required" });
      return sendJson(res, 200, api.addEvent(body.calendarId ?? "primary", { start: body.start, end: body.end, summary: body.summary }));
    }
    if (req.method === "POST" && url.pathname === "/_stand-in/calendars") {
      const body = JSON.parse((await readBody(req)) || "{}") as { id?: string; name?: string };
      if (!body.id) return sendJson(res, 400, { error: "id is required" });
      api.addCalendar({ id: body.id, name: body.name ?? body.id });
      return sendJson(res, 200, { ok: true });
    }
    if (req.method === "GET" && url.pathname === "/_stand-in/events") {
      return sendJson(res, 200, api.events(url.searchParams.get("calendarId") ?? "primary"));
    }
    return sendJson(res, 404, { error: "unknown control route" });
  }

  const { server, url } = await listen(async (req, res) => {
    const requestUrl = new URL(req.url ?? "/", "http://127.0.0.1");
    const path = requestUrl.pathname;
    if (req.method === "GET" && path === "/o/oauth2/v2/auth") return consent(requestUrl, res);
    if (req.method === "POST" && path === "/token") return token(req, res);
    if (req.method === "POST" && path === "/revoke") return revoke(requestUrl, req, res);
    if (path.startsWith(CALENDAR_API)) return calendarApi(req, requestUrl, res);
    if (path.startsWith("/_stand-in/")) return control(req, requestUrl, res);
    return sendJson(res, 404, { error: { code: 404, message: `Not Found: ${req.method} ${path}` } });
  }, options.port);

  return { ...api, url, close: () => closeServer(server) } as FakeGoogle;
}
