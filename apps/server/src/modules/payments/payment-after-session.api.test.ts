import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PIX_MESSAGE_PROBLEMS } from "@clinora/contracts";
import { fixedClock } from "../../platform/lib/clock";
import { createAssistantHarness, type AssistantHarness, type Clinic } from "../../../test/assistant-harness";

/**
 * The amount and the Pix after the session (docs/product/payments.md §6): when the professional chose "after the
 * session", the reminder says nothing of money and one message goes once the session is marked concluded or the set
 * minutes after its end, only while the charge is open, through messaging (consent and the window decided there).
 */

/** Tuesday 1 December 2026, 09:00 in São Paulo. */
const NOW = new Date("2026-12-01T12:00:00Z");
const PHONE = "+5511987005566";
/** Wednesday 2 December 2026, 10:00 in São Paulo; a 50-minute session ends at 13:50 UTC. */
const SESSION_DATE = "2026-12-02";
const SESSION_END = new Date("2026-12-02T13:50:00Z");
const at = (minutesAfterEnd: number) => new Date(SESSION_END.getTime() + minutesAfterEnd * 60_000);

const clock = fixedClock(NOW);
let h: AssistantHarness;
let clinic: Clinic;
let patientId: string;

beforeAll(async () => {
  h = await createAssistantHarness({ clock });
});
afterAll(() => h.close());
beforeEach(async () => {
  clock.set(NOW);
  h.twilio.reset();
  clinic = await h.clinic();
  patientId = (await h.make.patient(clinic.professionalId, { name: "Joana Lima", phone: PHONE, cpf: "52998224725" })).id;
  expect((await api("PUT", "/api/professionals/me/ai-settings", { ai_enabled: false, ai_model: "gpt-4o-mini", ai_temperature: 0.7, ai_max_tokens: 500 })).status).toBe(200);
  expect((await api("PUT", "/api/payments/prices/types", { appointment_type: "Psicoterapia", amount_cents: 15000 })).status).toBe(200);
  const settings = { pix_key_type: "email", pix_key: "ana@consultorio.com.br", merchant_name: "Ana Souza", merchant_city: "Campinas", send_pix_in_reminders: true, pix_timing: "after_session", pix_after_minutes: 60 };
  expect((await api("PUT", "/api/payments/settings", settings)).body).toMatchObject({ pix_timing: "after_session", pix_after_minutes: 60 });
  // The patient wrote that morning: her 24-hour window is open for the whole day's messages.
  clock.set(new Date("2026-12-02T09:00:00Z"));
  await clinic.patientWrites(PHONE, "Bom dia!");
  await h.drain();
});

async function api(method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) {
  const session = await h.login(clinic.email, clinic.password);
  const res = await h.request({ method, url, session, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}

const toPatient = () => h.twilio.sent.filter((m) => m.to === `whatsapp:${PHONE}` && m.from === clinic.number);
const afterSession = () => toPatient().filter((m) => m.body?.includes("Obrigado pela sessão"));

async function book(time = "10:00") {
  const res = await api("POST", "/api/appointments", { patient_id: patientId, appointment_date: SESSION_DATE, appointment_time: time, appointment_type: "Psicoterapia" });
  expect(res.status).toBe(201);
  return res.body as { id: string };
}

async function chargeOf(appointmentId: string) {
  const list = await api("GET", `/api/payments/charges?appointment_id=${appointmentId}`);
  return (list.body as { id: string; status: string; pix_message_at: string | null; pix_message_problem: string | null }[])[0]!;
}

async function conclude(id: string) {
  const res = await api("PUT", `/api/appointments/${id}`, { patient_id: patientId, appointment_date: SESSION_DATE, appointment_time: "10:00", appointment_type: "Psicoterapia", status: "completed" });
  expect(res.status).toBe(200);
}

describe("the Pix after the session", () => {
  it("goes once when the session is marked concluded, never twice, and the reminder carries no Pix", async () => {
    const a = await book();
    await h.drain();
    expect(toPatient().every((m) => !m.body?.includes("Pix"))).toBe(true);

    clock.set(at(5));
    await conclude(a.id);
    await h.drain();
    expect(afterSession()).toHaveLength(1);
    const body = afterSession()[0]!.body!;
    expect(body).toContain("Olá, Joana! Obrigado pela sessão de hoje.");
    expect(body).toContain("Valor da consulta: R$ 150,00.");
    const pix = await api("POST", `/api/payments/charges/${(await chargeOf(a.id)).id}/pix`);
    expect(body).toContain(`Pix copia e cola:\n${(pix.body as { brcode: string }).brcode}`);
    expect(await chargeOf(a.id)).toMatchObject({ status: "open", pix_message_at: at(5).toISOString(), pix_message_problem: null });

    // Saved again, and the set time after the end passes: still the one message.
    await conclude(a.id);
    clock.set(at(120));
    await h.drain();
    expect(afterSession()).toHaveLength(1);
  });

  it("goes the set minutes after the end when nobody marks it concluded, not before", async () => {
    const a = await book();
    clock.set(at(30));
    await h.drain();
    expect(afterSession()).toHaveLength(0);
    clock.set(at(61));
    await h.drain();
    expect(afterSession()).toHaveLength(1);
    expect((await chargeOf(a.id)).pix_message_at).toBe(at(61).toISOString());
  });

  it("says nothing for a session paid or cancelled before it was due", async () => {
    const paid = await book();
    const cancelled = await book("15:00");
    expect((await api("POST", `/api/payments/charges/${(await chargeOf(paid.id)).id}/paid`, { method: "pix" })).status).toBe(200);
    expect((await api("DELETE", `/api/appointments/${cancelled.id}`)).status).toBe(200);
    clock.set(new Date("2026-12-02T21:00:00Z"));
    await h.drain();
    expect(afterSession()).toHaveLength(0);
    expect(await chargeOf(paid.id)).toMatchObject({ status: "paid", pix_message_at: null });
  });

  it("sends nothing to a patient who withdrew her consent, and the charge says why", async () => {
    const a = await book();
    await clinic.patientWrites(PHONE, "PARAR");
    await h.drain();
    const before = toPatient().length;
    clock.set(at(61));
    await h.drain();
    expect(toPatient()).toHaveLength(before);
    expect(afterSession()).toHaveLength(0);
    expect(await chargeOf(a.id)).toMatchObject({ status: "open", pix_message_problem: PIX_MESSAGE_PROBLEMS.opted_out });
  });

  it("goes for a session's charge made by hand before the session ended", async () => {
    const res = await api("POST", "/api/appointments", { patient_id: patientId, appointment_date: SESSION_DATE, appointment_time: "10:00", appointment_type: "Avaliação" });
    expect(res.status).toBe(201);
    const a = res.body as { id: string };
    // No price for this type: no charge until the professional makes one.
    expect((await api("GET", `/api/payments/charges?appointment_id=${a.id}`)).body).toEqual([]);
    expect((await api("POST", "/api/payments/charges", { appointment_id: a.id, amount_cents: 22000 })).status).toBe(201);
    clock.set(at(61));
    await h.drain();
    expect(afterSession()).toHaveLength(1);
    expect(afterSession()[0]!.body).toContain("Valor da consulta: R$ 220,00.");
  });

  it("refuses a delay out of range with a clear message", async () => {
    const res = await api("PUT", "/api/payments/settings", { send_pix_in_reminders: true, pix_timing: "after_session", pix_after_minutes: 5000 });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toContain("Informe de 0 a 1440 minutos");
  });
});
