import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@clinora/contracts";
import { fixedClock } from "../lib/clock";
import * as s from "../../tables";
import { createTestContext, type TestContext } from "../../../test/context";

/**
 * The client address behind proxies (docs/decisions/031): the entry of X-Forwarded-For that the trusted proxies
 * appended, never the first one, which the client writes itself. Every limit keyed on the address uses it.
 */
const BALANCER = "10.0.0.5";

describe("TRUST_PROXY=true (one proxy in front)", () => {
  const clock = fixedClock("2026-03-02T12:00:10Z");
  let t: TestContext;
  const health = (forwardedFor: string) =>
    t.app.inject({ method: "GET", url: "/api/health", remoteAddress: BALANCER, headers: { "x-forwarded-for": forwardedFor } });

  beforeAll(async () => {
    t = await createTestContext({ clock, env: { TRUST_PROXY: "true", RATE_LIMIT_PER_MINUTE: "3" } });
  });
  afterAll(() => t?.close());

  it("keeps an address over the API-wide limit limited whatever first entry it forges; another address is not", async () => {
    for (let i = 0; i < 3; i++) expect((await health(`198.51.100.${i}, 203.0.113.7`)).statusCode).toBe(200);
    for (let i = 3; i < 8; i++) {
      const res = await health(`198.51.100.${i}, 203.0.113.7`);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ detail: MSG.tooManyRequests });
    }
    expect((await health("203.0.113.8")).statusCode).toBe(200);
    // A forged entry alone (the balancer's own is the last) is the address the balancer saw: still limited.
    expect((await health("198.51.100.99, 203.0.113.7")).statusCode).toBe(429);

    await t.app.rateLimits.sync();
    const clients = new Set((await t.db.select().from(s.rateLimitHits)).map((r) => r.client));
    expect([...clients].sort()).toEqual(["203.0.113.7", "203.0.113.8"]);
  });

  it("counts failed logins against the address the balancer saw, not the forged one", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: BALANCER,
      headers: { "x-forwarded-for": "198.51.100.200, 203.0.113.50" },
      payload: { email: "ninguem@exemplo.com.br", password: "senha-errada" },
    });
    expect(res.statusCode).toBe(401);
    const attempts = await t.db.select().from(s.loginAttempts);
    expect(attempts.map((a) => a.ip)).toEqual(["203.0.113.50"]);
  });
});

describe("TRUST_PROXY as the proxies' addresses and ranges", () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext({ clock: fixedClock("2026-03-02T12:00:10Z"), env: { TRUST_PROXY: "10.0.0.0/8, 192.168.1.1", RATE_LIMIT_PER_MINUTE: "2" } });
  });
  afterAll(() => t?.close());

  it("takes the last entry that is not a trusted proxy, through several of them", async () => {
    const via = (forwardedFor: string, remoteAddress = "192.168.1.1") =>
      t.app.inject({ method: "GET", url: "/api/health", remoteAddress, headers: { "x-forwarded-for": forwardedFor } });
    expect((await via("1.2.3.4, 203.0.113.9, 10.1.2.3")).statusCode).toBe(200);
    expect((await via("5.6.7.8, 203.0.113.9, 10.9.9.9")).statusCode).toBe(200);
    expect((await via("9.9.9.9, 203.0.113.9, 10.1.2.3")).statusCode).toBe(429);
    // From an address that is not a trusted proxy the header is not read at all.
    expect((await via("203.0.113.10", "198.51.100.1")).statusCode).toBe(200);
    await t.app.rateLimits.sync();
    const clients = new Set((await t.db.select().from(s.rateLimitHits)).map((r) => r.client));
    expect([...clients].sort()).toEqual(["198.51.100.1", "203.0.113.9"]);
  });
});

describe("the API-wide limit counts every request under /api before any database work", () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext({ clock: fixedClock("2026-03-02T12:00:10Z"), env: { RATE_LIMIT_PER_MINUTE: "3" } });
  });
  afterAll(() => t?.close());

  // The limit's check is in memory (docs/decisions/021) and runs before the session guard: a 429 instead of the
  // guard's 401 shows that the made-up session was never looked up.
  it("answers 429 to made-up sessions once the address is over the limit, before the session lookup", async () => {
    const guess = (i: number, remoteAddress = "10.30.0.1") =>
      t.app.inject({ method: "GET", url: "/api/patients", remoteAddress, headers: { "x-session-id": `inventada-${i}` } });
    for (let i = 0; i < 3; i++) expect((await guess(i)).statusCode).toBe(401);
    for (let i = 3; i < 10; i++) expect((await guess(i)).statusCode).toBe(429);
    expect((await guess(99, "10.30.0.2")).statusCode).toBe(401);
  });

  it("counts addresses the API does not have (404) and refuses them once over the limit", async () => {
    const unknown = () => t.app.inject({ method: "GET", url: "/api/nao-existe", remoteAddress: "10.30.1.1" });
    for (let i = 0; i < 3; i++) expect((await unknown()).statusCode).toBe(404);
    const refused = await unknown();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: MSG.tooManyRequests });
    // The same address's count covers the API's real routes too.
    expect((await t.app.inject({ method: "GET", url: "/api/health", remoteAddress: "10.30.1.1" })).statusCode).toBe(429);
  });
});
