/**
 * The bare node:http server of a benchmark's floor (bench-bare.ts, bench-free-times-floor.ts): no framework, no hooks,
 * no logging, no headers beyond the type and length; 503 when the answer fails. Listens on PORT and HOST; SIGTERM
 * closes it and its pool.
 */
import http from "node:http";
import type pg from "pg";

export function serveFloor(pool: pg.Pool, answer: () => Promise<string>) {
  const server = http.createServer((_request, response) => {
    answer().then(
      (body) => {
        response.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": String(Buffer.byteLength(body)) });
        response.end(body);
      },
      () => {
        response.writeHead(503, { "content-length": "0" });
        response.end();
      },
    );
  });
  server.listen(Number(process.env.PORT), process.env.HOST ?? "127.0.0.1");
  process.on("SIGTERM", () => {
    server.close();
    void pool.end().then(() => process.exit(0));
  });
}
