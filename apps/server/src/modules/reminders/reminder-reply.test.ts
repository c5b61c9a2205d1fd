import { describe, expect, it } from "vitest";
import { matchReminderReply } from "./reminder-reply";

describe("matchReminderReply", () => {
  it.each([
    "1",
    " 1 ",
    "1.",
    "1️⃣",
    "Sim",
    "sim!",
    "Confirmo",
    "confirmo.",
    "CONFIRMADO",
    "Sim, confirmo",
    "sim confirmo, obrigada",
    "Ok, confirmo",
    "Pode confirmar",
    "confirmo minha presença",
    "Estarei lá",
    "vou sim",
    "👍",
    "✅",
    "Bom dia! Confirmo",
    "confirmo sim dra",
  ])("%j confirms", (text) => {
    expect(matchReminderReply(text)).toBe("confirm");
  });

  it.each([
    "2",
    "2️⃣",
    "Cancelar",
    "cancela",
    "cancelo",
    "Pode cancelar",
    "quero cancelar",
    "Preciso cancelar, obrigado",
    "Não vou poder",
    "nao vou poder ir",
    "Infelizmente não vou poder",
    "não poderei comparecer",
    "não consigo ir",
    "desmarcar",
  ])("%j cancels", (text) => {
    expect(matchReminderReply(text)).toBe("cancel");
  });

  it.each([
    "",
    "   ",
    "olá",
    "obrigada",
    "não",
    "❌",
    "3",
    "12",
    "1 ou 2?",
    "posso remarcar?",
    "quero remarcar para outro dia",
    "não vou poder, dá para mudar para mais tarde?",
    "sim, mas queria trocar o horário",
    "confirmo ou cancelo, não sei ainda",
    "talvez",
    "qual o endereço?",
    "sim e não",
    "1 2",
    "Oi, eu queria saber se a consulta é presencial ou online porque estou viajando esta semana",
  ])("%j is left to the assistant or the professional", (text) => {
    expect(matchReminderReply(text)).toBeNull();
  });
});
