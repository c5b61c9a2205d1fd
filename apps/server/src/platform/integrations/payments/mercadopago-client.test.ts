import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeMercadoPago, type FakeMercadoPago } from "@clinora/stand-ins";
import { createMercadoPagoClient } from "./mercadopago-client";
import { PaymentProviderError } from "./payment-provider";

const TOKEN = "TEST-0000000000000000-000000-abcdef";
const SECRET = "assinatura-secreta";
let mp: FakeMercadoPago;
let client: ReturnType<typeof createMercadoPagoClient>;
const credentials = { accessToken: TOKEN };

beforeAll(async () => {
  mp = await startFakeMercadoPago({ accessToken: TOKEN, webhookSecret: SECRET });
  client = createMercadoPagoClient({ baseUrl: mp.url });
});
afterAll(() => mp.close());

const request = {
  chargeId: "6f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0",
  amountCents: 15050,
  description: "Consulta",
  payerEmail: "pagador@exemplo.com.br",
  payerCpf: "52998224725",
  notificationUrl: null,
  expiresAt: new Date("2026-03-12T13:00:00Z"),
  replaces: null,
};

describe("Mercado Pago through the official SDK, against the stand-in", () => {
  it("creates a dynamic Pix with the amount in reais and our charge as external reference", async () => {
    const pix = await client.createPix(credentials, request);
    expect(pix.qrCode).toMatch(/^000201/);
    const stored = mp.payments().find((p) => String(p.id) === pix.paymentId)!;
    expect(stored).toMatchObject({ transaction_amount: 150.5, external_reference: request.chargeId, payment_method_id: "pix" });
  });

  it("reads a paid payment back in centavos with its fee and net", async () => {
    const pix = await client.createPix(credentials, request);
    await mp.pay(pix.paymentId);
    const read = await client.getPayment(credentials, pix.paymentId);
    expect(read).toMatchObject({ status: "approved", amountCents: 15050, feeCents: 149, netCents: 14901, chargeId: request.chargeId, method: "pix" });
  });

  it("the same request twice is one payment (its idempotency key); one that replaces an expired Pix is a new one", async () => {
    const own = { ...request, chargeId: "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d" };
    const first = await client.createPix(credentials, own);
    expect((await client.createPix(credentials, own)).paymentId).toBe(first.paymentId);
    await mp.expire(first.paymentId);
    const next = await client.createPix(credentials, { ...own, replaces: first.paymentId });
    expect(next.paymentId).not.toBe(first.paymentId);
    expect(next.qrCode).not.toBe(first.qrCode);
  });

  it("creates a card link", async () => {
    expect(await client.createLink(credentials, request)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/checkout\//);
  });

  it("checks a token with the account's profile: the stand-in's account, and a refused token marked as refused", async () => {
    expect(await client.verifyCredentials(credentials)).toEqual({ account: "CONSULTORIO_TESTE" });
    const refused = await client.verifyCredentials({ accessToken: "TEST-wrong" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PaymentProviderError);
    expect((refused as PaymentProviderError).refused).toBe(true);
  });

  it("a provider that does not answer is a PaymentProviderError that is not a refusal", async () => {
    const gone = await startFakeMercadoPago({ accessToken: TOKEN, webhookSecret: SECRET });
    await gone.close();
    // The SDK's origin is one per process: pointed at the closed stand-in for this call, then back.
    const unreachable = createMercadoPagoClient({ baseUrl: gone.url });
    const error = await unreachable.verifyCredentials(credentials).catch((e: unknown) => e);
    createMercadoPagoClient({ baseUrl: mp.url });
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).refused).toBe(false);
  });

  it("a refused token is a PaymentProviderError", async () => {
    await expect(client.createPix({ accessToken: "wrong" }, request)).rejects.toBeInstanceOf(PaymentProviderError);
  });
});

describe("webhook signature (x-signature, HMAC-SHA256 of id;request-id;ts)", () => {
  const now = 1_773_000_000_000;
  const signed = (dataId: string, requestId: string, ts: number, secret = SECRET) =>
    `ts=${ts},v1=${createHmac("sha256", secret).update(`id:${dataId};request-id:${requestId};ts:${ts};`).digest("hex")}`;

  it("accepts Mercado Pago's own signature", () => {
    expect(client.verifyNotification({ secret: SECRET, signature: signed("123", "req-1", now / 1000), requestId: "req-1", dataId: "123", nowMs: now })).toBe(true);
  });
  it("refuses another secret, another data id, another request id, no header, and an old timestamp (a replay)", () => {
    const ts = now / 1000;
    expect(client.verifyNotification({ secret: SECRET, signature: signed("123", "req-1", ts, "outro"), requestId: "req-1", dataId: "123", nowMs: now })).toBe(false);
    expect(client.verifyNotification({ secret: SECRET, signature: signed("123", "req-1", ts), requestId: "req-1", dataId: "124", nowMs: now })).toBe(false);
    expect(client.verifyNotification({ secret: SECRET, signature: signed("123", "req-1", ts), requestId: "req-2", dataId: "123", nowMs: now })).toBe(false);
    expect(client.verifyNotification({ secret: SECRET, signature: undefined, requestId: "req-1", dataId: "123", nowMs: now })).toBe(false);
    expect(client.verifyNotification({ secret: SECRET, signature: signed("123", "req-1", ts - 3600), requestId: "req-1", dataId: "123", nowMs: now })).toBe(false);
  });
});
