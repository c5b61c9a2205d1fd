/**
 * The local stand-ins for Twilio and the language model (packages/stand-ins), and on request Google (consent,
 * tokens, Calendar API), wired the way the product reads its configuration, for the demo and the browser flows:
 * the real SDKs talk HTTP to them, so the assistant and the calendar sync work end to end with no account at all.
 * Never used by `npm start`.
 */
import { TWILIO_WEBHOOK_PATH } from "@clinora/contracts";
import { startFakeGoogle, startFakeLlm, startFakeMercadoPago, startFakeTwilio, type FakeGoogle, type FakeLlm, type FakeMercadoPago, type FakeTwilio } from "@clinora/stand-ins";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import type { Config } from "../config";
import type { Database } from "../platform/db/client";
import { systemClock } from "../platform/lib/clock";
import { seedDemo } from "../seeds/demo.seed";

/** Credentials the stand-in accepts (Twilio's SDK wants an account SID that starts with AC). */
const STAND_IN_TWILIO = { accountSid: `AC${"d".repeat(32)}`, authToken: "stand-in-auth-token" };
/** The OAuth client the fake Google knows, and a fixed key for the sealed tokens (a throwaway database only). */
const STAND_IN_GOOGLE = { clientId: "stand-in.apps.googleusercontent.com", clientSecret: "stand-in-secret" };
const STAND_IN_CALENDAR_TOKEN_KEY = Buffer.alloc(32, 42).toString("base64");
/** The Mercado Pago account the fake knows: what a professional pastes in Financeiro › Configurar to connect it. */
export const STAND_IN_MERCADOPAGO = { accessToken: "TEST-stand-in-access-token", webhookSecret: "stand-in-webhook-secret" };

export interface StandIns {
  twilio: FakeTwilio;
  llm: FakeLlm;
  /** Only when asked for with `googlePort`. */
  google: FakeGoogle | null;
  /** Only when asked for with `mercadopagoPort`. */
  mercadopago: FakeMercadoPago | null;
  /** Environment variables that point the product at the stand-ins (merge them into loadConfig's input). */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * Starts the stand-ins on 127.0.0.1; `publicUrl` is the product's origin, where Twilio's webhooks go and Google's
 * consent returns. The fake Google starts only with `googlePort` (0 for any), so the demo keeps Google unconfigured.
 */
export async function startStandIns(options: { publicUrl: string; twilioPort?: number; llmPort?: number; googlePort?: number; mercadopagoPort?: number }): Promise<StandIns> {
  const twilio = await startFakeTwilio({ ...STAND_IN_TWILIO, port: options.twilioPort, autoRead: true, webhookUrl: `${options.publicUrl}${TWILIO_WEBHOOK_PATH}` });
  const llm = await startFakeLlm({ port: options.llmPort });
  const google = options.googlePort === undefined ? null : await startFakeGoogle({ ...STAND_IN_GOOGLE, port: options.googlePort });
  const mercadopago = options.mercadopagoPort === undefined ? null : await startFakeMercadoPago({ ...STAND_IN_MERCADOPAGO, port: options.mercadopagoPort });
  const googleEnv: Record<string, string> = google
    ? {
        GOOGLE_CLIENT_ID: STAND_IN_GOOGLE.clientId,
        GOOGLE_CLIENT_SECRET: STAND_IN_GOOGLE.clientSecret,
        GOOGLE_BASE_URL: google.url,
        CALENDAR_TOKEN_KEY: STAND_IN_CALENDAR_TOKEN_KEY,
      }
    : {};
  return {
    twilio,
    llm,
    google,
    mercadopago,
    env: {
      ...googleEnv,
      ...(mercadopago ? { MERCADOPAGO_BASE_URL: mercadopago.url, CALENDAR_TOKEN_KEY: STAND_IN_CALENDAR_TOKEN_KEY } : {}),
      PUBLIC_URL: options.publicUrl,
      TWILIO_ACCOUNT_SID: STAND_IN_TWILIO.accountSid,
      TWILIO_AUTH_TOKEN: STAND_IN_TWILIO.authToken,
      TWILIO_BASE_URL: twilio.url,
      OPENAI_API_KEY: "stand-in-key",
      OPENAI_BASE_URL: llm.openAiBaseUrl,
    },
    close: async () => {
      await Promise.all([twilio.close(), llm.close(), google?.close(), mercadopago?.close()]);
    },
  };
}

/**
 * Migrates and fills `database` with the demo data, then serves the product on `config` with its worker running,
 * until SIGINT/SIGTERM, when it closes everything (and runs `cleanUp`) and exits.
 */
export async function serveWithDemoData(options: { config: Config; database: Database; standIns: StandIns; cleanUp?: () => void }): Promise<FastifyInstance> {
  const { config, database, standIns } = options;
  await database.migrate();
  await seedDemo(database.db, systemClock);
  const app = await buildApp({ config, database });
  const stop = async () => {
    await app.close();
    await database.close();
    await standIns.close();
    options.cleanUp?.();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
  await app.listen({ port: config.port, host: config.host });
  app.worker.start();
  return app;
}
