/**
 * Platform settings of the demo: the global AI settings, the assistant's name and the spare WhatsApp number
 * (each professional's own number, instructions and calendar are in accounts.data.ts). Data only; settings.rows.ts
 * turns it into rows.
 */

/** The assistant's name in every practice (assistant settings and the scripts' {assistant}). */
export const ASSISTANT_NAME = "Marge";

const AI_SYSTEM_PROMPT = `Você é {assistant_name}, assistente virtual de {clinic_name} ({specialty}).
Atenda pacientes pelo WhatsApp com cordialidade, em português do Brasil, com frases curtas.
Você pode: informar endereço e horários de atendimento ({business_hours}), consultar horários livres,
agendar, remarcar ou cancelar consultas e tirar dúvidas administrativas (valores, recibos, documentos).
Nunca dê diagnóstico, orientação clínica ou indicação de medicamentos. Em caso de urgência ou sinais de risco,
oriente a procurar o pronto-socorro mais próximo ou ligar para o SAMU (192) e avise a equipe da clínica.
Quando não souber responder, diga que vai encaminhar a mensagem para a equipe.`;

export const AI_SETTINGS = { provider: "openai", model: "gpt-4o-mini", temperature: 0.7, systemPrompt: AI_SYSTEM_PROMPT } as const;

/** A WhatsApp number not yet given to a professional. */
export const SPARE_WHATSAPP_NUMBER = { key: "spare", e164: "+5511940000099", label: "Número reserva (sem profissional)" };
