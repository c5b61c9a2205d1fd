import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { serverDir } from "./server-dir";

const repoRoot = path.resolve(serverDir, "../..");

/** TRUST_PROXY as Fastify's `trustProxy` takes it: none, a hop count, or the proxies' addresses and ranges. */
export type TrustProxy = false | number | string[];

/** An IPv4 or IPv6 address, or a CIDR range of one ("10.0.0.0/8", "fd00::/8"). */
function isAddressOrRange(text: string): boolean {
  const [address = "", bits, ...more] = text.split("/");
  const version = isIP(address);
  if (version === 0 || more.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

const optional = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** Every environment variable the product reads (docs/product/platform.md §3), parsed once at start. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optional,
  /** Connections per server process to PostgreSQL. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(20),
  /**
   * Server processes on this host (node:cluster), each with its own event loop, job worker and database pool, on
   * the same port. Above 1 needs PostgreSQL: the embedded database belongs to one process.
   */
  SERVER_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  ADMIN_EMAIL: optional.pipe(z.email().optional()),
  ADMIN_PASSWORD: optional.pipe(z.string().min(8).optional()),
  PUBLIC_URL: optional.pipe(z.url().optional()),
  /** Twilio's SDK refuses any other shape at construction: say so at start instead. */
  TWILIO_ACCOUNT_SID: optional.pipe(z.string().startsWith("AC", "must start with AC").optional()),
  TWILIO_AUTH_TOKEN: optional,
  TWILIO_MESSAGING_SERVICE_SID: optional,
  /**
   * The approved WhatsApp content template (HX…) for appointment reminders, which are business-initiated and so need
   * one outside the patient's 24-hour window. Unset: reminders go only as free text inside that window.
   */
  TWILIO_REMINDER_CONTENT_SID: optional,
  /**
   * An approved WhatsApp content template (HX…) whose one variable {{1}} is the text of a failed message: Reenviar
   * outside the patient's 24-hour window sends it. Unset: such a message can be resent only inside the window.
   */
  TWILIO_RESEND_CONTENT_SID: optional,
  /** Twilio's API origin; set it to a local stand-in (the demo, the tests). Unset: api.twilio.com. */
  TWILIO_BASE_URL: optional.pipe(z.url().optional()),
  OPENAI_API_KEY: optional,
  ANTHROPIC_API_KEY: optional,
  OPENAI_BASE_URL: optional.pipe(z.url().optional()),
  ANTHROPIC_BASE_URL: optional.pipe(z.url().optional()),
  /** One call to the language model gives up after this; the reply job then retries, and finally hands off. */
  LLM_TIMEOUT_SECONDS: z.coerce.number().min(1).max(300).default(25),
  /**
   * The second opinion on the assistant's own text (docs/decisions/030): a short classification call to the
   * configured vendor before a reply that no tool confirmed goes out. On whenever a model is configured.
   */
  ASSISTANT_SECOND_OPINION: z.enum(["true", "false"]).default("true").transform((v) => v === "true"),
  /** The model of that call; unset: the assistant's own model. */
  ASSISTANT_SECOND_OPINION_MODEL: optional,
  /** The risk check before the reply model: OpenAI's moderation endpoint, or an Anthropic classification call. */
  SAFETY_RISK_CHECK: z.enum(["true", "false"]).default("true").transform((v) => v === "true"),
  /** The Anthropic model of the risk classification (with only an Anthropic key); unset: the assistant's own model. */
  SAFETY_RISK_MODEL: optional,
  /** The model that transcribes patients' voice notes (OpenAI's audio transcription API, through OPENAI_BASE_URL). */
  OPENAI_TRANSCRIPTION_MODEL: z.string().trim().min(1).default("gpt-4o-mini-transcribe"),
  /** One transcription call gives up after this; the job then retries, and finally the thread says it failed. */
  TRANSCRIPTION_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(60),
  /** Background jobs of CPU work (backups, reminders' replies…) one server process runs at the same time. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** Background jobs that wait on the network (model replies, sends, transcriptions, Google) one process runs at once. */
  WORKER_NETWORK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(32),
  /** While the event loop runs this late (ms), the worker steps back so requests are read first (docs/decisions/036). */
  WORKER_LOOP_DELAY_LIMIT_MS: z.coerce.number().int().min(5).max(10_000).default(40),
  /** A job whose process stopped answering for this long is taken over by another process. */
  JOB_LOCK_TIMEOUT_SECONDS: z.coerce.number().int().min(2).max(3600).default(120),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  /** Google's origin for consent, token, revoke and the Calendar API; set it to a local stand-in. Unset: Google's hosts. */
  GOOGLE_BASE_URL: optional.pipe(z.url().optional()),
  /** 32 random bytes, base64: the AES-256-GCM key that encrypts calendar tokens at rest. */
  CALENDAR_TOKEN_KEY: optional.pipe(
    z
      .string()
      .refine((v) => Buffer.from(v, "base64").length === 32, "must be 32 bytes in base64 (openssl rand -base64 32)")
      .optional(),
  ),
  /**
   * Mercado Pago's API origin for the official SDK (docs/decisions/035); set it to a local stand-in (the demo, the
   * tests). Unset: api.mercadopago.com. Each professional's access token is sealed with CALENDAR_TOKEN_KEY.
   */
  MERCADOPAGO_BASE_URL: optional.pipe(z.url().optional()),
  /** Where `npm run backup` and the scheduled backups write their snapshot files. */
  BACKUP_DIR: z.string().default("./backups"),
  /** Take a backup every N hours while the server runs (0: never); one instance takes each, through the job queue. */
  BACKUP_EVERY_HOURS: z.coerce.number().min(0).max(24 * 31).default(0),
  /**
   * Set: `npm run backup` and the scheduled backups write encrypted files (AES-256-GCM, key from scrypt; `.enc`), and
   * restore reads them (docs/decisions/031). Keep it somewhere other than the backups: without it they cannot be read.
   */
  BACKUP_PASSPHRASE: optional,
  /** Scheduled backups kept; older ones are deleted after each new one. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  /** Years a prontuário is kept after the patient's last entry (Lei 13.787/2018): 20 at least; it may only be raised. */
  RECORD_RETENTION_YEARS: z.coerce.number().int().min(20, "RECORD_RETENTION_YEARS não pode ser menor que 20 (Lei 13.787/2018)").max(200).default(20),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Folder of the built web app; the API alone is served when it does not exist. */
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, "apps/web/dist")),
  /**
   * Requests per minute per client address, across the API (login has its own, stricter limit); counted across
   * every process and instance on the same database.
   */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Web chat (docs/decisions/016): model calls per visitor per day, after which the professional answers. */
  WEB_CHAT_LLM_CALLS_PER_DAY: z.coerce.number().int().min(1).default(40),
  /** Messages one visitor may send per minute (counted in the database, across processes). */
  WEB_CHAT_VISITOR_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Per client address: new chats per hour, messages per minute, thread reads per minute (polling every 3 s). */
  WEB_CHAT_NEW_CHATS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  WEB_CHAT_ADDRESS_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  WEB_CHAT_ADDRESS_READS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Public booking page (docs/decisions/028): reads (the page, its free times) per client address per minute. */
  BOOKING_PAGE_READS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /**
   * Behind load balancers or proxies: how many of them there are (`true` is one), or their addresses and CIDR
   * ranges separated by commas. The client address is then the entry of X-Forwarded-For that the trusted proxies
   * appended; what the client wrote before it is ignored (docs/decisions/031).
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default("false")
    .transform((v, ctx): TrustProxy => {
      if (v === "false" || v === "" || v === "0") return false;
      if (v === "true") return 1;
      if (/^\d+$/.test(v)) return Number(v);
      const list = v.split(",").map((p) => p.trim()).filter(Boolean);
      const bad = list.filter((p) => !isAddressOrRange(p));
      if (bad.length > 0 || list.length === 0) {
        ctx.addIssue({ code: "custom", message: "must be true, false, a number of proxies, or proxy addresses/CIDR ranges separated by commas" });
        return z.NEVER;
      }
      return list;
    }),
}).superRefine((e, ctx) => {
  // Tokens that give access to a professional's calendar are never stored in clear (docs/product/security-and-privacy.md §4).
  if (e.GOOGLE_CLIENT_ID && !e.CALENDAR_TOKEN_KEY) {
    ctx.addIssue({ code: "custom", path: ["CALENDAR_TOKEN_KEY"], message: "required when GOOGLE_CLIENT_ID is set" });
  }
  // PGlite runs inside one process and locks its data folder (docs/decisions/001): refused rather than quietly
  // running one process, so a deployment never believes it has N.
  if (e.SERVER_PROCESSES > 1 && !e.DATABASE_URL) {
    ctx.addIssue({
      code: "custom",
      path: ["SERVER_PROCESSES"],
      message: "above 1 needs DATABASE_URL (PostgreSQL); the embedded database belongs to a single process",
    });
  }
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  /** SERVER_PROCESSES. */
  serverProcesses: number;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  publicUrl: string | undefined;
  twilio: { accountSid?: string; authToken?: string; messagingServiceSid?: string; baseUrl?: string };
  /** TWILIO_REMINDER_CONTENT_SID. */
  reminderContentSid: string | undefined;
  /** TWILIO_RESEND_CONTENT_SID. */
  resendContentSid: string | undefined;
  openai: { apiKey?: string; baseUrl?: string; transcriptionModel: string; transcriptionTimeoutMs: number };
  anthropic: { apiKey?: string; baseUrl?: string };
  llmTimeoutMs: number;
  /** The checks around the reply model (docs/decisions/030). */
  safetyChecks: { secondOpinion: boolean; secondOpinionModel: string | null; riskCheck: boolean; riskModel: string | null };
  worker: { concurrency: number; networkConcurrency: number; loopDelayLimitMs: number; lockTimeoutMs: number };
  google: { clientId?: string; clientSecret?: string; baseUrl?: string; tokenKey?: Buffer };
  /** MERCADOPAGO_BASE_URL. */
  mercadopago: { baseUrl?: string };
  backup: { dir: string; everyHours: number; keep: number; passphrase: string | undefined };
  /** RECORD_RETENTION_YEARS. */
  recordRetentionYears: number;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  webDistDir: string;
  /** TRUST_PROXY. */
  trustProxy: TrustProxy;
  rateLimitPerMinute: number;
  webChat: WebChatLimits;
  /** BOOKING_PAGE_READS_PER_MINUTE. */
  bookingPageReadsPerMinute: number;
};

export interface WebChatLimits {
  llmCallsPerDay: number;
  visitorMessagesPerMinute: number;
  newChatsPerHour: number;
  addressMessagesPerMinute: number;
  addressReadsPerMinute: number;
}

/** Parses the environment; throws one error listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    // npm runs workspace scripts inside apps/server; INIT_CWD is where the user typed the command.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    serverProcesses: e.SERVER_PROCESSES,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ""),
    twilio: {
      accountSid: e.TWILIO_ACCOUNT_SID,
      authToken: e.TWILIO_AUTH_TOKEN,
      messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID,
      baseUrl: e.TWILIO_BASE_URL,
    },
    reminderContentSid: e.TWILIO_REMINDER_CONTENT_SID,
    resendContentSid: e.TWILIO_RESEND_CONTENT_SID,
    openai: {
      apiKey: e.OPENAI_API_KEY,
      baseUrl: e.OPENAI_BASE_URL,
      transcriptionModel: e.OPENAI_TRANSCRIPTION_MODEL,
      transcriptionTimeoutMs: e.TRANSCRIPTION_TIMEOUT_SECONDS * 1000,
    },
    anthropic: { apiKey: e.ANTHROPIC_API_KEY, baseUrl: e.ANTHROPIC_BASE_URL },
    llmTimeoutMs: e.LLM_TIMEOUT_SECONDS * 1000,
    safetyChecks: {
      secondOpinion: e.ASSISTANT_SECOND_OPINION,
      secondOpinionModel: e.ASSISTANT_SECOND_OPINION_MODEL ?? null,
      riskCheck: e.SAFETY_RISK_CHECK,
      riskModel: e.SAFETY_RISK_MODEL ?? null,
    },
    worker: {
      concurrency: e.WORKER_CONCURRENCY,
      networkConcurrency: e.WORKER_NETWORK_CONCURRENCY,
      loopDelayLimitMs: e.WORKER_LOOP_DELAY_LIMIT_MS,
      lockTimeoutMs: e.JOB_LOCK_TIMEOUT_SECONDS * 1000,
    },
    google: {
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
      baseUrl: e.GOOGLE_BASE_URL?.replace(/\/$/, ""),
      tokenKey: e.CALENDAR_TOKEN_KEY ? Buffer.from(e.CALENDAR_TOKEN_KEY, "base64") : undefined,
    },
    mercadopago: { baseUrl: e.MERCADOPAGO_BASE_URL?.replace(/\/$/, "") },
    backup: { dir: path.resolve(env.INIT_CWD ?? process.cwd(), e.BACKUP_DIR), everyHours: e.BACKUP_EVERY_HOURS, keep: e.BACKUP_KEEP, passphrase: e.BACKUP_PASSPHRASE },
    recordRetentionYears: e.RECORD_RETENTION_YEARS,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    trustProxy: e.TRUST_PROXY,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    webChat: {
      llmCallsPerDay: e.WEB_CHAT_LLM_CALLS_PER_DAY,
      visitorMessagesPerMinute: e.WEB_CHAT_VISITOR_MESSAGES_PER_MINUTE,
      newChatsPerHour: e.WEB_CHAT_NEW_CHATS_PER_HOUR,
      addressMessagesPerMinute: e.WEB_CHAT_ADDRESS_MESSAGES_PER_MINUTE,
      addressReadsPerMinute: e.WEB_CHAT_ADDRESS_READS_PER_MINUTE,
    },
    bookingPageReadsPerMinute: e.BOOKING_PAGE_READS_PER_MINUTE,
  };
}
