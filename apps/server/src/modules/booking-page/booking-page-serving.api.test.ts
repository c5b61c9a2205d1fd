import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/context";

let t: TestContext;
const dist = mkdtempSync(path.join(os.tmpdir(), "clinora-booking-page-"));

beforeAll(async () => {
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Clinora</title><div id=root></div>");
  writeFileSync(path.join(dist, "booking.html"), "<!doctype html><title>Agendar</title><main id=bk-main></main>");
  t = await createTestContext({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

/** docs/decisions/028: the booking page is its own small page, with no third-party source allowed and never framed. */
describe("serving the public booking page", () => {
  it("answers /agendar/<slug> with the booking page, not the app, under a strict policy", async () => {
    const res = await t.request({ method: "GET", url: "/agendar/ana-souza" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<main id=bk-main>");
    expect(res.body).not.toContain("id=root");
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/https?:|unsafe-inline|unsafe-eval/);
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("an unknown slug still gets the page (it says the page was not found), never a server error", async () => {
    const res = await t.request({ method: "GET", url: "/agendar/%2E%2E" });
    expect(res.statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: "/api/public/booking/nao-existe" })).statusCode).toBe(404);
  });
});
