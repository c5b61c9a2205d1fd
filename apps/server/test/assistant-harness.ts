import { createServer } from "node:net";
import { TWILIO_WEBHOOK_PATH } from "@clinora/contracts";
import { startFakeLlm, startFakeTwilio, type FakeLlm, type FakeTwilio, type FakeTwilioOptions, type InboundMedia, type LlmBrain } from "@clinora/stand-ins";
import type { Clock } from "../src/platform/lib/clock";
import { createTestContext, type TestContext } from "./context";

export const TEST_TWILIO = { accountSid: `AC${"0".repeat(32)}`, authToken: "twilio-test-token" };

/** A free port on 127.0.0.1, for a server process of its own whose public URL must be known before it starts. */
export async function freePort(): Promise<number> {
  const { port, release } = await holdFreePort();
  await release();
  return port;
}

/**
 * A free port on 127.0.0.1, held until `release()`, for a server whose public URL must be known before it listens.
 * Held, not only found: another test file's server asking the system for any port while this one builds its app
 * could be given the same one, and this server's listen would then fail with EADDRINUSE.
 */
async function holdFreePort(): Promise<{ port: number; release(): Promise<void> }> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", resolve);
  });
  const address = probe.address();
  if (typeof address !== "object" || !address) throw new Error("no port");
  return { port: address.port, release: () => new Promise<void>((resolve) => probe.close(() => resolve())) };
}

export interface AssistantHarness extends TestContext {
  twilio: FakeTwilio;
  llm: FakeLlm;
  publicUrl: string;
  webhookUrl: string;
  /** A professional with a WhatsApp number and a login. */
  clinic(profile?: Parameters<TestContext["make"]["professionalUser"]>[1]): Promise<Clinic>;
  /** Runs every due job (replies, sends) to the end. */
  drain(): Promise<number>;
}

export interface Clinic {
  professionalId: string;
  /** `whatsapp:+55…` */
  number: string;
  session: string;
  /** The login, for a new session after a test moved its clock past the session's expiry. */
  email: string;
  password: string;
  /** A patient writes to this clinic through the fake Twilio. */
  patientWrites(from: string, body: string, extra?: { messageSid?: string; profileName?: string; media?: InboundMedia[] }): Promise<{ status: number; body: string; messageSid: string }>;
}

/**
 * The server listening on 127.0.0.1 with the real Twilio, OpenAI and Anthropic SDKs pointed at the local stand-ins:
 * inbound messages arrive signed over HTTP, replies go out through the fake Twilio, status callbacks come back.
 * The worker is not started: tests run jobs with `drain()`.
 */
export async function createAssistantHarness(
  options: { clock?: Clock; env?: Record<string, string>; brain?: LlmBrain; provider?: "openai" | "anthropic"; twilio?: Partial<FakeTwilioOptions> } = {},
): Promise<AssistantHarness> {
  const twilio = await startFakeTwilio({ ...TEST_TWILIO, ...options.twilio });
  const llm = await startFakeLlm({ brain: options.brain });
  const held = await holdFreePort();
  const port = held.port;
  const publicUrl = `http://127.0.0.1:${port}`;
  const ctx = await createTestContext({
    clock: options.clock,
    env: {
      PUBLIC_URL: publicUrl,
      TWILIO_ACCOUNT_SID: TEST_TWILIO.accountSid,
      TWILIO_AUTH_TOKEN: TEST_TWILIO.authToken,
      TWILIO_BASE_URL: twilio.url,
      OPENAI_API_KEY: "sk-test",
      OPENAI_BASE_URL: llm.openAiBaseUrl,
      ANTHROPIC_API_KEY: "sk-ant-test",
      ANTHROPIC_BASE_URL: llm.anthropicBaseUrl,
      ...options.env,
    },
  });
  await held.release();
  await ctx.app.listen({ port, host: "127.0.0.1" });
  if (options.provider === "anthropic") {
    const admin = await ctx.make.admin();
    const session = await ctx.login(admin.email, admin.password);
    const res = await ctx.request({
      method: "PUT",
      url: "/api/ai-settings",
      session,
      payload: { provider: "anthropic", model: "claude-3-5-haiku-latest", temperature: 0.5, system_prompt: "Você é {assistant_name}, assistente de {clinic_name}." },
    });
    if (res.statusCode !== 200) throw new Error(`ai settings: ${res.statusCode} ${res.body}`);
  }
  const webhookUrl = `${publicUrl}${TWILIO_WEBHOOK_PATH}`;

  return {
    ...ctx,
    twilio,
    llm,
    publicUrl,
    webhookUrl,
    async clinic(profile = {}) {
      const { user, professional } = await ctx.make.professionalUser({}, { clinicName: "Clínica Bem Viver", clinicAddress: "Rua das Flores, 100", ...profile });
      const number = (await ctx.make.twilioNumber({ professionalId: professional.id })).twilioNumber;
      const session = await ctx.login(user.email, user.password);
      return {
        professionalId: professional.id,
        number,
        session,
        email: user.email,
        password: user.password,
        patientWrites: (from, body, extra = {}) => twilio.sendInbound({ webhookUrl, from, to: number, body, ...extra }),
      };
    },
    drain: () => ctx.app.worker.drain({ timeoutMs: 60_000 }),
    async close() {
      await ctx.close();
      await Promise.all([twilio.close(), llm.close()]);
    },
  };
}
