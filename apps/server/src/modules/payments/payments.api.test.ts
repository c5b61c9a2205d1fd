import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeMercadoPago } from "@clinora/stand-ins";
import type { TestContext } from "../../../test/context";
import { contextWithMercadoPago } from "../../../test/mercadopago-context";
import { fixedClock } from "../../platform/lib/clock";
import { charges, paymentWebhookEvents } from "./payments.schema";
import { eq } from "drizzle-orm";

// 01:30 UTC on 11 March is still 22:30 on 10 March in São Paulo: the payment date must be the 10th.
const NOW = "2026-03-11T01:30:00.000Z";
const TODAY = "2026-03-10";
const clock = fixedClock(NOW);
const TOKEN = "TEST-1111111111111111-111111-abcdef";
const SECRET = "assinatura-secreta-do-app";

let t: TestContext;
let mp: FakeMercadoPago;
let session: string;
let professionalId: string;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, mp, session, close, professional: { id: professionalId } } = await contextWithMercadoPago({ clock, accessToken: TOKEN, webhookSecret: SECRET }));
});
afterAll(() => close());

async function freshProfessional() {
  const { user, professional } = await t.make.professionalUser();
  return { professionalId: professional.id, session: await t.login(user.email, user.password) };
}

const api = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown, as = session) =>
  t.request({ method, url: `/api/payments${url}`, ...(payload === undefined ? {} : { payload: payload as object }), session: as });

/** A notification as Mercado Pago posts it, signed with the app's secret (or forged with another). */
const notify = (paymentId: string, options: { pro?: string; secret?: string } = {}) => {
  const { signature, requestId } = options.secret ? forge(paymentId, options.secret) : mp.sign(paymentId);
  return t.request({
    method: "POST",
    url: `/api/payments/webhooks/mercadopago/${options.pro ?? professionalId}?data.id=${paymentId}&type=payment`,
    headers: { "x-signature": signature, "x-request-id": requestId },
    payload: { action: "payment.updated", type: "payment", data: { id: paymentId } },
  });
};
/** A notification signed with a secret that is not the practice's (a forgery). */
const forge = (dataId: string, secret: string) => {
  const ts = Math.floor(clock.now().getTime() / 1000);
  const requestId = "req-forjado";
  return { signature: `ts=${ts},v1=${createHmac("sha256", secret).update(`id:${dataId};request-id:${requestId};ts:${ts};`).digest("hex")}`, requestId };
};

const connectMercadoPago = (as = session) =>
  api("PUT", "/settings", { provider: "mercadopago", mercadopago_access_token: TOKEN, mercadopago_webhook_secret: SECRET, council_registration: "CRP 06/123456" }, as);

describe("payments: the core path", () => {
  it("price → charge for a session → static Pix → marked paid by hand → receipt queue → number → month totals and CSV", async () => {
    const patient = await t.make.patient(professionalId, { name: "Helena Prado", cpf: "52998224725" });
    const appointment = await t.make.appointment(professionalId, patient.id, { appointmentDate: TODAY, appointmentType: "Psicoterapia" });

    expect((await api("PUT", "/prices/types", { appointment_type: "Psicoterapia", amount_cents: 20000 })).statusCode).toBe(200);
    const settings = await api("PUT", "/settings", { pix_key_type: "cpf", pix_key: "529.982.247-25", merchant_name: "Dra. Ana", merchant_city: "São Paulo", council_registration: "CRP 06/123456" });
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toMatchObject({ pix_key: "52998224725", provider: "none", mercadopago_connected: false });

    const created = await api("POST", "/charges", { appointment_id: appointment.id });
    expect(created.statusCode).toBe(201);
    const charge = created.json();
    expect(charge).toMatchObject({ amount_cents: 20000, status: "open", patient_name: "Helena Prado", payer_name: "Helena Prado", payer_cpf: "52998224725", due_date: TODAY, description: "Psicoterapia em 10/03/2026" });

    expect((await api("POST", "/charges", { appointment_id: appointment.id })).statusCode).toBe(409);

    const pix = await api("POST", `/charges/${charge.id}/pix`);
    expect(pix.statusCode).toBe(200);
    expect(pix.json()).toMatchObject({ kind: "static", amount_cents: 20000, payment_link: null });
    expect(pix.json().brcode).toContain("0014br.gov.bcb.pix011152998224725");
    expect(pix.json().brcode).toContain("5406200.00");
    expect(pix.json().qr_data_url).toMatch(/^data:image\/png;base64,/);

    const paid = await api("POST", `/charges/${charge.id}/paid`, { method: "pix" });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: "paid", method: "pix", payment_date: TODAY, paid_at: NOW });
    expect((await api("POST", `/charges/${charge.id}/paid`, { method: "cash" })).statusCode).toBe(409);

    const due = await api("GET", "/receipts-due");
    expect(due.json()).toEqual([
      expect.objectContaining({ charge_id: charge.id, payer_cpf: "52998224725", amount_cents: 20000, amount_text: "R$ 200,00", payment_date: TODAY, council_registration: "CRP 06/123456" }),
    ]);
    expect((await api("GET", "/summary")).json()).toEqual({ month: "2026-03", received_cents: 20000, to_receive_cents: 0, receipts_due: 1 });

    const receipt = await api("PUT", `/charges/${charge.id}/receipt`, { receipt_number: "RS-2026-000123" });
    expect(receipt.json()).toMatchObject({ receipt_number: "RS-2026-000123", receipt_issued_at: NOW });
    expect((await api("GET", "/receipts-due")).json()).toEqual([]);

    expect((await api("POST", "/expenses", { expense_date: "2026-03-05", category: "Aluguel", amount_cents: 150000, description: "Sala" })).statusCode).toBe(201);
    const year = (await api("GET", "/ledger?year=2026")).json();
    expect(year.months[2]).toEqual({ month: "2026-03", income_cents: 20000, fees_cents: 0, expenses_cents: 150000, payments: 1, receipts_missing: 0 });
    expect(year.months[1]).toMatchObject({ income_cents: 0, expenses_cents: 0 });

    const csv = await api("GET", "/ledger/csv?month=2026-03");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    const lines = csv.body.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines).toEqual([
      "data;tipo;descricao;pagador;cpf_pagador;cpf_beneficiario;forma;valor;taxa;recibo_receita_saude",
      "2026-03-05;despesa;Aluguel: Sala;;;;;-1500,00;;",
      "2026-03-10;receita;Psicoterapia em 10/03/2026;Helena Prado;52998224725;;Pix;200,00;;RS-2026-000123",
    ]);
  });

  it("a patient's own price wins over her type's; a charge with no appointment needs a description", async () => {
    const patient = await t.make.patient(professionalId, { name: "Preço Social" });
    await api("PUT", "/prices/types", { appointment_type: "Consulta", amount_cents: 25000 });
    expect((await api("PUT", `/prices/patients/${patient.id}`, { amount_cents: 8000 })).json().patients).toEqual([expect.objectContaining({ patient_id: patient.id, amount_cents: 8000 })]);
    const appointment = await t.make.appointment(professionalId, patient.id, { appointmentDate: "2026-03-12", appointmentType: "Consulta" });
    expect((await api("POST", "/charges", { appointment_id: appointment.id })).json()).toMatchObject({ amount_cents: 8000, due_date: "2026-03-12" });

    const loose = await api("POST", "/charges", { patient_id: patient.id, amount_cents: 5000 });
    expect(loose.statusCode).toBe(422);
    expect((await api("POST", "/charges", { patient_id: patient.id, amount_cents: 5000, description: "Relatório" })).statusCode).toBe(201);
  });

  it("refuses a negative or absurd amount, an invalid CPF and an invalid Pix key, in Portuguese, writing nothing", async () => {
    const before = (await t.db.select().from(charges)).length;
    for (const payload of [
      { description: "x", amount_cents: -100 },
      { description: "x", amount_cents: 10_000_001 },
      { description: "x", amount_cents: 12.5 },
      { description: "x", amount_cents: 100, payer_cpf: "123.456.789-00" },
    ]) {
      const res = await api("POST", "/charges", payload);
      expect(res.statusCode).toBe(422);
      expect(JSON.stringify(res.json())).toMatch(/Informe um valor|CPF inválido/);
    }
    expect((await t.db.select().from(charges)).length).toBe(before);
    const key = await api("PUT", "/settings", { pix_key_type: "email", pix_key: "não é e-mail" });
    expect(key.statusCode).toBe(422);
    expect(key.json().details[0]).toMatchObject({ msg: "Chave Pix inválida para o tipo escolhido" });
  });

  it("exempts and cancels only an open charge", async () => {
    const c = (await api("POST", "/charges", { description: "Avulsa", amount_cents: 1000 })).json();
    expect((await api("POST", `/charges/${c.id}/status`, { status: "exempt" })).json()).toMatchObject({ status: "exempt" });
    expect((await api("POST", `/charges/${c.id}/status`, { status: "cancelled" })).statusCode).toBe(409);
    expect((await api("POST", `/charges/${c.id}/paid`, { method: "cash" })).statusCode).toBe(409);
  });
});

describe("payments: with the appointments", () => {
  it("booking a session with a price charges it; cancelling the appointment cancels its open charge", async () => {
    const patient = await t.make.patient(professionalId, { name: "Agendada Pelo Painel" });
    await api("PUT", "/prices/types", { appointment_type: "Avaliação", amount_cents: 30000 });
    const booked = await t.request({ method: "POST", url: "/api/appointments", session, payload: { patient_id: patient.id, appointment_date: "2026-03-24", appointment_time: "15:00", appointment_type: "Avaliação" } });
    expect(booked.statusCode).toBe(201);
    const [charge] = (await api("GET", `/charges?appointment_id=${booked.json().id}`)).json();
    expect(charge).toMatchObject({ amount_cents: 30000, status: "open", due_date: "2026-03-24", payer_name: "Agendada Pelo Painel", description: "Avaliação em 24/03/2026" });

    expect((await t.request({ method: "DELETE", url: `/api/appointments/${booked.json().id}`, session })).statusCode).toBe(200);
    expect((await api("GET", `/charges/${charge.id}`)).json().status).toBe("cancelled");
  });

  it("a session of a type with no price gets no charge", async () => {
    const patient = await t.make.patient(professionalId);
    const booked = await t.request({ method: "POST", url: "/api/appointments", session, payload: { patient_id: patient.id, appointment_date: "2026-03-25", appointment_time: "15:00", appointment_type: "Sem preço" } });
    expect(booked.statusCode).toBe(201);
    expect((await api("GET", `/charges?appointment_id=${booked.json().id}`)).json()).toEqual([]);
  });

  it("a paid charge stays paid when its appointment is cancelled", async () => {
    const patient = await t.make.patient(professionalId);
    await api("PUT", "/prices/types", { appointment_type: "Retorno", amount_cents: 12000 });
    const booked = await t.request({ method: "POST", url: "/api/appointments", session, payload: { patient_id: patient.id, appointment_date: "2026-03-26", appointment_time: "15:00", appointment_type: "Retorno" } });
    const [charge] = (await api("GET", `/charges?appointment_id=${booked.json().id}`)).json();
    await api("POST", `/charges/${charge.id}/paid`, { method: "cash" });
    await t.request({ method: "DELETE", url: `/api/appointments/${booked.json().id}`, session });
    expect((await api("GET", `/charges/${charge.id}`)).json().status).toBe("paid");
  });
});

describe("payments: data rights", () => {
  it("the patient's LGPD export carries her charges and payments; anonymising her keeps them, as the tax rules ask", async () => {
    const patient = await t.make.patient(professionalId, { name: "Exporta Pagamentos", cpf: "11144477735" });
    const c = (await api("POST", "/charges", { patient_id: patient.id, description: "Sessão de março", amount_cents: 17000 })).json();
    await api("POST", `/charges/${c.id}/paid`, { method: "transfer" });
    const exported = await t.request({ method: "GET", url: `/api/patients/${patient.id}/export`, session });
    expect(exported.statusCode).toBe(200);
    expect(exported.json().payments).toEqual([
      expect.objectContaining({ id: c.id, description: "Sessão de março", amount_cents: 17000, status: "paid", method: "transfer", payment_date: TODAY, payer_cpf: "11144477735" }),
    ]);
    // The printable page has them too, as a person reads them.
    await api("PUT", `/charges/${c.id}/receipt`, { receipt_number: "RS-2026-0042" });
    const html = (await t.request({ method: "GET", url: `/api/patients/${patient.id}/export.html`, session })).body;
    expect(html).toContain("Cobranças e pagamentos (1)");
    const row = html.slice(html.indexOf("Cobranças e pagamentos (1)"));
    for (const cell of ["Sessão de março", "R$ 170,00", "Pago", "Transferência", "10/03/2026", "111.444.777-35", "RS-2026-0042"]) expect(row).toContain(cell);

    expect((await t.request({ method: "POST", url: `/api/patients/${patient.id}/anonymize`, session, payload: { confirm: true } })).statusCode).toBeLessThan(300);
    expect((await api("GET", `/charges/${c.id}`)).json()).toMatchObject({ status: "paid", amount_cents: 17000, payment_date: TODAY });
  });
});

describe("payments: tenancy", () => {
  it("another professional gets 404 for every charge route and sees none in lists; an admin gets 403", async () => {
    const c = (await api("POST", "/charges", { description: "Privada", amount_cents: 1234 })).json();
    const other = await freshProfessional();
    for (const [method, url, payload] of [
      ["GET", `/charges/${c.id}`],
      ["POST", `/charges/${c.id}/paid`, { method: "pix" }],
      ["POST", `/charges/${c.id}/status`, { status: "cancelled" }],
      ["POST", `/charges/${c.id}/pix`],
      ["PUT", `/charges/${c.id}/receipt`, { receipt_number: "1" }],
    ] as const) {
      expect((await api(method, url, payload, other.session)).statusCode).toBe(404);
    }
    expect((await api("GET", "/charges", undefined, other.session)).json()).toEqual([]);
    const patient = await t.make.patient(professionalId);
    expect((await api("PUT", `/prices/patients/${patient.id}`, { amount_cents: 100 }, other.session)).statusCode).toBe(404);
    const appointment = await t.make.appointment(professionalId, patient.id, { appointmentDate: "2026-03-20" });
    expect((await api("POST", "/charges", { appointment_id: appointment.id }, other.session)).statusCode).toBe(422);

    const admin = await t.make.admin();
    const adminSession = await t.login(admin.email, admin.password);
    expect((await api("GET", "/charges", undefined, adminSession)).statusCode).toBe(403);
    expect((await api("GET", "/ledger?year=2026", undefined, adminSession)).statusCode).toBe(403);
  });
});

describe("payments: Mercado Pago", () => {
  const chargeWithPix = async (amount = 15000) => {
    const c = (await api("POST", "/charges", { description: "Sessão", amount_cents: amount, payer_cpf: "529.982.247-25" })).json();
    const pix = await api("POST", `/charges/${c.id}/pix`);
    expect(pix.statusCode).toBe(200);
    const paymentId = String(mp.payments().find((p) => p.external_reference === c.id)!.id);
    return { charge: c, pix: pix.json(), paymentId };
  };

  beforeAll(async () => {
    expect((await connectMercadoPago()).json()).toMatchObject({ provider: "mercadopago", mercadopago_connected: true });
  });

  it("keeps the access token sealed: never answered, never stored in clear", async () => {
    const res = await api("GET", "/settings");
    expect(res.body).not.toContain(TOKEN);
    const rows = await t.db.execute("select mercadopago_token_sealed as t from payment_settings" as never);
    expect(JSON.stringify(rows)).not.toContain(TOKEN);
  });

  it("gives a dynamic Pix and a card link; the same event five times pays once, with the provider's fee", async () => {
    const { charge, pix, paymentId } = await chargeWithPix(15050);
    expect(pix).toMatchObject({ kind: "mercadopago", amount_cents: 15050 });
    expect(pix.payment_link).toMatch(/\/checkout\//);
    await mp.pay(paymentId);
    const answers = await Promise.all(Array.from({ length: 5 }, () => notify(paymentId)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.json().outcome).sort()).toEqual(["paid", "replayed", "replayed", "replayed", "replayed"]);
    const paid = (await api("GET", `/charges/${charge.id}`)).json();
    expect(paid).toMatchObject({ status: "paid", method: "pix", fee_cents: 149, net_cents: 14901 });
    expect((await t.db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.chargeId, charge.id))).length).toBe(1);
  });

  it("a webhook and a hand 'pago' at once: one payment", async () => {
    const { charge, paymentId } = await chargeWithPix();
    await mp.pay(paymentId);
    const [hook, hand] = await Promise.all([notify(paymentId), api("POST", `/charges/${charge.id}/paid`, { method: "cash" })]);
    const outcomes = [hook.json().outcome === "paid", hand.statusCode === 200];
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect((await api("GET", `/charges/${charge.id}`)).json().status).toBe("paid");
  });

  it("ignores an amount that differs from the charge, writing nothing", async () => {
    const { charge, paymentId } = await chargeWithPix(20000);
    await mp.pay(paymentId, { amount: 1 });
    const res = await notify(paymentId);
    expect(res.json()).toEqual({ outcome: "ignored" });
    expect((await api("GET", `/charges/${charge.id}`)).json().status).toBe("open");
  });

  it("a refund marks it estornado and takes it out of the month's income", async () => {
    const before = (await api("GET", "/ledger?year=2026")).json().months[2].income_cents;
    const { charge, paymentId } = await chargeWithPix(7000);
    await mp.pay(paymentId);
    await notify(paymentId);
    expect((await api("GET", "/ledger?year=2026")).json().months[2].income_cents).toBe(before + 7000);
    await mp.refund(paymentId);
    expect((await notify(paymentId)).json()).toEqual({ outcome: "refunded" });
    expect((await api("GET", `/charges/${charge.id}`)).json().status).toBe("refunded");
    expect((await api("GET", "/ledger?year=2026")).json().months[2].income_cents).toBe(before);
  });

  it("an expired Pix leaves the charge a receber, and the next Pix asked for is a new one", async () => {
    const { charge, pix, paymentId } = await chargeWithPix(9000);
    await mp.expire(paymentId);
    expect((await notify(paymentId)).json()).toEqual({ outcome: "expired" });
    expect((await api("GET", `/charges/${charge.id}`)).json()).toMatchObject({ status: "open", provider_link: null });
    const again = (await api("POST", `/charges/${charge.id}/pix`)).json();
    expect(again.kind).toBe("mercadopago");
    expect(again.brcode).not.toBe(pix.brcode);
    expect(mp.payments().filter((p) => p.external_reference === charge.id)).toHaveLength(2);
  });

  it("refuses a forged signature (401) and a webhook for another practice (the charge is not hers: ignored)", async () => {
    const { charge, paymentId } = await chargeWithPix();
    await mp.pay(paymentId);
    const forged = await notify(paymentId, { secret: "outro-segredo" });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().detail).toBe("Notificação recusada: assinatura inválida");

    const other = await freshProfessional();
    await connectMercadoPago(other.session);
    expect((await notify(paymentId, { pro: other.professionalId })).json()).toEqual({ outcome: "ignored" });
    expect((await api("GET", `/charges/${charge.id}`)).json().status).toBe("open");
    expect((await notify(paymentId, { pro: "00000000-0000-4000-8000-000000000000" })).statusCode).toBe(404);
  });
});
