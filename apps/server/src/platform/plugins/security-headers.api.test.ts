import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/context";

let t: TestContext;
const dist = mkdtempSync(path.join(os.tmpdir(), "clinora-headers-"));

beforeAll(async () => {
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Clinora</title><div id=root></div>");
  t = await createTestContext({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

/** Headers helmet adds for HTML documents only: never on an API answer. */
const DOCUMENT_ONLY = ["x-dns-prefetch-control", "x-download-options", "origin-agent-cluster", "referrer-policy", "cross-origin-opener-policy", "x-xss-protection", "x-permitted-cross-domain-policies"];

describe("security headers by kind of answer", () => {
  it.each([
    ["a public answer", "/api/health", 200],
    ["a refused request", "/api/appointments", 401],
    ["an unknown API address", "/api/nada-aqui?x=1", 404],
    ["the API's root with a query, never the web app", "/api?x=1", 404],
  ])("%s of the API is never stored and never framed", async (_kind, url, status) => {
    const res = await t.request({ method: "GET", url });
    expect(res.statusCode).toBe(status);
    expect(res.headers).toMatchObject({
      "cache-control": "no-store",
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
      "x-frame-options": "DENY",
      "x-content-type-options": "nosniff",
      "strict-transport-security": expect.stringContaining("max-age="),
      "cross-origin-resource-policy": "same-origin",
    });
    for (const name of DOCUMENT_ONLY) expect(res.headers[name], name).toBeUndefined();
  });

  it("a patient's data from a signed-in read is not stored either", async () => {
    const { user } = await t.make.professionalUser();
    const session = await t.login(user.email, user.password);
    const res = await t.request({ method: "GET", url: "/api/patients", session });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it.each([
    ["a page of the web app", "/apidocs-is-a-page"],
    ["the API's documentation (Swagger UI runs its own scripts)", "/api/docs"],
  ])("%s keeps the full policy for documents", async (_kind, url) => {
    const res = await t.request({ method: "GET", url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["cache-control"]).not.toBe("no-store");
  });
});
