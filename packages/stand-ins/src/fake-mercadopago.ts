import { createHmac } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { closeServer, listen, randomHex, readBody, sendJson, type RunningStandIn } from "./http-server";

/**
 * A local stand-in for the parts of Mercado Pago that Clinora uses, so the official `mercadopago` SDK talks to it
 * over HTTP (https://www.mercadopago.com.br/developers/pt/reference):
 * - `POST /v1/payments` (a Pix: point_of_interaction.transaction_data with qr_code and ticket_url) and
 *   `GET /v1/payments/:id`;
 * - `POST /checkout/preferences` (a checkout link, init_point);
 * - `GET /users/me` (the account that owns the access token: what Clinora asks to check a token before storing it);
 * - signed webhooks: when a payment changes, a `POST` to its notification_url with `{action, type:"payment",
 *   data:{id}}`, `?data.id=&type=payment` in the query, and the `x-signature: ts=…,v1=…` / `x-request-id` headers,
 *   the HMAC-SHA256 of `id:<data.id>;request-id:<x-request-id>;ts:<ts>;` with the application's secret.
 * Triggers, as methods and as control routes for another process (a browser test, the demo):
 * `POST /_stand-in/pay` {payment_id | external_reference, fee_cents?}, `/_stand-in/refund` {payment_id},
 * `/_stand-in/expire` {payment_id}, `GET /_stand-in/payments`.
 * Only the access token it was started with is accepted (401 otherwise), as at Mercado Pago. A payment created again
 * with the same `X-Idempotency-Key` is answered with the first one, as Mercado Pago does, whatever became of it.
 */

export interface FakeMercadoPagoOptions {
  accessToken: string;
  /** The application's "assinatura secreta" that signs the notifications. */
  webhookSecret: string;
  port?: number;
  /** The fee kept on a paid payment, as a fraction (default 0.0099, Pix at Mercado Pago). */
  feeRate?: number;
  /** Unix seconds for the signature's ts and the payment's dates (default: the system clock). */
  now?: () => number;
}

export interface FakeMercadoPagoPayment {
  id: number;
  status: "pending" | "approved" | "refunded" | "cancelled";
  status_detail: string;
  transaction_amount: number;
  description: string;
  external_reference: string | null;
  payment_method_id: string;
  payment_type_id: string;
  date_created: string;
  date_approved: string | null;
  date_of_expiration: string | null;
  notification_url: string | null;
  fee_details: { type: string; amount: number; fee_payer: string }[];
  transaction_details: { net_received_amount: number; total_paid_amount: number };
  point_of_interaction: { type: string; transaction_data: { qr_code: string; qr_code_base64: string; ticket_url: string } };
  payer: unknown;
}

export interface FakeMercadoPagoNotification {
  url: string;
  status: number;
  paymentId: number;
}

export interface FakeMercadoPago extends RunningStandIn {
  payments(): FakeMercadoPagoPayment[];
  /** The patient pays: approved, with the fee; notifies. `amount` (reais) overrides what was paid, for a mismatch. */
  pay(paymentId: number | string, options?: { amount?: number }): Promise<FakeMercadoPagoNotification | null>;
  refund(paymentId: number | string): Promise<FakeMercadoPagoNotification | null>;
  expire(paymentId: number | string): Promise<FakeMercadoPagoNotification | null>;
  /** Posts the payment's notification again, signed afresh (what Mercado Pago does when it retries). */
  notify(paymentId: number | string): Promise<FakeMercadoPagoNotification | null>;
  /** A signed notification's headers and query for any data id (for tests that post themselves). */
  sign(dataId: string, requestId?: string): { signature: string; requestId: string };
  readonly notifications: FakeMercadoPagoNotification[];
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Starts the fake Mercado Pago on 127.0.0.1. */
export async function startFakeMercadoPago(options: FakeMercadoPagoOptions): Promise<FakeMercadoPago> {
  const feeRate = options.feeRate ?? 0.0099;
  const nowSeconds = options.now ?? (() => Math.floor(Date.now() / 1000));
  const payments = new Map<number, FakeMercadoPagoPayment>();
  const byIdempotencyKey = new Map<string, FakeMercadoPagoPayment>();
  const notifications: FakeMercadoPagoNotification[] = [];
  let nextId = 1_300_000_001;
  let baseUrl = "";

  const sign = (dataId: string, requestId = `${randomHex(8)}-${randomHex(4)}`) => {
    const ts = String(nowSeconds());
    const v1 = createHmac("sha256", options.webhookSecret).update(`id:${dataId};request-id:${requestId};ts:${ts};`).digest("hex");
    return { signature: `ts=${ts},v1=${v1}`, requestId };
  };

  async function notify(payment: FakeMercadoPagoPayment, action: string) {
    if (!payment.notification_url) return null;
    const dataId = String(payment.id);
    const { signature, requestId } = sign(dataId);
    const url = new URL(payment.notification_url);
    url.searchParams.set("data.id", dataId);
    url.searchParams.set("type", "payment");
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-signature": signature, "x-request-id": requestId },
      body: JSON.stringify({ action, api_version: "v1", type: "payment", data: { id: dataId }, date_created: new Date().toISOString(), live_mode: false, id: Number(randomHex(4).replace(/\D/g, "1").slice(0, 6)) }),
    });
    await response.text();
    const sent = { url: url.toString(), status: response.status, paymentId: payment.id };
    notifications.push(sent);
    return sent;
  }

  const find = (id: number | string) => payments.get(Number(id));

  const pay = async (id: number | string, opts: { amount?: number } = {}) => {
    const p = find(id);
    if (!p || p.status !== "pending") return null;
    if (opts.amount !== undefined) p.transaction_amount = opts.amount;
    const fee = round2(p.transaction_amount * feeRate);
    p.status = "approved";
    p.status_detail = "accredited";
    p.date_approved = new Date(nowSeconds() * 1000).toISOString();
    p.fee_details = [{ type: "mercadopago_fee", amount: fee, fee_payer: "collector" }];
    p.transaction_details = { net_received_amount: round2(p.transaction_amount - fee), total_paid_amount: p.transaction_amount };
    return notify(p, "payment.updated");
  };
  const refund = async (id: number | string) => {
    const p = find(id);
    if (!p || p.status !== "approved") return null;
    p.status = "refunded";
    p.status_detail = "refunded";
    return notify(p, "payment.updated");
  };
  const expire = async (id: number | string) => {
    const p = find(id);
    if (!p || p.status !== "pending") return null;
    p.status = "cancelled";
    p.status_detail = "expired";
    return notify(p, "payment.updated");
  };

  const authorized = (req: IncomingMessage) => req.headers.authorization === `Bearer ${options.accessToken}`;
  const body = async (req: IncomingMessage) => {
    const text = await readBody(req);
    return (text ? JSON.parse(text) : {}) as Record<string, unknown>;
  };

  async function handler(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", baseUrl);
    const path = url.pathname;
    if (path.startsWith("/_stand-in/")) return control(req, res, path);
    if (!authorized(req)) return sendJson(res, 401, { message: "invalid access token", error: "unauthorized", status: 401, cause: [] });

    if (req.method === "GET" && path === "/users/me") {
      return sendJson(res, 200, { id: 1_234_567_890, nickname: "CONSULTORIO_TESTE", email: "consultorio@teste.com.br", site_id: "MLB", country_id: "BR", status: { site_status: "active" } });
    }
    if (req.method === "POST" && path === "/v1/payments") {
      const b = await body(req);
      const key = req.headers["x-idempotency-key"];
      const earlier = typeof key === "string" ? byIdempotencyKey.get(key) : undefined;
      if (earlier) return sendJson(res, 200, earlier);
      const amount = Number(b.transaction_amount);
      if (!Number.isFinite(amount) || amount <= 0) return sendJson(res, 400, { message: "transaction_amount invalid", error: "bad_request", status: 400, cause: [{ code: 4037 }] });
      const id = nextId++;
      const qr = `00020126580014br.gov.bcb.pix2536${baseUrl.replace(/^http:\/\//, "")}/qr/${id}5204000053039865802BR5913MERCADO PAGO6009SAO PAULO62070503***6304ABCD`;
      const payment: FakeMercadoPagoPayment = {
        id,
        status: "pending",
        status_detail: "pending_waiting_transfer",
        transaction_amount: amount,
        description: String(b.description ?? ""),
        external_reference: typeof b.external_reference === "string" ? b.external_reference : null,
        payment_method_id: String(b.payment_method_id ?? "pix"),
        payment_type_id: "bank_transfer",
        date_created: new Date(nowSeconds() * 1000).toISOString(),
        date_approved: null,
        date_of_expiration: typeof b.date_of_expiration === "string" ? b.date_of_expiration : null,
        notification_url: typeof b.notification_url === "string" ? b.notification_url : null,
        fee_details: [],
        transaction_details: { net_received_amount: 0, total_paid_amount: amount },
        point_of_interaction: { type: "PIX", transaction_data: { qr_code: qr, qr_code_base64: "", ticket_url: `${baseUrl}/pix/${id}` } },
        payer: b.payer ?? null,
      };
      payments.set(id, payment);
      if (typeof key === "string") byIdempotencyKey.set(key, payment);
      return sendJson(res, 201, payment);
    }
    const one = /^\/v1\/payments\/(\d+)$/.exec(path);
    if (req.method === "GET" && one) {
      const p = find(one[1]!);
      return p ? sendJson(res, 200, p) : sendJson(res, 404, { message: "Payment not found", error: "not_found", status: 404, cause: [] });
    }
    if (req.method === "POST" && path.replace(/\/$/, "") === "/checkout/preferences") {
      const b = await body(req);
      const id = `${randomHex(4)}-${randomHex(8)}`;
      return sendJson(res, 201, { id, init_point: `${baseUrl}/checkout/v1/redirect?pref_id=${id}`, external_reference: b.external_reference ?? null, items: b.items ?? [] });
    }
    sendJson(res, 404, { message: "not found", error: "not_found", status: 404, cause: [] });
  }

  async function control(req: IncomingMessage, res: ServerResponse, path: string) {
    if (req.method === "GET" && path === "/_stand-in/payments") return sendJson(res, 200, [...payments.values()]);
    if (req.method !== "POST") return sendJson(res, 405, { error: "method" });
    const b = await body(req);
    const byRef = typeof b.external_reference === "string" ? [...payments.values()].filter((p) => p.external_reference === b.external_reference).at(-1) : undefined;
    const id = b.payment_id ?? byRef?.id;
    if (id === undefined) return sendJson(res, 404, { error: "payment not found" });
    const result =
      path === "/_stand-in/pay" ? await pay(id as number, { amount: typeof b.amount === "number" ? b.amount : undefined })
      : path === "/_stand-in/refund" ? await refund(id as number)
      : path === "/_stand-in/expire" ? await expire(id as number)
      : undefined;
    if (result === undefined) return sendJson(res, 404, { error: "unknown trigger" });
    return sendJson(res, result ? 200 : 409, result ?? { error: "payment not in a state for this" });
  }

  const { server, url } = await listen(handler, options.port);
  baseUrl = url;
  return {
    url,
    close: () => closeServer(server),
    payments: () => [...payments.values()],
    pay,
    refund,
    expire,
    notify: async (id) => {
      const p = find(id);
      return p ? notify(p, "payment.updated") : null;
    },
    sign,
    notifications,
  };
}
