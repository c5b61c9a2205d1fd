import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import helmet from "helmet";
import { describe, expect, it } from "vitest";
import { apiSecurityHeaders, isApiUrl, securityHeaders } from "./security-headers";

const options = { contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } } };

describe("security headers", () => {
  it("are the headers helmet's middleware writes on a real response", () => {
    const response = new ServerResponse(new IncomingMessage(new Socket()));
    helmet(options)(response.req, response, () => {});
    const written = Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]));
    expect(securityHeaders(options)).toEqual(written);
    expect(written["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(written["x-content-type-options"]).toBe("nosniff");
  });

  it("stop the start on a directive helmet refuses", () => {
    expect(() => securityHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: ["self"] } } })).toThrow();
  });
});

describe("the API's headers", () => {
  it.each([
    ["/api/health", true],
    ["/api?x=1", true],
    ["/api/docsx", true],
    ["/api/docs", false],
    ["/api/docs/static/index.html", false],
    ["/login", false],
  ])("go on %s: %s (the API's documentation pages are documents)", (url, api) => {
    expect(isApiUrl(url)).toBe(api);
  });

  it("get HTTPS-only from the same setting as the web app", () => {
    const documentHeaders = securityHeaders(options);
    expect(apiSecurityHeaders(documentHeaders)["strict-transport-security"]).toBe(documentHeaders["strict-transport-security"]);
  });
});
