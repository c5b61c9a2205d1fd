import { AI_MAX_TEMPERATURE, AI_MODELS, DEFAULT_AI_SETTINGS, type AiProvider, type AiSettings, type AssistantSettings } from "@clinora/contracts";
import { weekdayName } from "@clinora/contracts/date-display";
import { toLocal } from "@clinora/contracts/zoned-time";

/** "segunda a sexta, das 08:00 às 18:00" (business days 0 = Sunday … 6 = Saturday). */
export function businessHoursText(days: readonly number[], start: string, end: string): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  const short = (d: number) => weekdayName(d).replace("-feira", "");
  const contiguous = sorted.length > 2 && sorted.every((d, i) => i === 0 || d === sorted[i - 1]! + 1);
  const list = contiguous
    ? `${short(sorted[0]!)} a ${short(sorted[sorted.length - 1]!)}`
    : sorted.map(short).join(", ").replace(/, ([^,]*)$/, " e $1");
  return `${list || "sem dias definidos"}, das ${start.slice(0, 5)} às ${end.slice(0, 5)}`;
}

/** What the assistant knows about the practice it speaks for. */
export interface PracticeFacts {
  professionalName: string;
  clinicName: string | null;
  specialty: string;
  address: string | null;
  timeZone: string;
  businessDays: number[];
  businessStart: string;
  businessEnd: string;
  acceptingBookings: boolean;
}

/** The platform's settings (admin) and the professional's own (null before the professional saved the form). */
export interface AssistantSettingsLayers {
  global: AiSettings;
  own: AssistantSettings | null;
}

export interface EffectiveAssistantSettings {
  provider: AiProvider;
  model: string;
  temperature: number;
  maxTokens: number;
  assistantName: string;
  /** The prompt's own part, placeholders still unfilled. */
  promptTemplate: string;
  instructions: string | null;
}

export const DEFAULT_ASSISTANT_NAME = "Marge";
export const DEFAULT_MAX_TOKENS = 500;

/**
 * How the two layers compose (docs/decisions/013): the platform chooses the provider; the professional's model
 * applies when it belongs to that provider, else the platform's; the professional's temperature, tokens, name,
 * prompt and instructions refine the platform's; a blank prompt falls back to the platform's, then the safe
 * default. Temperature is clamped to the provider's range (Anthropic accepts 0 to 1).
 */
export function effectiveSettings({ global, own }: AssistantSettingsLayers): EffectiveAssistantSettings {
  const model = own && AI_MODELS[global.provider].includes(own.ai_model) ? own.ai_model : global.model;
  const temperature = Math.min(own?.ai_temperature ?? global.temperature, AI_MAX_TEMPERATURE[global.provider]);
  return {
    provider: global.provider,
    model,
    temperature,
    maxTokens: own?.ai_max_tokens ?? DEFAULT_MAX_TOKENS,
    assistantName: own?.ai_role_name?.trim() || DEFAULT_ASSISTANT_NAME,
    promptTemplate: own?.ai_system_prompt?.trim() || global.system_prompt.trim() || DEFAULT_AI_SETTINGS.system_prompt,
    instructions: own?.ai_instructions?.trim() || null,
  };
}

/**
 * Rules that hold whatever prompt the clinic writes: they keep the assistant inside what a receptionist may do
 * and make bookings go through the tools (the server writes every confirmation).
 */
const FIXED_RULES = `Regras que sempre valem:
- Responda no idioma do paciente (português do Brasil por padrão), em mensagens curtas de WhatsApp.
- Nunca dê diagnósticos, interpretações de exames, orientações de tratamento ou indicações de medicamentos.
- Sintomas de urgência (dor no peito, falta de ar, desmaio, sangramento intenso): oriente a ligar imediatamente para o SAMU (192) ou ir ao pronto-socorro mais próximo e chame handoff_to_human.
- Se o paciente falar, mesmo indiretamente, em suicídio, em se machucar, em não querer viver, em ser um peso, em se despedir, ou disser que tomou remédios demais ou veneno, chame report_risk e não escreva mais nada: o sistema envia a resposta de crise.
- Para ver horários use check_availability; para agendar, remarcar, confirmar ou cancelar use as ferramentas. Quando o paciente responde a um lembrete de consulta (1 ou "confirmo" para confirmar, 2 ou "cancelar" para cancelar), use confirm_appointment ou cancel_appointment com a consulta do lembrete (list_my_appointments dá o id). Nunca diga que algo foi agendado, remarcado ou cancelado sem o resultado da ferramenta: o sistema envia a confirmação ao paciente.
- Para agendar para um paciente novo, pergunte o nome completo antes e envie-o em patient_name.
- Se o paciente pedir para falar com uma pessoa, ou se você não souber ajudar, chame handoff_to_human.
- Não peça nem repita CPF, dados de cartão ou informações clínicas.`;

/**
 * The web chat (docs/decisions/016): the visitor is nobody yet. Name and WhatsApp number come before any booking,
 * so the patient record, and later WhatsApp messages from that number, are the same person.
 */
const WEB_CHAT_RULES = `Canal: chat do site da clínica (não é WhatsApp).
- Antes de agendar, peça o nome completo e o número de WhatsApp com DDD do visitante; envie-os em patient_name e patient_phone ao chamar book_appointment.
- Se o número não for válido, peça de novo com DDD.`;

export interface PromptContext {
  /** Where the patient writes from; WhatsApp when absent. */
  channel?: "whatsapp" | "web_chat";
  settings: EffectiveAssistantSettings;
  practice: PracticeFacts;
  now: Date;
  patient: { name: string | null; known: boolean };
  upcoming: { date: string; time: string; type: string; status: string }[];
}

/**
 * The prompt's instructions (the clinic's prompt without its filled facts, its instructions, the fixed rules): a
 * reply that repeats 8 or more consecutive words of them is not sent (docs/decisions/030).
 */
export function promptInstructions(settings: EffectiveAssistantSettings, practice: Pick<PracticeFacts, "clinicName" | "professionalName" | "specialty">, channel: "whatsapp" | "web_chat" = "whatsapp"): string {
  const template = settings.promptTemplate
    .replaceAll("{assistant_name}", settings.assistantName)
    .replaceAll("{clinic_name}", practice.clinicName || practice.professionalName)
    .replaceAll("{specialty}", practice.specialty)
    .replaceAll("{business_hours}", " ");
  return [template, settings.instructions, FIXED_RULES, channel === "web_chat" ? WEB_CHAT_RULES : null].filter(Boolean).join("\n\n");
}

/** The full system prompt: the clinic's prompt with placeholders filled, the fixed rules, and the context. */
export function composeSystemPrompt({ channel = "whatsapp", settings, practice, now, patient, upcoming }: PromptContext): string {
  const webChat = channel === "web_chat";
  const hours = businessHoursText(practice.businessDays, practice.businessStart, practice.businessEnd);
  const filled = settings.promptTemplate
    .replaceAll("{assistant_name}", settings.assistantName)
    .replaceAll("{clinic_name}", practice.clinicName || practice.professionalName)
    .replaceAll("{specialty}", practice.specialty)
    .replaceAll("{business_hours}", hours);
  const local = toLocal(now, practice.timeZone);
  const context = [
    `Hoje é ${weekdayName(local.weekday)}, ${local.date}, ${local.time} (fuso ${practice.timeZone}).`,
    `Profissional: ${practice.professionalName} (${practice.specialty}). Atendimento: ${hours}.`,
    practice.address ? `Endereço: ${practice.address}.` : null,
    practice.acceptingBookings
      ? null
      : "A profissional não está aceitando novos agendamentos no momento: não agende; diga isso ao paciente. Ainda é possível responder dúvidas e cancelar.",
    patient.known
      ? `Paciente cadastrado: ${patient.name}.`
      : webChat
        ? "Visitante do site ainda sem nome e WhatsApp informados."
        : `Contato ainda sem cadastro${patient.name ? ` (nome no WhatsApp: ${patient.name})` : ""}.`,
    upcoming.length
      ? `Próximas consultas deste paciente: ${upcoming.map((a) => `${a.date} ${a.time} (${a.type}, ${a.status})`).join("; ")}.`
      : "Este paciente não tem consultas futuras.",
  ].filter(Boolean);
  return [
    filled,
    settings.instructions ? `Instruções da clínica:\n${settings.instructions}` : null,
    FIXED_RULES,
    webChat ? WEB_CHAT_RULES : null,
    `Contexto:\n${context.join("\n")}`,
  ]
    .filter(Boolean)
    .join("\n\n");
}
