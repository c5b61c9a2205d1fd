import { existsSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";
import { MSG } from "@clinora/contracts";

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
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === "/api" || request.url.startsWith("/api/");
    if (!isApi && hasWeb && (request.method === "GET" || request.method === "HEAD")) {
      return reply.header("Cache-Control", "no-cache").type("text/html").sendFile("index.html");
    }
    return reply.status(404).send({ detail: MSG.routeNotFound });
  });
}
