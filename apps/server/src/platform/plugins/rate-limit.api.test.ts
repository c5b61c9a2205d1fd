import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { MSG } from "@clinora/contracts";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { fixedClock } from "../lib/clock";
import * as s from "../../tables";
import { createTestContext, type TestContext } from "../../../test/context";

/**
 * Two app instances on one database, as two processes or two hosts behind a load balancer: a client's requests
 * are counted against one limit whichever instance answers them, once the instances have synced (docs/decisions/021).
 */
const ENV = { RATE_LIMIT_PER_MINUTE: "5", WEB_CHAT_ADDRESS_READS_PER_MINUTE: "3", LOG_LEVEL: "silent", WEB_DIST_DIR: "/nonexistent" };

describe("rate limits shared by the instances on one database", () => {
  const clock = fixedClock("2026-03-02T12:00:10Z");
  let ctx: TestContext;
  let other: FastifyInstance;
  const instances = () => [ctx.app, other] as const;
  const health = (app: FastifyInstance, remoteAddress: string) => app.inject({ method: "GET", url: "/api/health", remoteAddress });
  const chatPage = (app: FastifyInstance, remoteAddress: string) =>
    app.inject({ method: "GET", url: `/api/public/chat/clinics/${"x".repeat(22)}`, remoteAddress });
  const syncBoth = async () => {
    for (const app of instances()) await app.rateLimits.sync();
  };

  beforeAll(async () => {
    ctx = await createTestContext({ clock, env: ENV });
    other = await buildApp({ config: loadConfig(ENV), database: ctx.database, clock });
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
    await ctx?.close();
  });

  // Each instance also syncs on its own once a second; the assertions hold whether or not that happened between steps.
  it("answers 429 on the second instance once the client's total across both reaches the API-wide limit", async () => {
    const [a, b] = instances();
    for (let i = 0; i < 3; i++) expect((await health(a, "10.20.0.1")).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await health(b, "10.20.0.1")).statusCode).toBe(200);
    await syncBoth();

    const refused = await health(b, "10.20.0.1");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: MSG.tooManyRequests });
    expect(refused.headers["x-ratelimit-limit"]).toBe("5");
    // Another address is counted on its own.
    expect((await health(b, "10.20.0.2")).statusCode).toBe(200);
    // The first instance learns the total when it next reports this client (docs/decisions/021: the approximation).
    await health(a, "10.20.0.1");
    await a.rateLimits.sync();
    expect((await health(a, "10.20.0.1")).statusCode).toBe(429);

    await syncBoth();
    const [row] = (await ctx.db.select().from(s.rateLimitHits)).filter((r) => r.scope === "api" && r.client === "10.20.0.1");
    // Every request of the address, refused ones included, in the minute that holds them.
    expect(row).toMatchObject({ hits: 8, windowStart: new Date("2026-03-02T12:00:00Z"), expiresAt: new Date("2026-03-02T12:01:00Z") });
  });

  it("shares a route's own limit the same way, apart from the API-wide count", async () => {
    const [a, b] = instances();
    for (let i = 0; i < 2; i++) expect((await chatPage(a, "10.20.1.1")).statusCode).toBe(404);
    expect((await chatPage(b, "10.20.1.1")).statusCode).toBe(404);
    await syncBoth();
    expect((await chatPage(b, "10.20.1.1")).statusCode).toBe(429);
    await chatPage(a, "10.20.1.1");
    await a.rateLimits.sync();
    expect((await chatPage(a, "10.20.1.1")).statusCode).toBe(429);
    // The route's requests are not counted against the API-wide limit of the address.
    expect((await health(a, "10.20.1.1")).statusCode).toBe(200);

    await syncBoth();
    const scopes = (await ctx.db.select().from(s.rateLimitHits)).filter((r) => r.client === "10.20.1.1").map((r) => [r.scope, r.hits]);
    expect(scopes.sort()).toEqual([
      ["GET /api/public/chat/clinics/:publicId", 6],
      ["api", 1],
    ]);
  });

  it("starts a client afresh in the next window, and deletes the rows of ended windows", async () => {
    const [a, b] = instances();
    for (let i = 0; i < 5; i++) expect((await health(a, "10.20.2.1")).statusCode).toBe(200);
    await syncBoth();
    // b has not counted this client yet: it learns the total with its first report.
    expect((await health(b, "10.20.2.1")).statusCode).toBe(200);
    await b.rateLimits.sync();
    expect((await health(b, "10.20.2.1")).statusCode).toBe(429);

    clock.set("2026-03-02T12:01:00Z");
    expect((await health(b, "10.20.2.1")).statusCode).toBe(200);
    expect((await health(a, "10.20.2.1")).statusCode).toBe(200);
    await syncBoth();

    // Half a minute after the next window ended, a sync deletes the first window's rows (a minute of slack).
    clock.set("2026-03-02T12:02:30Z");
    await syncBoth();
    const starts = new Set((await ctx.db.select().from(s.rateLimitHits)).map((r) => r.windowStart.toISOString()));
    expect([...starts]).toEqual(["2026-03-02T12:01:00.000Z"]);
  });
});
