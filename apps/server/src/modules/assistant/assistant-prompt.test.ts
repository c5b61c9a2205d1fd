import { describe, expect, it } from "vitest";
import { ASSISTANT_DEFAULTS, DEFAULT_AI_SETTINGS, type AssistantSettings } from "@clinora/contracts";
import { longDate } from "@clinora/contracts/date-display";
import { statusAfterInbound } from "../messaging";
import { businessHoursText, composeSystemPrompt, effectiveSettings, type PracticeFacts } from "./assistant-prompt";
import { asksForPerson, TEXTS } from "./assistant-texts";
import { claimsAgendaChange } from "./safety/claims";
import { safetyCaseOf } from "../safety";

const own = (overrides: Partial<AssistantSettings> = {}): AssistantSettings => ({
  ...ASSISTANT_DEFAULTS,
  ai_system_prompt: null,
  ai_instructions: null,
  ...overrides,
});

const practice: PracticeFacts = {
  professionalName: "Dra. Ana Souza",
  clinicName: "Espaço Ana Souza",
  specialty: "Psicologia",
  address: "Rua Augusta, 1508, São Paulo/SP",
  timeZone: "America/Sao_Paulo",
  businessDays: [1, 2, 3, 4, 5],
  businessStart: "08:00:00",
  businessEnd: "18:00:00",
  acceptingBookings: true,
};

describe("effectiveSettings", () => {
  it("uses the platform's settings before the professional saved anything", () => {
    const s = effectiveSettings({ global: DEFAULT_AI_SETTINGS, own: null });
    expect(s).toMatchObject({ provider: "openai", model: "gpt-4o-mini", temperature: 0.7, maxTokens: 500, assistantName: "Marge", instructions: null });
    expect(s.promptTemplate).toBe(DEFAULT_AI_SETTINGS.system_prompt);
  });

  it("lets the professional refine model, temperature, tokens, name, prompt and instructions", () => {
    const s = effectiveSettings({
      global: DEFAULT_AI_SETTINGS,
      own: own({ ai_model: "gpt-4.1", ai_temperature: 0.3, ai_max_tokens: 800, ai_role_name: "Lia", ai_system_prompt: "Você é {assistant_name}.", ai_instructions: "Não atendemos convênio." }),
    });
    expect(s).toMatchObject({ model: "gpt-4.1", temperature: 0.3, maxTokens: 800, assistantName: "Lia", promptTemplate: "Você é {assistant_name}.", instructions: "Não atendemos convênio." });
  });

  it("keeps the platform's model when the professional's belongs to another provider, and clamps the temperature", () => {
    const global = { provider: "anthropic" as const, model: "claude-3-5-haiku-latest", temperature: 0.5, system_prompt: "Prompt da plataforma para {clinic_name}." };
    const s = effectiveSettings({ global, own: own({ ai_model: "gpt-4o", ai_temperature: 1.6 }) });
    expect(s).toMatchObject({ provider: "anthropic", model: "claude-3-5-haiku-latest", temperature: 1, promptTemplate: global.system_prompt });
  });

  it("falls back to the safe default when every prompt is blank", () => {
    const s = effectiveSettings({ global: { ...DEFAULT_AI_SETTINGS, system_prompt: "  " }, own: own({ ai_system_prompt: " " }) });
    expect(s.promptTemplate).toBe(DEFAULT_AI_SETTINGS.system_prompt);
  });
});

describe("composeSystemPrompt", () => {
  it("fills the placeholders, adds the fixed rules and today's date in the professional's zone", () => {
    const settings = effectiveSettings({ global: DEFAULT_AI_SETTINGS, own: own({ ai_instructions: "Sessões de 50 minutos." }) });
    const prompt = composeSystemPrompt({
      settings,
      practice,
      // 02:30 UTC on a Wednesday is still Tuesday evening in São Paulo.
      now: new Date("2026-03-11T02:30:00Z"),
      patient: { name: "Maria", known: true },
      upcoming: [{ date: "2026-03-12", time: "10:00", type: "Consulta", status: "pending" }],
    });
    expect(prompt).toContain("Você é Marge, assistente virtual de Espaço Ana Souza (Psicologia)");
    expect(prompt).toContain("(segunda a sexta, das 08:00 às 18:00)");
    expect(prompt).not.toMatch(/\{(assistant_name|clinic_name|specialty|business_hours)\}/);
    expect(prompt).toContain("Instruções da clínica:\nSessões de 50 minutos.");
    expect(prompt).toContain("SAMU (192)");
    expect(prompt).toContain("Hoje é terça-feira, 2026-03-10, 23:30");
    expect(prompt).toContain("2026-03-12 10:00 (Consulta, pending)");
  });

  it("names every day of the week, the weekend included", () => {
    const base = { settings: effectiveSettings({ global: DEFAULT_AI_SETTINGS, own: null }), practice, patient: { name: null, known: false }, upcoming: [] };
    // 2026-11-23 is a Monday; noon UTC is 09:00 in São Paulo, the same day.
    const names = ["segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado", "domingo"];
    names.forEach((name, i) => {
      const date = `2026-11-${String(23 + i).padStart(2, "0")}`;
      expect(composeSystemPrompt({ ...base, now: new Date(`${date}T12:00:00Z`) })).toContain(`Hoje é ${name}, ${date}, 09:00`);
    });
  });

  it("on the web chat, tells the model to ask name and WhatsApp before booking; WhatsApp prompts do not", () => {
    const base = { settings: effectiveSettings({ global: DEFAULT_AI_SETTINGS, own: null }), practice, now: new Date(), patient: { name: null, known: false }, upcoming: [] };
    const web = composeSystemPrompt({ ...base, channel: "web_chat" });
    expect(web).toContain("Canal: chat do site");
    expect(web).toContain("patient_phone");
    expect(web).toContain("Visitante do site ainda sem nome e WhatsApp informados.");
    const whatsapp = composeSystemPrompt(base);
    expect(whatsapp).not.toContain("chat do site");
    expect(whatsapp).toContain("Contato ainda sem cadastro");
  });

  it("says when the professional takes no new bookings", () => {
    const prompt = composeSystemPrompt({
      settings: effectiveSettings({ global: DEFAULT_AI_SETTINGS, own: null }),
      practice: { ...practice, acceptingBookings: false },
      now: new Date(),
      patient: { name: null, known: false },
      upcoming: [],
    });
    expect(prompt).toContain("não está aceitando novos agendamentos");
  });
});

describe("texts", () => {
  it("writes business hours and dates in Portuguese", () => {
    expect(businessHoursText([1, 2, 3, 4, 5], "08:00", "18:00")).toBe("segunda a sexta, das 08:00 às 18:00");
    expect(businessHoursText([1, 3, 5], "09:00:00", "17:30:00")).toBe("segunda, quarta e sexta, das 09:00 às 17:30");
    expect(longDate("2026-11-26")).toBe("quinta-feira, 26 de novembro");
  });

  it("recognises a request for a person, an emergency and a claimed booking", () => {
    expect(asksForPerson("Quero falar com a doutora")).toBe(true);
    expect(asksForPerson("Tem ATENDENTE aí?")).toBe(true);
    expect(asksForPerson("Quero marcar uma consulta")).toBe(false);
    expect(safetyCaseOf("estou com dor no peito")).toBe("emergency");
    expect(safetyCaseOf("Não consigo respirar direito")).toBe("emergency");
    expect(safetyCaseOf("dor nas costas leve")).toBeNull();
    expect(claimsAgendaChange("Prontinho, sua consulta foi agendada!")).toBe(true);
    expect(claimsAgendaChange("Temos horários livres amanhã.")).toBe(false);
  });

  it("names the professional by title and first name in a handoff", () => {
    expect(TEXTS.handoff("Dra. Ana Souza")).toContain("Dra. Ana");
    expect(TEXTS.handoff("Carlos Mendes")).toContain("para Carlos,");
  });
});

describe("statusAfterInbound", () => {
  it("lets the assistant take new and resolved conversations and leaves people's alone", () => {
    expect(statusAfterInbound(null, true)).toBe("bot_handling");
    expect(statusAfterInbound(null, false)).toBe("waiting");
    expect(statusAfterInbound("resolved", true)).toBe("bot_handling");
    expect(statusAfterInbound("bot_handling", false)).toBe("waiting");
    expect(statusAfterInbound("in_progress", true)).toBe("in_progress");
    expect(statusAfterInbound("waiting", true)).toBe("waiting");
  });
});
