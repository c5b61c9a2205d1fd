/**
 * The floor `npm run bench` compares GET /api/health with: a bare node:http server that answers the same JSON
 * after the same `select 1` on the same PostgreSQL, through a pg pool of the same size. No framework, no hooks,
 * no logging, no headers beyond what node:http writes. Started by bench.ts with the server's Node flags.
 */
import http from "node:http";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_MAX ?? 20) });
const body = JSON.stringify({ status: "ok", database: "postgres" });
const length = String(Buffer.byteLength(body));

const server = http.createServer((_request, response) => {
  pool.query("select 1").then(
    () => {
      response.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": length });
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
