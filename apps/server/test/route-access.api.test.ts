import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RegisteredRoute } from "../src/platform/plugins/auth";
import { createTestContext, type TestContext } from "./context";

/**
 * Driven by the live route table, so a route added later is covered without touching this file:
 * every /api route declares who may call it, and the guard enforces that declaration.
 */
let t: TestContext;
let adminSession: string;
let professionalSession: string;
let apiRoutes: RegisteredRoute[];

const concreteUrl = (url: string) => url.replace(/:[A-Za-z_]+/g, randomUUID());

beforeAll(async () => {
  t = await createTestContext();
  const admin = await t.make.admin();
  const { user } = await t.make.professionalUser();
  adminSession = await t.login(admin.email, admin.password);
  professionalSession = await t.login(user.email, user.password);
  apiRoutes = t.app.routeRegistry.filter((r) => r.url.startsWith("/api") && !r.url.startsWith("/api/docs"));
});
afterAll(() => t.close());

describe("route access", () => {
  it("knows the routes of the foundation", () => {
    const keys = apiRoutes.map((r) => `${r.method} ${r.url}`);
    expect(keys).toEqual(expect.arrayContaining(["POST /api/auth/login", "GET /api/auth/me", "GET /api/admin/dashboard/summary", "GET /api/users"]));
  });

  it("every /api route declares its access", () => {
    const undeclared = apiRoutes.filter((r) => r.access === undefined).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it("every non-public route answers 401 without a session", async () => {
    for (const route of apiRoutes.filter((r) => r.access !== "public")) {
      const res = await t.request({ method: route.method as "GET", url: concreteUrl(route.url), payload: route.method === "GET" ? undefined : {} });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it("a GET route's HEAD twin is guarded as the GET is", async () => {
    expect((await t.request({ method: "HEAD", url: "/api/tasks" })).statusCode).toBe(401);
    expect((await t.request({ method: "HEAD", url: "/api/tasks", session: adminSession })).statusCode).toBe(403);
    expect((await t.request({ method: "HEAD", url: "/api/tasks", session: professionalSession })).statusCode).toBe(200);
  });

  it("admin-only routes answer 403 to a professional", async () => {
    const adminOnly = apiRoutes.filter((r) => r.access !== "public" && !r.access?.includes("professional"));
    expect(adminOnly.length).toBeGreaterThan(0);
    for (const route of adminOnly) {
      const res = await t.request({
        method: route.method as "GET",
        url: concreteUrl(route.url),
        payload: route.method === "GET" ? undefined : {},
        session: professionalSession,
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it("professional-only routes answer 403 to an administrator", async () => {
    const professionalOnly = apiRoutes.filter((r) => r.access !== "public" && !r.access?.includes("admin"));
    expect(professionalOnly.length).toBeGreaterThan(0);
    for (const route of professionalOnly) {
      const res = await t.request({
        method: route.method as "GET",
        url: concreteUrl(route.url),
        payload: route.method === "GET" ? undefined : {},
        session: adminSession,
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });
});

describe("a route that declares no access", () => {
  it("answers 403 to everyone, signed in or not", async () => {
    // The route loses its declaration before the guard is chosen, as a route written without one would.
    const bare = await createTestContext({
      instrument: (app) =>
        app.addHook("onRoute", (route) => {
          if (route.url === "/api/tasks" && route.method === "GET") route.config = { ...route.config, access: undefined };
        }),
    });
    try {
      const { user } = await bare.make.professionalUser();
      const session = await bare.login(user.email, user.password);
      expect((await bare.request({ method: "GET", url: "/api/tasks", session })).statusCode).toBe(403);
      expect((await bare.request({ method: "GET", url: "/api/tasks" })).statusCode).toBe(403);
      expect((await bare.request({ method: "GET", url: "/api/tasks/summary", session })).statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
