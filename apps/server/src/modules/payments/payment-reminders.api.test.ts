import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeMercadoPago, type FakeMercadoPago } from "@clinora/stand-ins";
import { fixedClock } from "../../platform/lib/clock";
import { createAssistantHarness, type AssistantHarness, type Clinic } from "../../../test/assistant-harness";

/**
 * The session's amount and Pix where the patient already is (docs/product/payments.md §6): the WhatsApp reminder
 * carries them as free text; an approved template cannot, so they follow the patient's "1" in the confirmation; the
 * patient pays Mercado Pago's Pix and the charge is paid by the webhook.
 */

/** Tuesday 1 December 2026, 09:00 in São Paulo. */
const NOW = new Date("2026-12-01T12:00:00Z");
const PHONE = "+5511987003344";
const CONTENT_SID = `HX${"b".repeat(32)}`;
const TOKEN = "TEST-2222222222222222-222222-abcdef";
const SECRET = "assinatura-secreta-lembretes";

interface Ctx {
  h: AssistantHarness;
  clock: ReturnType<typeof fixedClock>;
  clinic: Clinic;
  patientId: string;
}

function suite(name: string, env: () => Record<string, string>, body: (c: Ctx) => void, clock = fixedClock(NOW)) {
  describe(name, () => {
    const c = {} as Ctx;
    beforeAll(async () => {
      c.clock = clock;
      c.h = await createAssistantHarness({ clock: c.clock, env: env() });
    });
    afterAll(() => c.h.close());
    beforeEach(async () => {
      c.clock.set(NOW);
      c.h.twilio.reset();
      c.clinic = await c.h.clinic();
      c.patientId = (await c.h.make.patient(c.clinic.professionalId, { name: "Joana Lima", phone: PHONE, cpf: "52998224725" })).id;
      // The assistant off: the "1" is read by the simple matcher, no model call.
      const ai = await api(c, "PUT", "/api/professionals/me/ai-settings", { ai_enabled: false, ai_model: "gpt-4o-mini", ai_temperature: 0.7, ai_max_tokens: 500 });
      expect(ai.status).toBe(200);
    });
    body(c);
  });
}

async function api(c: Ctx, method: "GET" | "POST" | "PUT", url: string, payload?: unknown) {
  const session = await c.h.login(c.clinic.email, c.clinic.password);
  const res = await c.h.request({ method, url, session, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}

const toPatient = (c: Ctx) => c.h.twilio.sent.filter((m) => m.to === `whatsapp:${PHONE}` && m.from === c.clinic.number);

async function book(c: Ctx, date: string, time = "10:00") {
  const res = await api(c, "POST", "/api/appointments", { patient_id: c.patientId, appointment_date: date, appointment_time: time, appointment_type: "Psicoterapia" });
  expect(res.status).toBe(201);
  return res.body as { id: string };
}

async function chargeOf(c: Ctx, appointmentId: string) {
  const list = await api(c, "GET", `/api/payments/charges?appointment_id=${appointmentId}`);
  return (list.body as { id: string; status: string; amount_cents: number; fee_cents: number | null }[])[0]!;
}

suite("a free-text reminder with the static Pix", () => ({}), (c) => {
  it("carries the amount and the copia-e-cola when the professional chose so, and nothing when not", async () => {
    expect((await api(c, "PUT", "/api/payments/prices/types", { appointment_type: "Psicoterapia", amount_cents: 15000 })).status).toBe(200);
    const settings = { pix_key_type: "email", pix_key: "ana@consultorio.com.br", merchant_name: "Ana Souza", merchant_city: "Campinas", send_pix_in_reminders: false };
    expect((await api(c, "PUT", "/api/payments/settings", settings)).status).toBe(200);
    // The patient wrote: the 24-hour window is open, so reminders go as free text.
    c.clock.set(new Date("2026-12-02T09:00:00Z"));
    await c.clinic.patientWrites(PHONE, "Bom dia!");
    await c.h.drain();

    const without = await book(c, "2026-12-03");
    c.clock.set(new Date("2026-12-02T13:00:00Z"));
    await c.h.drain();
    expect(toPatient(c)).toHaveLength(1);
    expect(toPatient(c)[0]!.body).not.toContain("Pix");
    expect((await chargeOf(c, without.id)).amount_cents).toBe(15000);

    expect((await api(c, "PUT", "/api/payments/settings", { ...settings, send_pix_in_reminders: true })).status).toBe(200);
    const withPix = await book(c, "2026-12-03", "15:00");
    c.clock.set(new Date("2026-12-02T18:00:00Z"));
    await c.h.drain();
    expect(toPatient(c)).toHaveLength(2);
    const charge = await chargeOf(c, withPix.id);
    const pix = await api(c, "POST", `/api/payments/charges/${charge.id}/pix`);
    expect(pix.body).toMatchObject({ kind: "static", amount_cents: 15000 });
    const body = toPatient(c)[1]!.body;
    expect(body).toContain("Responda 1 para confirmar ou 2 para cancelar.");
    expect(body).toContain("Valor da consulta: R$ 150,00.");
    expect(body).toContain(`Pix copia e cola:\n${(pix.body as { brcode: string }).brcode}`);
    // The BR Code names the professional's key and the amount (EMV fields 26 and 54).
    expect(body).toContain("ana@consultorio.com.br");
    expect(body).toContain("5406150.00");
  });

  it("says nothing of money for a paid session, and the amount alone without a Pix key", async () => {
    expect((await api(c, "PUT", "/api/payments/prices/types", { appointment_type: "Psicoterapia", amount_cents: 15000 })).status).toBe(200);
    expect((await api(c, "PUT", "/api/payments/settings", { send_pix_in_reminders: true })).status).toBe(200);
    c.clock.set(new Date("2026-12-02T09:00:00Z"));
    await c.clinic.patientWrites(PHONE, "Oi");
    await c.h.drain();
    const paid = await book(c, "2026-12-03");
    const charge = await chargeOf(c, paid.id);
    expect((await api(c, "POST", `/api/payments/charges/${charge.id}/paid`, { method: "pix" })).status).toBe(200);
    const unpaid = await book(c, "2026-12-03", "15:00");
    c.clock.set(new Date("2026-12-02T18:00:00Z"));
    await c.h.drain();
    // Both reminders are due at once and may go in either order: each is found by its time.
    const first = toPatient(c).find((m) => m.body?.includes("às 10:00"));
    const second = toPatient(c).find((m) => m.body?.includes("às 15:00"));
    // Paid already: the reminder says nothing of money. Open, without a Pix key: the amount alone.
    expect(first!.body).not.toContain("Valor");
    expect(second!.body).toContain("Valor da consulta: R$ 150,00.");
    expect(second!.body).not.toContain("Pix copia e cola");
    expect((await chargeOf(c, unpaid.id)).status).toBe("open");
  });
});

let mp: FakeMercadoPago;
const mpClock = fixedClock(NOW);
// File-level hooks run before the suite's: the stand-in is up when the server is built with its address.
beforeAll(async () => {
  mp = await startFakeMercadoPago({ accessToken: TOKEN, webhookSecret: SECRET, now: () => Math.floor(mpClock.now().getTime() / 1000) });
});
afterAll(() => mp.close());
suite(
  "an approved template with Mercado Pago",
  () => ({ TWILIO_REMINDER_CONTENT_SID: CONTENT_SID, MERCADOPAGO_BASE_URL: mp.url, CALENDAR_TOKEN_KEY: randomBytes(32).toString("base64") }),
  (c) => {
    it("the confirmation carries the dynamic Pix and the card link; the stand-in pays and the charge is paid", async () => {
      expect((await api(c, "PUT", "/api/payments/prices/types", { appointment_type: "Psicoterapia", amount_cents: 20000 })).status).toBe(200);
      const connected = await api(c, "PUT", "/api/payments/settings", { provider: "mercadopago", mercadopago_access_token: TOKEN, mercadopago_webhook_secret: SECRET, send_pix_in_reminders: true });
      expect(connected.status).toBe(200);
      const a = await book(c, "2026-12-03");
      c.clock.set(new Date("2026-12-02T13:00:00Z"));
      await c.h.drain();
      // The template has no room for the Pix: it goes alone.
      expect(toPatient(c)).toHaveLength(1);
      expect(toPatient(c)[0]).toMatchObject({ contentSid: CONTENT_SID });
      const created = mp.payments();
      expect(created).toHaveLength(1);
      expect(created[0]).toMatchObject({ transaction_amount: 200, payment_method_id: "pix" });

      await c.clinic.patientWrites(PHONE, "1");
      await c.h.drain();
      const confirmation = toPatient(c)[1]!.body;
      expect(confirmation).toContain("está confirmada");
      expect(confirmation).toContain("Valor da consulta: R$ 200,00.");
      expect(confirmation).toContain(created[0]!.point_of_interaction.transaction_data.qr_code);
      expect(confirmation).toContain("Ou pague com cartão: http");

      const note = await mp.pay(created[0]!.id);
      expect(note?.status).toBe(200);
      expect(await chargeOf(c, a.id)).toMatchObject({ status: "paid", fee_cents: 198 });
    });
  },
  mpClock,
);
