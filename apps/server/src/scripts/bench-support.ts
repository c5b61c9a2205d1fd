/** Small pieces the benchmark scripts share. */
import type { ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { loadConfig } from "../config";

/** A free port on 127.0.0.1, for a server whose public URL must be known before it listens. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });

/** The p-th percentile (0-100) of `values`, nearest rank; NaN when there are none. */
export const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

/** Runs `run(0)` … `run(count - 1)`, at most `concurrency` at a time; the results in index order. */
export async function runPool<T>(count: number, concurrency: number, run: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await run(i);
      }
    }),
  );
  return out;
}

/**
 * The configuration of a benchmark's in-process server: quiet, no web files, no API limit, Twilio and OpenAI pointed at
 * the stand-ins; `extra` adds or overrides settings.
 */
export function benchConfig(stand: { publicUrl: string; twilio: { url: string; accountSid: string; authToken: string }; openAiBaseUrl: string }, extra: Record<string, string> = {}) {
  return loadConfig({
    LOG_LEVEL: "silent",
    WEB_DIST_DIR: "/nonexistent",
    RATE_LIMIT_PER_MINUTE: "1000000",
    PUBLIC_URL: stand.publicUrl,
    TWILIO_ACCOUNT_SID: stand.twilio.accountSid,
    TWILIO_AUTH_TOKEN: stand.twilio.authToken,
    TWILIO_BASE_URL: stand.twilio.url,
    OPENAI_API_KEY: "sk-bench",
    OPENAI_BASE_URL: stand.openAiBaseUrl,
    ...extra,
  });
}

/**
 * Nanoseconds a process's threads have run, and waited in a run queue (runnable while another task had the CPU),
 * summed from /proc/<pid>/task/<tid>/schedstat; null where the kernel gives no schedstat. A thread that ends
 * meanwhile is skipped.
 */
export function schedstatOf(pid: number): { ran: number; waited: number } | null {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return null;
  }
  let ran = 0;
  let waited = 0;
  let read = false;
  for (const tid of tids) {
    try {
      const [onCpu, inQueue] = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ").map(Number);
      ran += onCpu!;
      waited += inQueue!;
      read = true;
    } catch {
      // the thread ended, or the kernel keeps no schedstat
    }
  }
  return read ? { ran, waited } : null;
}

/** Stops a child process with SIGTERM and waits until it has exited. */
export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}
