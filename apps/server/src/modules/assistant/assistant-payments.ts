import { formatCents, type ChargeStatus } from "@clinora/contracts";
import { shortDate } from "@clinora/contracts/date-display";
import type { LlmTool } from "../../platform/integrations/llm/llm-client";

/**
 * What the assistant needs of payments (docs/product/payments.md §6); app.ts passes the payments service, so the
 * assistant imports nothing of it.
 */
export interface AssistantPayments {
  pricesFor(professionalId: string, patientId: string | null): Promise<{ types: { appointmentType: string; amountCents: number }[]; ownCents: number | null }>;
  chargesOfPatient(
    professionalId: string,
    patientId: string,
  ): Promise<{ id: string; description: string; amountCents: number; status: ChargeStatus; dueDate: string; paymentDate: string | null }[]>;
  /** The amount and Pix of one open charge, as the server writes it to the patient; `prepare` may ask the provider. */
  chargeNoteFor(professionalId: string, chargeId: string, options: { prepare: boolean }): Promise<string | null>;
}

export const PAYMENT_TOOLS: LlmTool[] = [
  {
    name: "consultation_price",
    description: "Informa o valor da consulta (pelo tipo de consulta, ou o valor próprio do paciente). O sistema escreve o valor ao paciente.",
    parameters: { type: "object", properties: { appointment_type: { type: "string", description: "O tipo de consulta, se o paciente disse" } } },
  },
  {
    name: "send_my_open_charge",
    description:
      "Envia ao paciente desta conversa a cobrança em aberto dele, com o valor e o Pix copia e cola. O sistema escreve a mensagem. Nunca diga que um pagamento foi recebido: só o sistema informa pagamentos.",
    parameters: { type: "object", properties: {} },
  },
];

export const PAYMENT_TEXTS = {
  price: (type: string | null, cents: number) => (type ? `O valor da consulta (${type}) é ${formatCents(cents)}.` : `O valor da sua consulta é ${formatCents(cents)}.`),
  openCharge: (description: string, note: string) => `Segue a cobrança em aberto (${description}):\n${note}`,
  noOpenCharge: "Não há cobrança em aberto em seu nome no sistema do consultório.",
  testOnly: "(teste: nenhum Pix foi gerado)",
  factsIntro: "Sobre pagamentos, o que consta no sistema do consultório:",
  notHere: "Por aqui não consigo consultar pagamentos. O consultório confirma o pagamento assim que ele constar no sistema.",
  nothing: "Não consta pagamento registrado em seu nome.",
  paid: (description: string, cents: number, date: string) => `Pagamento recebido: ${description}, ${formatCents(cents)}, em ${shortDate(date)}.`,
  open: (description: string, cents: number) => `Em aberto: ${description}, ${formatCents(cents)}.`,
} as const;

/**
 * The payment facts the server writes when the model spoke of a payment received (docs/decisions/035): the latest
 * payments received and what is open, from the server's data only; never a model's words.
 */
export function paymentFactsText(charges: Awaited<ReturnType<AssistantPayments["chargesOfPatient"]>> | null): string {
  if (!charges) return PAYMENT_TEXTS.notHere;
  const paid = charges
    .filter((c) => c.status === "paid" && c.paymentDate)
    .sort((a, b) => b.paymentDate!.localeCompare(a.paymentDate!))
    .slice(0, 3)
    .map((c) => PAYMENT_TEXTS.paid(c.description, c.amountCents, c.paymentDate!));
  const open = charges.filter((c) => c.status === "open").map((c) => PAYMENT_TEXTS.open(c.description, c.amountCents));
  if (paid.length === 0 && open.length === 0) return `${PAYMENT_TEXTS.factsIntro} ${PAYMENT_TEXTS.nothing}`;
  return [PAYMENT_TEXTS.factsIntro, ...paid, ...open].join("\n");
}
