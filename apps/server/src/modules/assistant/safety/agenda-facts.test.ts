import { describe, expect, it } from "vitest";
import { daysAndTimesGrounded, echoesPrompt, failedChangeText, namedDaysAndTimes, sentencesAfterConfirmation, slotsFromToolResults, type Grounding } from "./agenda-facts";

/** docs/decisions/030 §1: the pure rules of what a patient may read about the agenda. */
const today = "2026-03-02"; // a Monday
const grounding = (slots: Grounding["slots"] = []): Grounding => ({ today, slots, businessDays: [1, 2, 3, 4, 5], businessStart: "08:00", businessEnd: "18:00" });

describe("days and times the server gave", () => {
  it("reads weekdays, relative days, dates and times", () => {
    const named = namedDaysAndTimes("Quinta às 10h, ou amanhã 14:30, dia 12 ou 13/03 às 9", today);
    expect(named.weekdays).toEqual([4]);
    expect(named.relative).toEqual(["2026-03-03"]);
    expect(named.dates).toEqual([{ day: 13, month: 3 }, { day: 12, month: null }]);
    expect(named.times.sort()).toEqual(["09:00", "10:00", "14:30"]);
  });

  it("replaces a day and time from nowhere, keeps those of a free time, an appointment or the opening hours", () => {
    expect(daysAndTimesGrounded("Sua próxima consulta é quinta às 10h.", grounding())).toBe(false);
    expect(daysAndTimesGrounded("Sua próxima consulta é quinta às 10h.", grounding([{ date: "2026-03-05", time: "10:00" }]))).toBe(true);
    expect(daysAndTimesGrounded("Atendemos de segunda a sexta, das 8h às 18h.", grounding())).toBe(true);
    expect(daysAndTimesGrounded("Atendemos aos sábados.", grounding())).toBe(false);
    expect(daysAndTimesGrounded("Tenho 05/03 às 10:00.", grounding([{ date: "2026-03-05", time: "10:00" }]))).toBe(true);
    expect(daysAndTimesGrounded("Tenho 06/03 às 10:00.", grounding([{ date: "2026-03-05", time: "10:00" }]))).toBe(false);
    expect(daysAndTimesGrounded("O estacionamento fica nos fundos.", grounding())).toBe(true);
    expect(daysAndTimesGrounded("A consulta dura 50 minutos.", grounding())).toBe(true);
  });

  it("finds free times and appointments anywhere in the turn's tool results", () => {
    const slots = slotsFromToolResults([
      JSON.stringify({ date: "2026-03-05", free_times: ["08:00", "09:00"] }),
      JSON.stringify({ appointments: [{ id: "a", date: "2026-03-06", time: "11:00" }] }),
      "not json",
    ]);
    expect(slots).toEqual([
      { date: "2026-03-05", time: "08:00" },
      { date: "2026-03-05", time: "09:00" },
      { date: "2026-03-06", time: "11:00" },
    ]);
  });
});

describe("after a real change", () => {
  it("keeps only sentences that claim nothing and name no day, time or appointment", () => {
    expect(sentencesAfterConfirmation("Também removi sua outra consulta. O estacionamento fica nos fundos. Até sexta!")).toBe("O estacionamento fica nos fundos.");
    expect(sentencesAfterConfirmation("Seu horário anterior foi liberado.")).toBe("");
  });
});

describe("after failed changes", () => {
  it("says nothing was changed and why, with free times when a tool returned some", () => {
    expect(failedChangeText([{ tool: "book_appointment", ok: false, status: "taken" }], [{ date: "2026-03-05", time: "09:00" }])).toBe(
      "Nada foi alterado na sua agenda. O horário pedido já está ocupado. Horários livres que encontrei: quinta-feira, 05/03, às 09:00. Qual prefere?",
    );
    expect(failedChangeText([{ tool: "cancel_appointment", ok: false, status: "error" }], [])).toMatch(/^Nada foi alterado na sua agenda\. Não consegui concluir o pedido\./);
  });
});

describe("the prompt is not echoed", () => {
  const rules = "Nunca dê diagnósticos, interpretações de exames, orientações de tratamento ou indicações de medicamentos.";
  it("replaces 8 or more consecutive words of the instructions, not 7", () => {
    expect(echoesPrompt("Eu sigo isto: nunca dê diagnósticos, interpretações de exames, orientações de tratamento.", rules)).toBe(true);
    expect(echoesPrompt("Nunca dê diagnósticos, interpretações de exames, orientações, só isso.", rules)).toBe(false);
    expect(echoesPrompt("A doutora não dá diagnósticos por mensagem.", rules)).toBe(false);
  });

  it("checks each practice's own instructions, however many practices ask in turn (their word runs are kept)", () => {
    const echo = "Eu sigo isto: nunca dê diagnósticos, interpretações de exames, orientações de tratamento.";
    // Nine words: every run of eight holds the practice's number.
    const other = (k: number) => `Unidade ${k} abre cedo e fecha tarde todo dia.`;
    const repeating = (k: number) => `Como eu disse, unidade ${k} abre cedo e fecha tarde todo dia.`;
    // More practices than are kept, each asked twice: the answers never mix, whatever was dropped in between.
    for (let round = 0; round < 2; round++) {
      for (let k = 0; k < 50; k++) {
        expect(echoesPrompt(echo, other(k))).toBe(false);
        expect(echoesPrompt(repeating(k), other(k))).toBe(true);
        expect(echoesPrompt(repeating(k + 1), other(k))).toBe(false);
      }
      expect(echoesPrompt(echo, rules)).toBe(true);
    }
  });
});
