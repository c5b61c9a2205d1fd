import { existsSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fastifyStatic from "@fastify/static";
import { BOOKING_PAGE_PATH, MSG, WEB_CHAT_PAGE_PATH, WEB_CHAT_WIDGET_PATH } from "@clinora/contracts";
import { isApiPath } from "../lib/api-paths";
import type { RegisteredRoute } from "./auth";

/**
 * The public web chat page may be framed by any site (the embed script opens it in an iframe on the clinic's own
 * site); every other page keeps `frame-ancestors 'none'` (docs/decisions/016). Same rules as the app otherwise.
 */
const CHAT_PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors *",
  "base-uri 'self'",
  "form-action 'self'",
].join(";");

/**
 * The public booking page (docs/decisions/028): its own script and styles only, no third-party anything, never framed,
 * and no address of it (the reschedule link's token is after `#`, never sent) leaves through a referrer.
 */
const BOOKING_PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join(";");

/**
 * Serves the built React app and answers every other GET with index.html, so client-side routes such as
 * /admin/leads load on a deep link. Unknown /api paths get a JSON 404 instead.
 */
export async function registerWeb(app: FastifyInstance, webDistDir: string) {
  const indexFile = path.join(webDistDir, "index.html");
  const hasWeb = existsSync(indexFile);

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz copies of its text files (apps/web/vite.config.ts): sent as they
      // are to browsers that accept them, so the server compresses nothing per request.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Vite fingerprints everything under assets/, so those files never change.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
        // The embed script is loaded by clinics' own sites (helmet's default would let only this origin load it).
        // The file sent may be its pre-compressed copy (web-chat.js.br): the check is on the file it stands for.
        const served = filePath.replace(/\.(br|gz)$/, "");
        if (served.endsWith(`${path.sep}${WEB_CHAT_WIDGET_PATH.slice(1)}`)) res.header("Cross-Origin-Resource-Policy", "cross-origin");
      },
    });

    if (existsSync(path.join(webDistDir, "chat.html"))) {
      // Outside /api and without the React app: the small chat page, framable by any site.
      app.get<{ Params: { publicId: string } }>(`${WEB_CHAT_PAGE_PATH}/:publicId`, (_request, reply) => {
        // Set for every answer in onRequest (plugins/security-headers.ts): this page alone may be framed.
        reply.removeHeader("x-frame-options");
        return reply
          .header("Content-Security-Policy", CHAT_PAGE_CSP)
          .header("Cross-Origin-Resource-Policy", "cross-origin")
          .header("Cache-Control", "no-cache")
          .header("X-Robots-Tag", "noindex")
          .type("text/html")
          .sendFile("chat.html");
      });
    }

    if (existsSync(path.join(webDistDir, "booking.html"))) {
      // Outside /api and without the React app: the small booking page of one professional (the script reads the slug).
      app.get<{ Params: { slug: string } }>(`${BOOKING_PAGE_PATH}/:slug`, (_request, reply) =>
        reply
          .header("Content-Security-Policy", BOOKING_PAGE_CSP)
          .header("Cache-Control", "no-cache")
          .header("Referrer-Policy", "no-referrer")
          .header("X-Robots-Tag", "noindex")
          .type("text/html")
          .sendFile("booking.html"),
      );
    }
  }

  let methodsAt: ((path: string) => string[]) | undefined;
  // An address the API does not have is counted against the API-wide limit as any other (docs/decisions/031): a
  // scan of made-up addresses is refused like a flood of one. The web app's pages are not counted.
  const apiLimit = app.rateLimit();
  const countApiRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    if (isApiPath(request.url)) await apiLimit.call(app, request, reply);
  };
  app.setNotFoundHandler({ preValidation: countApiRequest }, (request, reply) => {
    if (!isApiPath(request.url) && hasWeb && (request.method === "GET" || request.method === "HEAD")) {
      return reply.header("Cache-Control", "no-cache").type("text/html").sendFile("index.html");
    }
    // An API address that exists for other methods: 405 with the ones it takes (RFC 9110 §15.5.6).
    methodsAt ??= methodsByPath(app.routeRegistry.filter((r) => isApiPath(r.url)));
    const allowed = isApiPath(request.url) ? methodsAt(request.url.split("?")[0]!) : [];
    if (allowed.length > 0) return reply.status(405).header("Allow", allowed.join(", ")).send({ detail: MSG.methodNotAllowed });
    return reply.status(404).send({ detail: MSG.routeNotFound });
  });
}

/**
 * The methods each path of `routes` answers, as a lookup from a requested path: a route's `:name` matches one
 * segment, `*` the rest (the router's syntax); a trailing slash is ignored, as the router ignores it.
 */
export function methodsByPath(routes: readonly Pick<RegisteredRoute, "method" | "url">[]): (path: string) => string[] {
  const patterns = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  for (const { method, url } of routes) {
    let entry = patterns.get(url);
    if (!entry) {
      const source = url
        .replace(/\/+$/, "")
        .split("/")
        .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment === "*" ? ".*" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
        .join("/");
      entry = { pattern: new RegExp(`^${source}/?$`), methods: new Set() };
      patterns.set(url, entry);
    }
    entry.methods.add(method);
    if (method === "GET") entry.methods.add("HEAD");
  }
  return (path) => {
    const methods = new Set<string>();
    for (const { pattern, methods: own } of patterns.values()) if (pattern.test(path)) for (const m of own) methods.add(m);
    return [...methods].sort();
  };
}
