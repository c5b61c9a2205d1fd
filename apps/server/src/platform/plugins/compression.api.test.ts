import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/context";

let t: TestContext;
const dist = mkdtempSync(path.join(os.tmpdir(), "clinora-compression-"));
/** Over 1 KiB, as the built booking page is. */
const bookingHtml = `<!doctype html><title>Agendar</title><main id=bk-main>${"<p>Agende sua consulta.</p>".repeat(80)}</main>`;
const bookingJs = `console.log(${JSON.stringify("horários livres ".repeat(200))});`;

beforeAll(async () => {
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Clinora</title><div id=root></div>");
  writeFileSync(path.join(dist, "booking.html"), bookingHtml);
  // A file as the build leaves it: with its pre-compressed copy (sent as it is), and one without (compressed per request).
  writeFileSync(path.join(dist, "assets", "booking-abc.js"), bookingJs);
  writeFileSync(path.join(dist, "assets", "booking-abc.js.br"), brotliCompressSync(bookingJs));
  writeFileSync(path.join(dist, "assets", "plain-abc.css"), `.x{color:red}${" ".repeat(2000)}`);
  t = await createTestContext({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const decoded = (body: Buffer, encoding: unknown) => (encoding === "br" ? brotliDecompressSync(body) : encoding === "gzip" ? gunzipSync(body) : body).toString();

/** docs/decisions/033: br or gzip on every public page, asset and API answer above 1 KiB. */
describe("compression", () => {
  it("sends the booking page, its assets and a large API answer in brotli (gzip for a client without it)", async () => {
    for (const url of ["/agendar/ana-souza", "/assets/booking-abc.js", "/assets/plain-abc.css", "/api/docs/json"]) {
      const br = await t.request({ method: "GET", url, headers: { "accept-encoding": "br, gzip" } });
      expect(br.statusCode, url).toBe(200);
      expect(br.headers["content-encoding"], url).toBe("br");
      expect(br.headers.vary, url).toMatch(/accept-encoding/i);
      const gz = await t.request({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
      expect(gz.headers["content-encoding"], url).toBe("gzip");
      expect(decoded(gz.rawPayload, "gzip"), url).toBe(decoded(br.rawPayload, "br"));
    }
    const js = await t.request({ method: "GET", url: "/assets/booking-abc.js", headers: { "accept-encoding": "br" } });
    expect(decoded(js.rawPayload, js.headers["content-encoding"])).toBe(bookingJs);
    const page = await t.request({ method: "GET", url: "/agendar/ana-souza", headers: { "accept-encoding": "br" } });
    expect(decoded(page.rawPayload, page.headers["content-encoding"])).toBe(bookingHtml);
  });

  it("leaves small answers and clients that accept no encoding alone", async () => {
    const small = await t.request({ method: "GET", url: "/api/health", headers: { "accept-encoding": "br, gzip" } });
    expect(small.statusCode).toBe(200);
    expect(small.headers["content-encoding"]).toBeUndefined();
    const identity = await t.request({ method: "GET", url: "/agendar/ana-souza" });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body).toBe(bookingHtml);
  });
});
