/**
 * `npm run bench:start -w @clinora/server`: what a start costs, from source through tsx against the bundle
 * `npm start` runs (docs/decisions/005). Each is started BENCH_STARTS times in turn (default 3) with the start
 * script's Node flags; for each start it prints the process's own CPU (user + system, from /proc; Linux) and its
 * RSS when GET /api/health first answers 200, and the wall time, which says little on a shared machine.
 *
 * Embedded database by default: one data folder, migrated by a first start that is not counted. With
 * BENCH_DATABASE_URL, that PostgreSQL database instead (it must exist). Listens on BENCH_PORT (default 3950).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { serverDir } from "../server-dir";
import { buildServerBundle } from "./server-bundle";

const STARTS = Number(process.env.BENCH_STARTS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3950);
const databaseUrl = process.env.BENCH_DATABASE_URL;

interface Start {
  cpuSeconds: number;
  rssMb: number;
  wallSeconds: number;
}

/** `node <flags> <script>` of the start script. */
function startFlags(): string[] {
  const start = (JSON.parse(readFileSync(path.join(serverDir, "package.json"), "utf8")) as { scripts: { start: string } }).scripts.start.split(" ");
  if (start[0] !== "node") throw new Error(`unexpected start script: ${start.join(" ")}`);
  return start.slice(1, -1);
}

function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, USER_HZ
}

function rssMbOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((l) => l.startsWith("VmRSS:"));
  return Math.round(Number(line?.split(/\s+/)[1] ?? 0) / 1024);
}

/** Starts the server with `args`, reads its CPU and RSS at the first 200 from /api/health, then stops it. */
async function measure(args: string[], dataDir: string): Promise<Start> {
  const began = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    env: { PATH: process.env.PATH, PORT: String(PORT), HOST: "127.0.0.1", LOG_LEVEL: "warn", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
      const ok = await fetch(`http://127.0.0.1:${PORT}/api/health`).then((r) => r.ok, () => false);
      if (ok) {
        return { cpuSeconds: cpuSecondsOf(child.pid!), rssMb: rssMbOf(child.pid!), wallSeconds: (performance.now() - began) / 1000 };
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

async function main() {
  await buildServerBundle();
  const flags = startFlags();
  const variants = [
    { name: "node --import tsx src/server.ts", args: [...flags, "--import", "tsx", "src/server.ts"] },
    { name: "node dist/server.js (npm start)", args: [...flags, "dist/server.js"] },
  ];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "clinora-bench-start-"));
  try {
    await measure(variants[1]!.args, dataDir); // migrations and the first administrator, not counted
    const results = new Map<string, Start[]>(variants.map((v) => [v.name, []]));
    for (let i = 0; i < STARTS; i++) {
      for (const v of variants) results.get(v.name)!.push(await measure(v.args, dataDir));
    }
    const range = (xs: number[], digits: number) => `${Math.min(...xs).toFixed(digits)}-${Math.max(...xs).toFixed(digits)}`;
    console.log(`${databaseUrl ? "PostgreSQL" : "PGlite"}, ${STARTS} starts each, flags: ${flags.join(" ") || "none"}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}, ${os.cpus().length} CPUs`);
    console.log("| | CPU to first answer (s) | RSS when ready (MB) | wall (s) |");
    console.log("|---|---:|---:|---:|");
    for (const [name, starts] of results) {
      console.log(`| \`${name}\` | ${range(starts.map((s) => s.cpuSeconds), 2)} | ${range(starts.map((s) => s.rssMb), 0)} | ${range(starts.map((s) => s.wallSeconds), 1)} |`);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
