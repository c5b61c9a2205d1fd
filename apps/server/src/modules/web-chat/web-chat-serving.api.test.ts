import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/context";

let t: TestContext;
const dist = mkdtempSync(path.join(os.tmpdir(), "clinora-web-chat-"));
const SITE = "https://clinica-exemplo.com.br";

beforeAll(async () => {
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Clinora</title><div id=root></div>");
  writeFileSync(path.join(dist, "chat.html"), "<!doctype html><title>Chat</title><main id=chat></main>");
  writeFileSync(path.join(dist, "widget.js"), "(()=>{})()");
  writeFileSync(path.join(dist, "assets", "chat-abc123.js"), "console.log('chat')");
  t = await createTestContext({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

/** docs/decisions/016: only the chat page may be framed by other sites; the API opens no CORS. */
describe("frame and CORS rules of the web chat", () => {
  it("any site may frame the chat page, which is not the app", async () => {
    const res = await t.request({ method: "GET", url: "/chat/AbCdEfGhIjKlMnOpQrStUv" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<main id=chat>");
    expect(res.body).not.toContain("id=root");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors *");
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(res.headers["x-frame-options"]).toBeUndefined();
  });

  it.each(["/", "/login", "/conversas", "/chat"])("the app's page %s keeps refusing to be framed", async (url) => {
    const res = await t.request({ method: "GET", url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("the embed script may be loaded by any site and is never cached for long", async () => {
    const res = await t.request({ method: "GET", url: "/widget.js", headers: { origin: SITE } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(res.headers["cache-control"]).toBe("no-cache");
    const asset = await t.request({ method: "GET", url: "/assets/chat-abc123.js" });
    expect(asset.headers["cross-origin-resource-policy"]).toBe("same-origin");
  });

  it("the public chat API answers no other origin (the chat page is same-origin with it)", async () => {
    const preflight = await t.request({
      method: "OPTIONS",
      url: "/api/public/chat/thread",
      headers: { origin: SITE, "access-control-request-method": "GET", "access-control-request-headers": "x-visitor-token" },
    });
    expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
    const read = await t.request({ method: "GET", url: "/api/public/chat/thread", headers: { origin: SITE } });
    expect(read.statusCode).toBe(404);
    expect(read.headers["access-control-allow-origin"]).toBeUndefined();
    expect(read.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  });
});
