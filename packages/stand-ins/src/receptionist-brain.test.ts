import { describe, expect, it } from "vitest";
import type { NormalizedLlmRequest, NormalizedTurn } from "./llm-types";
import { detectIntent, parseDate, parseName, parseTime, receptionistBrain, todayFromSystem } from "./receptionist-brain";

// 2025-03-12 is a Wednesday.
const TODAY = "2025-03-12";
const SYSTEM = `Você é a recepcionista virtual.\nHoje é quarta-feira, ${TODAY}.`;
const ALL_TOOLS = [
  "check_availability",
  "book_appointment",
  "list_my_appointments",
  "reschedule_appointment",
  "cancel_appointment",
  "report_risk",
  "handoff_to_human",
];

function ask(messages: NormalizedTurn[], toolNames = ALL_TOOLS) {
  const request: NormalizedLlmRequest = {
    provider: "openai",
    model: "gpt-test",
    system: SYSTEM,
    messages,
    toolNames,
    temperature: 0.2,
    maxTokens: 500,
    toolChoice: null,
  };
  return receptionistBrain(request);
}

const user = (content: string): NormalizedTurn => ({ role: "user", content });
const called = (id: string, name: string, args: Record<string, unknown>): NormalizedTurn => ({
  role: "assistant",
  content: null,
  toolCalls: [{ id, name, arguments: args }],
});
const result = (id: string, name: string, value: unknown): NormalizedTurn => ({ role: "tool", toolCallId: id, name, content: JSON.stringify(value) });
const said = (content: string): NormalizedTurn => ({ role: "assistant", content });

describe("parseDate", () => {
  it.each([
    ["hoje", "2025-03-12"],
    ["Amanhã", "2025-03-13"],
    ["depois de amanhã", "2025-03-14"],
    ["dia 20", "2025-03-20"],
    ["dia 5", "2025-04-05"],
    ["20/03", "2025-03-20"],
    ["01/02", "2026-02-01"],
    ["14/03/2025", "2025-03-14"],
    ["15 de abril", "2025-04-15"],
    ["sexta", "2025-03-14"],
    ["segunda-feira", "2025-03-17"],
    ["quarta", "2025-03-19"],
    ["sábado de manhã", "2025-03-15"],
    ["2025-03-21", "2025-03-21"],
  ])("%s → %s", (text, expected) => {
    expect(parseDate(text, TODAY)).toBe(expected);
  });

  it("finds no date where there is none, nor an impossible one", () => {
    expect(parseDate("quero marcar uma consulta", TODAY)).toBeNull();
    expect(parseDate("bom dia 10h", TODAY)).toBeNull();
    expect(parseDate("31/02", TODAY)).toBeNull();
  });
});

describe("parseTime", () => {
  it.each([
    ["às 14h", "14:00"],
    ["14h30", "14:30"],
    ["9:05", "09:05"],
    ["as 9", "09:00"],
    ["às 3 da tarde", "15:00"],
    ["10 horas", "10:00"],
    ["ao meio-dia", "12:00"],
    ["amanhã às 8h da manhã", "08:00"],
  ])("%s → %s", (text, expected) => {
    expect(parseTime(text)).toBe(expected);
  });

  it("does not read a date or a day as a time", () => {
    expect(parseTime("dia 15")).toBeNull();
    expect(parseTime("20/03")).toBeNull();
    expect(parseTime("quero marcar")).toBeNull();
  });
});

describe("parseName", () => {
  it("takes the name after 'meu nome é' and stops at the rest of the sentence", () => {
    expect(parseName("Oi, meu nome é Ana Souza e quero marcar amanhã")).toBe("Ana Souza");
    expect(parseName("meu nome é maria da silva, quero marcar")).toBe("Maria da Silva");
    expect(parseName("Me chamo João Pedro.")).toBe("João Pedro");
    expect(parseName("quero marcar uma consulta")).toBeNull();
  });
});

describe("detectIntent", () => {
  it.each([
    ["quero falar com um atendente", "handoff"],
    ["posso falar com a doutora?", "handoff"],
    ["preciso cancelar minha consulta", "cancel"],
    ["quero remarcar para sexta às 10h", "reschedule"],
    ["quero marcar uma consulta", "book"],
    ["tem horário amanhã?", "book"],
    ["quais são minhas consultas?", "list"],
    ["obrigada!", "thanks"],
    ["oi", "other"],
  ])("%s → %s", (text, expected) => {
    expect(detectIntent(text)).toBe(expected);
  });
});

describe("todayFromSystem", () => {
  it("reads the server's date line, else falls back to today in São Paulo", () => {
    expect(todayFromSystem(SYSTEM)).toBe(TODAY);
    expect(todayFromSystem("sem data", new Date("2025-06-01T02:00:00Z"))).toBe("2025-05-31");
  });
});

describe("receptionistBrain", () => {
  it("books when the message has a day and a time, with the name given anywhere in the conversation", () => {
    const reply = ask([user("Olá, meu nome é Ana Souza"), said("Olá! Para qual dia?"), user("Quero marcar uma consulta amanhã às 14h")]);
    expect(reply.toolCalls).toEqual([
      { name: "book_appointment", arguments: { date: "2025-03-13", time: "14:00", patient_name: "Ana Souza" } },
    ]);
  });

  it("checks availability for a day without a time, then offers up to five free times", () => {
    expect(ask([user("Tem horário na sexta?")]).toolCalls).toEqual([{ name: "check_availability", arguments: { date: "2025-03-14" } }]);
    const reply = ask([
      user("Tem horário na sexta?"),
      called("c1", "check_availability", { date: "2025-03-14" }),
      result("c1", "check_availability", { date: "2025-03-14", weekday: "sexta-feira", free_times: ["08:00", "09:00", "10:00", "11:00", "14:00", "15:00"] }),
    ]);
    expect(reply.toolCalls).toBeUndefined();
    expect(reply.text).toContain("08:00, 09:00, 10:00, 11:00, 14:00");
    expect(reply.text).not.toContain("15:00");
  });

  it("asks for the day when there is none, and books the time picked among those offered", () => {
    expect(ask([user("Quero agendar uma consulta")]).text).toMatch(/qual dia/i);
    const reply = ask([
      user("Tem horário na sexta?"),
      called("c1", "check_availability", { date: "2025-03-14" }),
      result("c1", "check_availability", { date: "2025-03-14", weekday: "sexta-feira", free_times: ["10:00"] }),
      said("Para sexta-feira, 14/03, tenho estes horários livres: 10:00. Qual prefere?"),
      user("10h"),
    ]);
    expect(reply.toolCalls).toEqual([{ name: "book_appointment", arguments: { date: "2025-03-14", time: "10:00" } }]);
  });

  it("answers a booking briefly (the server writes the confirmation), offers the nearest times when taken, asks the name", () => {
    const booking = [user("marcar amanhã às 9h"), called("b1", "book_appointment", { date: "2025-03-13", time: "09:00" })];
    expect(ask([...booking, result("b1", "book_appointment", { status: "booked", appointment: { id: "a1" } })]).text).toBe(
      "Posso ajudar em algo mais?",
    );
    expect(ask([...booking, result("b1", "book_appointment", { status: "taken", nearest_free_times: ["10:00", "11:00"] })]).text).toContain(
      "10:00, 11:00",
    );
    const nearestOnOtherDays = { status: "taken", nearest_free_times: [{ date: "2025-03-13", time: "10:00" }, { date: "2025-03-14", time: "08:00" }] };
    expect(ask([...booking, result("b1", "book_appointment", nearestOnOtherDays)]).text).toContain("13/03 às 10:00, 14/03 às 08:00");
    const askName = ask([...booking, result("b1", "book_appointment", { status: "name_required" })]);
    expect(askName.text).toMatch(/nome/);
    const retried = ask([
      ...booking,
      result("b1", "book_appointment", { status: "name_required" }),
      said(askName.text ?? ""),
      user("Carlos Lima"),
    ]);
    expect(retried.toolCalls).toEqual([
      { name: "book_appointment", arguments: { date: "2025-03-13", time: "09:00", patient_name: "Carlos Lima" } },
    ]);
  });

  it("on the web chat, asks for name and WhatsApp when the tool wants them, then books with both", () => {
    const booking = [user("quero marcar amanhã às 9h"), called("b1", "book_appointment", { date: "2025-03-13", time: "09:00" })];
    const contact = result("b1", "book_appointment", { status: "contact_required", missing: ["patient_name", "patient_phone"] });
    const askContact = ask([...booking, contact]);
    expect(askContact.text).toMatch(/nome completo.*WhatsApp com DDD/);
    const retried = ask([...booking, contact, said(askContact.text ?? ""), user("Meu nome é Carla Nunes e meu WhatsApp é (11) 98765-4321")]);
    expect(retried.toolCalls).toEqual([
      { name: "book_appointment", arguments: { date: "2025-03-13", time: "09:00", patient_name: "Carla Nunes", patient_phone: "(11) 98765-4321" } },
    ]);
    const bare = ask([...booking, contact, said(askContact.text ?? ""), user("Carla Nunes, 11 98765 4321")]);
    expect(bare.toolCalls?.[0]?.arguments).toMatchObject({ patient_name: "Carla Nunes", patient_phone: "11 98765 4321" });
    // When only the text of earlier turns is kept, the day and time come back from the patient's earlier words.
    const textOnly = ask([
      user("Quero marcar uma consulta para o dia 20/03"),
      said("Para quinta-feira, 20/03, tenho estes horários livres: 09:00, 10:00. Qual prefere?"),
      user("Pode ser às 10:00"),
      said(askContact.text ?? ""),
      user("Meu nome é Carla Nunes e meu WhatsApp é (11) 98765-4321"),
    ]);
    expect(textOnly.toolCalls).toEqual([
      { name: "book_appointment", arguments: { date: "2025-03-20", time: "10:00", patient_name: "Carla Nunes", patient_phone: "(11) 98765-4321" } },
    ]);
  });

  it("books the time picked from the free times it offered, when only the text of earlier turns is kept", () => {
    const reply = ask([
      user("Quero marcar uma consulta para o dia 14/03"),
      said("Para sexta-feira, 14/03, tenho estes horários livres: 08:00, 08:50, 09:40. Qual prefere?"),
      user("Pode ser às 08:50. Meu nome é Carla Mendes"),
    ]);
    expect(reply.toolCalls).toEqual([{ name: "book_appointment", arguments: { date: "2025-03-14", time: "08:50", patient_name: "Carla Mendes" } }]);
  });

  it("hands off to a person when asked", () => {
    expect(ask([user("Quero falar com a doutora")]).toolCalls?.[0]?.name).toBe("handoff_to_human");
  });

  it("cancels the next appointment after listing them", () => {
    const list = {
      appointments: [
        { id: "old", date: "2025-03-01", time: "10:00", weekday: "sábado", type: "consulta", status: "completed" },
        { id: "later", date: "2025-03-20", time: "10:00", weekday: "quinta-feira", type: "consulta", status: "scheduled" },
        { id: "next", date: "2025-03-14", time: "09:00", weekday: "sexta-feira", type: "consulta", status: "confirmed" },
      ],
    };
    const first = ask([user("Preciso cancelar minha consulta")]);
    expect(first.toolCalls).toEqual([{ name: "list_my_appointments", arguments: {} }]);
    const second = ask([user("Preciso cancelar minha consulta"), called("l1", "list_my_appointments", {}), result("l1", "list_my_appointments", list)]);
    expect(second.toolCalls).toEqual([{ name: "cancel_appointment", arguments: { appointment_id: "next" } }]);
  });

  it("reschedules the next appointment to the day and time given", () => {
    const list = { appointments: [{ id: "a1", date: "2025-03-14", time: "09:00", weekday: "sexta-feira", type: "consulta", status: "scheduled" }] };
    const reply = ask([user("Quero remarcar para segunda às 15h"), called("l1", "list_my_appointments", {}), result("l1", "list_my_appointments", list)]);
    expect(reply.toolCalls).toEqual([{ name: "reschedule_appointment", arguments: { appointment_id: "a1", date: "2025-03-17", time: "15:00" } }]);
  });

  it("lists the patient's appointments", () => {
    const list = { appointments: [{ id: "a1", date: "2025-03-14", time: "09:00", weekday: "sexta-feira", type: "consulta", status: "scheduled" }] };
    const reply = ask([user("Quais são minhas consultas?"), called("l1", "list_my_appointments", {}), result("l1", "list_my_appointments", list)]);
    expect(reply.text).toContain("sexta-feira, 14/03 às 09:00");
  });

  it("greets and offers to book; never calls a tool the server did not offer", () => {
    expect(ask([user("Oi")]).text).toMatch(/^Olá!.*agendar/);
    expect(ask([user("marcar amanhã às 9h")], []).toolCalls).toBeUndefined();
  });
});

describe("the alarm tool (docs/decisions/030)", () => {
  it("calls report_risk on its alarm phrases, before any intent", () => {
    const reply = ask([{ role: "user", content: "Quero marcar, mas semana que vem nem vou estar mais por aqui" }]);
    expect(reply.toolCalls?.[0]).toMatchObject({ name: "report_risk" });
    expect(ask([{ role: "user", content: "Quero marcar amanhã" }]).toolCalls?.[0]?.name).not.toBe("report_risk");
  });
});
