import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import { isApiPath, isUnderPath } from "../lib/api-paths";
import { DOCS_PREFIX } from "./docs";

/**
 * The headers helmet writes for `options`, worked out once. They do not depend on the request, so every answer
 * gets the same object; @fastify/helmet rebuilt helmet's middleware (parsing the CSP directives) on each request,
 * which cost more than the health route's own work (docs/decisions/012).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failed = error;
  });
  if (failed) throw failed;
  return headers;
}

/**
 * The headers of an API answer: JSON read by the app's own scripts, never rendered as a page. They are the set
 * OWASP's REST Security Cheat Sheet gives for API responses, plus the resource policy every answer had before:
 * - `no-store`, so no browser or proxy keeps a copy of a patient's data (a list, a conversation) on disk;
 * - no framing, no sniffing, HTTPS only, and a policy that lets the answer load nothing should it ever be opened.
 * helmet's other headers (DNS prefetch, download options, the origin-agent cluster, the referrer and opener
 * policies, the full CSP) act only on an HTML document, so they stay on the web app's answers (docs/decisions/012).
 * A route may still set its own Cache-Control (the calendar feed, which calendar apps poll).
 */
export function apiSecurityHeaders(documentHeaders: Record<string, string>): Record<string, string> {
  return {
    "cache-control": "no-store",
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "strict-transport-security": documentHeaders["strict-transport-security"]!,
    "cross-origin-resource-policy": "same-origin",
  };
}

/**
 * Whether `url` (a request's path and query) gets the API's headers: an /api address other than the API's own
 * documentation, whose pages (Swagger UI) are HTML documents with scripts and styles of their own.
 */
export function isApiUrl(url: string): boolean {
  return isApiPath(url) && !isUnderPath(url, DOCS_PREFIX);
}

/**
 * Adds the security headers to every answer (API, web app, errors, 404): helmet's for `options` on the web app's
 * documents and files, the API's own set (`apiSecurityHeaders`) on /api.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const documentHeaders = securityHeaders(options);
  const apiHeaders = apiSecurityHeaders(documentHeaders);
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(isApiUrl(request.url) ? apiHeaders : documentHeaders);
    done();
  });
}
