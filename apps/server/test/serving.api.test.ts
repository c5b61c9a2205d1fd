import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./context";

let t: TestContext;
const dist = mkdtempSync(path.join(os.tmpdir(), "clinora-web-"));

beforeAll(async () => {
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Clinora</title><div id=root></div>");
  writeFileSync(path.join(dist, "assets", "index-abc123.js"), "console.log('app')");
  t = await createTestContext({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe("serving the web app", () => {
  it.each(["/", "/login", "/admin/leads", "/admin/usuario?userId=123", "/compromissos"])("deep link %s loads the app", async (url) => {
    const res = await t.request({ method: "GET", url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain("<title>Clinora</title>");
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  it("serves fingerprinted assets as immutable", async () => {
    const res = await t.request({ method: "GET", url: "/assets/index-abc123.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toContain("immutable");
  });

  it("keeps unknown API paths as JSON 404s", async () => {
    const res = await t.request({ method: "GET", url: "/api/nao-existe" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toHaveProperty("detail");
  });
});

describe("health and docs", () => {
  it("GET /api/health checks the database", async () => {
    const res = await t.request({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: expect.stringMatching(/pglite|postgres/) });
  });

  it("publishes the OpenAPI document generated from the schemas, and its UI", async () => {
    const doc = await t.request({ method: "GET", url: "/api/docs/json" });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(spec.paths["/api/auth/login"].post.requestBody.content["application/json"].schema.properties).toHaveProperty("email");
    const ui = await t.request({ method: "GET", url: "/api/docs" });
    expect([200, 302]).toContain(ui.statusCode);
  });
});
