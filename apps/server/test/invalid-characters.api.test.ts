import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance, RouteOptions } from "fastify";
import { MSG } from "@clinora/contracts";
import type { RegisteredRoute } from "../src/platform/plugins/auth";
import { DOCS_PREFIX } from "../src/platform/plugins/docs";
import { createTestContext, type TestContext } from "./context";

/**
 * Driven by the live route table, so a route added later is covered without touching this file: a NUL character
 * or a lone surrogate in any path parameter, query value, JSON text (nested, keys too) or form field answers 422
 * naming the field, on every route, public ones included, and the route's handler never runs (nothing reaches a
 * service or the database). Before this rule, U+0000 reached PostgreSQL and answered 500 on 16 routes.
 */
let t: TestContext;
const sessions: Record<"admin" | "professional", string> = { admin: "", professional: "" };
let apiRoutes: RegisteredRoute[];
/** `METHOD url` of every handler that ran. */
const handled: string[] = [];

const keyOf = (method: string, url: string) => `${method} ${url}`;

function recordHandlers(route: RouteOptions) {
  if (!route.url.startsWith("/api") || route.url.startsWith(DOCS_PREFIX)) return;
  const original = route.handler;
  const methods = [route.method].flat();
  route.handler = function (request, reply) {
    for (const method of methods) handled.push(keyOf(method, route.url));
    return original.call(this, request, reply);
  };
}

beforeAll(async () => {
  t = await createTestContext({ instrument: (app: FastifyInstance) => app.addHook("onRoute", recordHandlers) });
  const admin = await t.make.admin();
  const { user } = await t.make.professionalUser();
  sessions.admin = await t.login(admin.email, admin.password);
  sessions.professional = await t.login(user.email, user.password);
  apiRoutes = t.app.routeRegistry.filter((r) => r.url.startsWith("/api") && !r.url.startsWith(DOCS_PREFIX));
  handled.length = 0;
});
afterAll(() => t.close());

/** A session the route lets through, so the input rule (and not the guard) is what answers. */
const sessionFor = (route: RegisteredRoute) =>
  route.access === "public" ? undefined : route.access?.includes("professional") ? sessions.professional : sessions.admin;

const paramsOf = (url: string) => [...url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
/** The route's address with every parameter a UUID, except `bad`, which gets `value` (already percent-encoded). */
const addressOf = (url: string, bad?: { name: string; value: string }) =>
  url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => (bad?.name === name ? bad.value : randomUUID()));
const hasBody = (method: string) => method !== "GET" && method !== "HEAD";
const isForm = (url: string) => url.includes("/whatsapp/webhook/twilio");

interface Case {
  route: RegisteredRoute;
  kind: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string;
  locs: (string | number)[][];
}

function casesOf(route: RegisteredRoute): Case[] {
  const clean = addressOf(route.url);
  const cases: Case[] = [
    { route, kind: "query NUL", url: `${clean}?busca=a%00b`, locs: [["querystring", "busca"]] },
    // A lone surrogate cannot be percent-encoded (decodeURIComponent refuses it: 400), so it arrives in JSON.
  ];
  for (const name of paramsOf(route.url)) {
    cases.push({ route, kind: `param ${name} NUL`, url: addressOf(route.url, { name, value: "a%00b" }), locs: [["params", name]] });
  }
  if (hasBody(route.method)) {
    const json = { headers: { "content-type": "application/json" } };
    cases.push(
      { route, kind: "JSON text NUL", url: clean, ...json, payload: JSON.stringify({ texto: "Olá\u0000mundo" }), locs: [["body", "texto"]] },
      {
        route,
        kind: "JSON nested NUL and lone surrogate",
        url: clean,
        ...json,
        payload: JSON.stringify({ ok: "texto", lista: [{ nome: "\u0000" }, "a\ud800"], objeto: { "chave\u0000": 1 } }),
        locs: [
          ["body", "lista", 0, "nome"],
          ["body", "lista", 1],
          ["body", "objeto", "chave\u0000"],
        ],
      },
      { route, kind: "JSON lone low surrogate", url: clean, ...json, payload: '{"texto": "fim \\udc00"}', locs: [["body", "texto"]] },
    );
  }
  if (isForm(route.url)) {
    cases.push({
      route,
      kind: "form field NUL",
      url: clean,
      headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": "qualquer" },
      payload: "MessageSid=SM1&From=whatsapp%3A%2B5511987654321&Body=Ol%C3%A1%00",
      locs: [["body", "Body"]],
    });
  }
  return cases;
}

describe("a NUL character or a lone surrogate is refused at the edge", () => {
  it("covers every /api route, the public ones included, and every kind of field", () => {
    const all = apiRoutes.flatMap(casesOf);
    const kinds = new Set(all.map((c) => c.kind.replace(/^param \w+/, "param")));
    expect([...kinds].sort()).toEqual(
      ["JSON lone low surrogate", "JSON nested NUL and lone surrogate", "JSON text NUL", "form field NUL", "param NUL", "query NUL"].sort(),
    );
    const keys = apiRoutes.map((r) => keyOf(r.method, r.url));
    expect(keys).toEqual(
      expect.arrayContaining([
        "POST /api/auth/login",
        "POST /api/whatsapp/webhook/twilio",
        "POST /api/whatsapp/webhook/twilio/status",
        "GET /api/patients",
        "GET /api/google-calendar/callback",
        // The web chat: a conversation started and a message sent by a visitor.
        "POST /api/public/chat/clinics/:publicId/conversations",
        "POST /api/public/chat/thread/messages",
      ]),
    );
    expect(apiRoutes.length).toBeGreaterThan(60);
  });

  it("answers 422 naming the field, never 500, and no handler runs", async () => {
    const wrong: string[] = [];
    for (const c of apiRoutes.flatMap(casesOf).filter((c) => !isForm(c.route.url))) {
      const res = await t.request({ method: c.route.method as "GET", url: c.url, headers: c.headers, payload: c.payload, session: sessionFor(c.route) });
      const label = `${keyOf(c.route.method, c.route.url)} (${c.kind})`;
      if (res.statusCode !== 422) {
        wrong.push(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        continue;
      }
      const body = res.json() as { detail: string; details: { loc: (string | number)[]; msg: string; type: string }[] };
      expect(body.detail, label).toBe(MSG.invalidData);
      expect(body.details, label).toEqual(expect.arrayContaining(c.locs.map((loc) => ({ loc, msg: MSG.invalidCharacter, type: "invalid_character" }))));
      expect(body.details, label).toHaveLength(c.locs.length);
    }
    expect(wrong).toEqual([]);
    expect(handled).toEqual([]);
  });

  // Twilio does not retry a 4xx: a refusal would lose the patient's message. The webhooks check the signature over
  // the text as sent and store U+FFFD in place of the characters (whatsapp-webhook.api.test.ts, docs/decisions/031).
  it("lets the signed webhooks replace the characters themselves: unsigned, they are refused by the signature check", async () => {
    const formCases = apiRoutes.flatMap(casesOf).filter((c) => isForm(c.route.url));
    expect(formCases.map((c) => c.route.url).sort()).toEqual(
      expect.arrayContaining(["/api/whatsapp/webhook/twilio", "/api/whatsapp/webhook/twilio/status"]),
    );
    for (const c of formCases) {
      const res = await t.request({ method: c.route.method as "POST", url: c.url, headers: c.headers, payload: c.payload });
      expect([403, 503], `${c.route.url} (${c.kind})`).toContain(res.statusCode);
    }
    handled.length = 0;
  });

  it("the same requests without the bad character reach the handlers (the rule refuses only the character)", async () => {
    const login = await t.request({ method: "POST", url: "/api/auth/login", payload: { email: "ninguem@exemplo.com", password: "Olá mundo 😀" } });
    expect(login.statusCode).toBe(401);
    const search = await t.request({ method: "GET", url: "/api/patients?search=Jo%C3%A3o%20%F0%9F%98%80", session: sessions.professional });
    expect(search.statusCode).toBe(200);
    expect(handled).toEqual(["POST /api/auth/login", "GET /api/patients"]);
  });
});
