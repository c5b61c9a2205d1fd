import { randomBytes } from "node:crypto";
import { startFakeMercadoPago } from "@clinora/stand-ins";
import type { Clock } from "../src/platform/lib/clock";
import { contextWithProfessional } from "./context";

/**
 * A professional signed in to a test app whose Mercado Pago SDK talks to the fake Mercado Pago (started on the test's
 * clock, knowing one access token and webhook secret), with a fresh key to seal the stored credentials. `close` stops
 * both, the fake even when a test already closed it.
 */
export async function contextWithMercadoPago(options: { clock: Clock; accessToken: string; webhookSecret: string; env?: Record<string, string> }) {
  const mp = await startFakeMercadoPago({
    accessToken: options.accessToken,
    webhookSecret: options.webhookSecret,
    now: () => Math.floor(options.clock.now().getTime() / 1000),
  });
  const context = await contextWithProfessional({
    clock: options.clock,
    env: { MERCADOPAGO_BASE_URL: mp.url, CALENDAR_TOKEN_KEY: randomBytes(32).toString("base64"), ...options.env },
  });
  const close = async () => {
    await context.t.close();
    await mp.close().catch(() => undefined);
  };
  return { ...context, mp, close };
}
