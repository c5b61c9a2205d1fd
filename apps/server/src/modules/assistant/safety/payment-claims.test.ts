import { describe, expect, it } from "vitest";
import { claimsPaymentReceived } from "./payment-claims";

/** What a model might say about a payment: claims of one received are never sent (docs/decisions/035). */
const CLAIMS = [
  "Recebemos seu pagamento, obrigada!",
  "Recebi o Pix, tudo certo.",
  "Seu pagamento foi confirmado.",
  "O pix já caiu aqui.",
  "Não se preocupe, seu pagamento foi recebido.",
  "Sua consulta está paga.",
  "Consta como pago no sistema.",
  "Está tudo pago, pode ficar tranquila.",
  "A cobrança já está quitada.",
  "Confirmamos a transferência de ontem.",
  "Pagamento recebido!",
  "Sua transferência entrou hoje cedo.",
  "Tá pago!",
  "Dei baixa no seu pagamento.",
];

const HARMLESS = [
  "O pagamento pode ser feito por Pix ou cartão.",
  "Ainda não recebemos seu pagamento.",
  "O pagamento não foi recebido até agora.",
  "Você já fez o Pix?",
  "Assim que o pagamento for confirmado, o consultório avisa.",
  "O valor da consulta é informado pelo consultório.",
  "Seu Pix foi gerado, é só copiar o código.",
  "Não consta pagamento em seu nome.",
  "Quer que eu envie o Pix da consulta?",
  "O estacionamento fica nos fundos.",
];

describe("claimsPaymentReceived", () => {
  it.each(CLAIMS)("a claim: %s", (text) => expect(claimsPaymentReceived(text)).toBe(true));
  it.each(HARMLESS)("no claim: %s", (text) => expect(claimsPaymentReceived(text)).toBe(false));
});
