import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./context";

let t: TestContext;
const dist = mkdtempSync(path.join(os.tmpdir(), "clinora-web-"));

beforeAll(async () => {
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Clinora</title><div id=root></div>");
  writeFileSync(path.join(dist, "assets", "index-abc123.js"), "console.log('app')");
  // As the web build writes them (apps/web/vite.config.ts).
  const chunk = "export const big = 1;\n".repeat(100);
  writeFileSync(path.join(dist, "assets", "chunk-def456.js"), chunk);
  writeFileSync(path.join(dist, "assets", "chunk-def456.js.br"), brotliCompressSync(chunk));
  writeFileSync(path.join(dist, "assets", "chunk-def456.js.gz"), gzipSync(chunk));
  // The web chat's embed script, with its compressed copies, as the build writes them.
  const widget = "/* widget */ document.body.append('chat');\n".repeat(40);
  writeFileSync(path.join(dist, "widget.js"), widget);
  writeFileSync(path.join(dist, "widget.js.br"), brotliCompressSync(widget));
  writeFileSync(path.join(dist, "widget.js.gz"), gzipSync(widget));
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

  it("sends the build's pre-compressed copy to a browser that accepts it, and the plain file otherwise", async () => {
    const br = await t.request({
      method: "GET",
      url: "/assets/chunk-def456.js",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toContain("javascript");
    expect(br.headers["cache-control"]).toContain("immutable");
    expect(String(br.headers.vary).toLowerCase()).toContain("accept-encoding");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe("export const big = 1;\n".repeat(100));

    const gz = await t.request({ method: "GET", url: "/assets/chunk-def456.js", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");

    const plain = await t.request({ method: "GET", url: "/assets/chunk-def456.js", headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe("export const big = 1;\n".repeat(100));

    // A file the build left without a pre-compressed copy (too small) is still served to a browser that asks for
    // brotli: streamed from disk, its length unknown up front, so the compression plugin may compress it itself.
    const small = await t.request({ method: "GET", url: "/assets/index-abc123.js", headers: { "accept-encoding": "br" } });
    expect(small.statusCode).toBe(200);
    const smallBody = small.headers["content-encoding"] === "br" ? brotliDecompressSync(small.rawPayload).toString() : small.body;
    expect(smallBody).toBe("console.log('app')");
  });

  it("lets clinics' sites load the web chat's embed script, compressed or not", async () => {
    for (const encoding of ["br", "gzip", "identity"]) {
      const res = await t.request({ method: "GET", url: "/widget.js", headers: { "accept-encoding": encoding } });
      expect(res.statusCode, encoding).toBe(200);
      expect(res.headers["cross-origin-resource-policy"], encoding).toBe("cross-origin");
    }
    // Any other file stays same-origin (helmet's default).
    const other = await t.request({ method: "GET", url: "/assets/chunk-def456.js", headers: { "accept-encoding": "br" } });
    expect(other.headers["cross-origin-resource-policy"]).toBe("same-origin");
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
