import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAYMENT_TEXTS } from "@clinora/contracts";
import { contextWithMercadoPago } from "../../../test/mercadopago-context";
import { fixedClock } from "../../platform/lib/clock";
import { paymentSettings } from "./payments.schema";

const clock = fixedClock("2026-03-10T15:00:00.000Z");
const TOKEN = "TEST-2222222222222222-222222-abcdef";
const SECRET = "assinatura-secreta-da-conexao";

/** The app, its professional signed in, and the fake Mercado Pago that knows TOKEN and SECRET. */
let app: Awaited<ReturnType<typeof contextWithMercadoPago>>;

beforeAll(async () => {
  app = await contextWithMercadoPago({ clock, accessToken: TOKEN, webhookSecret: SECRET, env: { PUBLIC_URL: "https://clinica.example" } });
});
afterAll(() => app.close());

const api = (method: "GET" | "POST" | "PUT", url: string, payload?: unknown) =>
  app.t.request({ method, url: `/api/payments${url}`, ...(payload === undefined ? {} : { payload: payload as object }), session: app.session });

/** What the screen sends: the practice's Pix key stays, the provider part changes. */
const save = (provider: "none" | "mercadopago", credentials: { token?: string; secret?: string } = {}) =>
  api("PUT", "/settings", {
    pix_key_type: "cpf",
    pix_key: "52998224725",
    merchant_name: "Dra. Ana",
    merchant_city: "São Paulo",
    provider,
    ...(credentials.token === undefined ? {} : { mercadopago_access_token: credentials.token }),
    ...(credentials.secret === undefined ? {} : { mercadopago_webhook_secret: credentials.secret }),
  });

/** The sealed credentials as stored (never the token in clear). */
const stored = async () => {
  const [row] = await app.t.db.select().from(paymentSettings).where(eq(paymentSettings.professionalId, app.professional.id));
  return { provider: row?.provider ?? null, token: row?.mercadopagoTokenSealed ?? null, secret: row?.mercadopagoSecretSealed ?? null };
};

describe("connecting Mercado Pago in Financeiro › Configurar", () => {
  it("a token Mercado Pago refuses is a 422 on its field, in Portuguese, and nothing is stored", async () => {
    const res = await save("mercadopago", { token: "TEST-token-colado-errado", secret: SECRET });
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toEqual([expect.objectContaining({ loc: ["body", "mercadopago_access_token"], msg: PAYMENT_TEXTS.providerTokenRefused })]);
    expect(await stored()).toEqual({ provider: null, token: null, secret: null });
    expect((await api("GET", "/settings")).json()).toMatchObject({ provider: "none", mercadopago_connected: false });
  });

  it("a token without the secret (or the secret without a token) is refused before asking Mercado Pago", async () => {
    const res = await save("mercadopago", { token: TOKEN });
    expect(res.statusCode).toBe(422);
    expect(res.json().details[0].msg).toBe(PAYMENT_TEXTS.providerCredentialsRequired);
    expect(await stored()).toEqual({ provider: null, token: null, secret: null });
  });

  it("a good token is checked, stored sealed, and the notification address is the practice's own", async () => {
    const res = await save("mercadopago", { token: TOKEN, secret: SECRET });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      provider: "mercadopago",
      mercadopago_connected: true,
      mercadopago_webhook_url: `https://clinica.example/api/payments/webhooks/mercadopago/${app.professional.id}`,
    });
    expect(res.body).not.toContain(TOKEN);
    expect(res.body).not.toContain(SECRET);
    const row = await stored();
    expect(row.provider).toBe("mercadopago");
    expect(row.token).toBeTruthy();
    expect(row.token).not.toContain(TOKEN);
    expect(row.secret).not.toContain(SECRET);
    const charge = (await api("POST", "/charges", { description: "Sessão", amount_cents: 18000 })).json();
    expect((await api("POST", `/charges/${charge.id}/pix`)).json()).toMatchObject({ kind: "mercadopago", payment_link: expect.stringMatching(/\/checkout\//) });
  });

  it("saving the other settings keeps the connection without sending the token again", async () => {
    const before = await stored();
    const res = await save("mercadopago");
    expect(res.json()).toMatchObject({ provider: "mercadopago", mercadopago_connected: true });
    expect(await stored()).toEqual(before);
  });

  it("'Trocar' with a refused token keeps the connection as it was", async () => {
    const before = await stored();
    const res = await save("mercadopago", { token: "TEST-outro-token-errado", secret: "outra-assinatura" });
    expect(res.statusCode).toBe(422);
    expect(await stored()).toEqual(before);
  });

  it("disconnecting erases the token and the secret: Pix from the key again, Mercado Pago's notifications refused", async () => {
    const res = await save("none");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ provider: "none", mercadopago_connected: false });
    expect(await stored()).toEqual({ provider: "none", token: null, secret: null });
    const charge = (await api("POST", "/charges", { description: "Sessão depois", amount_cents: 18000 })).json();
    expect((await api("POST", `/charges/${charge.id}/pix`)).json()).toMatchObject({ kind: "static", payment_link: null });
    const { signature, requestId } = app.mp.sign("1300000001");
    const hook = await app.t.request({
      method: "POST",
      url: `/api/payments/webhooks/mercadopago/${app.professional.id}?data.id=1300000001&type=payment`,
      headers: { "x-signature": signature, "x-request-id": requestId },
      payload: { action: "payment.updated", type: "payment", data: { id: "1300000001" } },
    });
    expect(hook.statusCode).toBe(404);
  });

  it("Mercado Pago not answering is a 502 that says so, and nothing is stored", async () => {
    await app.mp.close();
    const res = await save("mercadopago", { token: TOKEN, secret: SECRET });
    expect(res.statusCode).toBe(502);
    expect(res.json().detail).toBe(PAYMENT_TEXTS.providerFailed);
    expect(await stored()).toEqual({ provider: "none", token: null, secret: null });
  });
});
