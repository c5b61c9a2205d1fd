import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fixedClock } from "../../platform/lib/clock";
import { createAssistantHarness, type AssistantHarness, type Clinic } from "../../../test/assistant-harness";
import { PAYMENT_TEXTS } from "./assistant-payments";

/**
 * The assistant and money (docs/product/payments.md §6, docs/decisions/035) through the real server, the SDKs and the
 * stand-in model: it tells a price and sends the patient's own open charge with tools whose words the server writes,
 * and a model's "payment received" is never sent: the server states what its data says.
 */

/** Tuesday 1 December 2026, 09:00 in São Paulo. */
const NOW = new Date("2026-12-01T12:00:00Z");
const PATIENT = "+5511988884040";
const clock = fixedClock(NOW);

let h: AssistantHarness;
beforeAll(async () => {
  h = await createAssistantHarness({ clock });
});
afterAll(() => h.close());

describe("the assistant's payment tools and payment facts", () => {
  let clinic: Clinic;
  let patientId: string;
  const replies = () => h.twilio.sent.filter((m) => m.to === `whatsapp:${PATIENT}` && m.from === clinic.number).map((m) => m.body);
  const api = async (method: "GET" | "POST" | "PUT", url: string, payload?: unknown) => {
    const res = await h.request({ method, url, session: clinic.session, ...(payload === undefined ? {} : { payload: payload as object }) });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json();
  };
  const openCharge = () => api("POST", "/api/payments/charges", { patient_id: patientId, description: "Pacote de 4 sessões", amount_cents: 64000 }) as Promise<{ id: string }>;

  beforeEach(async () => {
    clock.set(NOW);
    h.twilio.reset();
    h.llm.reset();
    clinic = await h.clinic();
    patientId = (await h.make.patient(clinic.professionalId, { name: "Rita Alves", phone: PATIENT, cpf: "52998224725" })).id;
    await api("PUT", "/api/payments/settings", { pix_key_type: "cpf", pix_key: "52998224725", merchant_name: "Ana Souza", merchant_city: "Campinas" });
  });

  it("tells a consultation type's price in the server's words, and the patient's own price when she has one", async () => {
    await api("PUT", "/api/payments/prices/types", { appointment_type: "Psicoterapia", amount_cents: 18000 });
    await api("PUT", "/api/payments/prices/types", { appointment_type: "Avaliação", amount_cents: 25000 });
    h.llm.script([{ toolCalls: [{ name: "consultation_price", arguments: { appointment_type: "psicoterapia" } }] }, { text: "Posso ajudar em algo mais?" }]);
    await clinic.patientWrites(PATIENT, "Quanto custa a psicoterapia?");
    await h.drain();
    expect(h.llm.requests[0]!.toolNames).toEqual(expect.arrayContaining(["consultation_price", "send_my_open_charge"]));
    expect(replies().at(-1)).toBe("O valor da consulta (Psicoterapia) é R$ 180,00.\n\nPosso ajudar em algo mais?");

    await api("PUT", `/api/payments/prices/patients/${patientId}`, { amount_cents: 9000 });
    h.llm.script([{ toolCalls: [{ name: "consultation_price", arguments: {} }] }, { text: "" }]);
    await clinic.patientWrites(PATIENT, "E pra mim, quanto fica?");
    await h.drain();
    expect(replies().at(-1)).toBe("O valor da sua consulta é R$ 90,00.");
  });

  it("sends the patient's own open charge with its Pix copia-e-cola, and says so when nothing is open", async () => {
    h.llm.script([{ toolCalls: [{ name: "send_my_open_charge", arguments: {} }] }, { text: "" }]);
    await clinic.patientWrites(PATIENT, "Me manda o pix?");
    await h.drain();
    expect(replies().at(-1)).toBe(PAYMENT_TEXTS.noOpenCharge);

    const charge = await openCharge();
    const pix = (await api("POST", `/api/payments/charges/${charge.id}/pix`)) as { brcode: string };
    h.llm.script([{ toolCalls: [{ name: "send_my_open_charge", arguments: {} }] }, { text: "Qualquer dúvida, estou por aqui." }]);
    await clinic.patientWrites(PATIENT, "Me manda o pix de novo?");
    await h.drain();
    expect(replies().at(-1)).toBe(`Segue a cobrança em aberto (Pacote de 4 sessões):\nValor: R$ 640,00.\nPix copia e cola:\n${pix.brcode}\n\nQualquer dúvida, estou por aqui.`);
  });

  it("never sends a model's 'payment received': the server states the open charge, and the payment once it is recorded", async () => {
    const charge = await openCharge();
    h.llm.script([{ text: "Recebemos seu pagamento, obrigada! Até quinta." }]);
    await clinic.patientWrites(PATIENT, "Já paguei, chegou?");
    await h.drain();
    const first = replies().at(-1)!;
    expect(first).not.toContain("Recebemos");
    expect(first).toBe(`${PAYMENT_TEXTS.factsIntro}\nEm aberto: Pacote de 4 sessões, R$ 640,00.`);

    const paid = (await api("POST", `/api/payments/charges/${charge.id}/paid`, { method: "pix" })) as { payment_date: string };
    h.llm.script([{ text: "Seu pix já caiu aqui." }]);
    await clinic.patientWrites(PATIENT, "E agora?");
    await h.drain();
    const [y, m, d] = paid.payment_date.split("-");
    expect(replies().at(-1)).toBe(`${PAYMENT_TEXTS.factsIntro}\nPagamento recebido: Pacote de 4 sessões, R$ 640,00, em ${d}/${m}/${y}.`);
  });

  it("a patient of another practice's charge is never sent: the tool reads only this conversation's patient", async () => {
    const other = await h.clinic();
    // The same phone number at another practice: its charge is that practice's, never told here.
    const stranger = await h.make.patient(other.professionalId, { name: "Outra Pessoa", phone: PATIENT });
    const res = await h.request({ method: "POST", url: "/api/payments/charges", session: other.session, payload: { patient_id: stranger.id, description: "Sessão alheia", amount_cents: 30000 } });
    expect(res.statusCode).toBe(201);
    h.llm.script([{ toolCalls: [{ name: "send_my_open_charge", arguments: {} }] }, { text: "" }]);
    await clinic.patientWrites(PATIENT, "Tenho algo a pagar?");
    await h.drain();
    expect(replies().at(-1)).toBe(PAYMENT_TEXTS.noOpenCharge);
  });
});
