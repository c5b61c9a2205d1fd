/**
 * The floor `npm run bench` compares GET /api/health with: a bare node:http server that answers the same JSON
 * after the same `select 1` on the same PostgreSQL, through a pg pool of the same size. No framework, no hooks,
 * no logging, no headers beyond what node:http writes. Started by bench.ts with the server's Node flags.
 */
import pg from "pg";
import { serveFloor } from "./bench-floor-server";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_MAX ?? 20) });
const body = JSON.stringify({ status: "ok", database: "postgres" });

serveFloor(pool, () => pool.query("select 1").then(() => body));
