/** Small pieces the benchmark scripts share. */
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
