import { z } from "zod";
import { requiredText } from "./common";
import { AI_MAX_TEMPERATURE, AI_MODELS, AI_PROVIDERS } from "./enums";
import { MSG } from "./messages";

/** Models offered per provider (docs/product/admin.md §3, docs/product/assistant.md §9): GET /api/ai-settings/models. */
export const aiModelsSchema = z.object(Object.fromEntries(AI_PROVIDERS.map((p) => [p, z.array(z.string())])) as Record<(typeof AI_PROVIDERS)[number], z.ZodArray<z.ZodString>>);
export type AiModels = z.infer<typeof aiModelsSchema>;

/** docs/product/admin.md §9: step 0.1, prompt at least 10 characters. */
export const AI_TEMPERATURE_STEP = 0.1;
export const AI_PROMPT_MIN_LENGTH = 10;

/** The temperature on the 0.1 grid, without float noise (0.30000000000000004). */
export const roundToTemperatureStep = (value: number) => Math.round(value * 10) / 10;

/** "2.0", "1.0": how the spec writes a provider's maximum temperature in its messages. */
/** Temperature as shown to people: one decimal, decimal comma (pt-BR). */
export const formatTemperature = (value: number) => value.toFixed(1).replace(".", ",");

/** The global assistant configuration for all professionals (docs/product/admin.md §3 "Global AI settings"). */
export const aiSettingsSchema = z.object({
  provider: z.enum(AI_PROVIDERS),
  model: z.string(),
  temperature: z.number(),
  system_prompt: z.string(),
});
export type AiSettings = z.infer<typeof aiSettingsSchema>;

/** PUT /api/ai-settings answers the saved settings in `data` (docs/product/admin.md §7 "response data field returned"). */
export const aiSettingsSavedSchema = z.object({ data: aiSettingsSchema });

/**
 * PUT /api/ai-settings (docs/product/admin.md §5): the model must be one of the provider's, the temperature within the
 * provider's range (0 to 2 for openai, 0 to 1 for anthropic), the trimmed prompt at least 10 characters.
 */
export const aiSettingsInputSchema = z
  .object({
    provider: z.enum(AI_PROVIDERS, MSG.aiProviderRequired),
    model: requiredText(MSG.aiModelRequired),
    temperature: z.number("Temperatura deve ser um número"),
    system_prompt: z.string(MSG.aiPromptMin).trim().min(AI_PROMPT_MIN_LENGTH, MSG.aiPromptMin).max(20_000),
  })
  .superRefine((v, ctx) => {
    if (!AI_MODELS[v.provider].includes(v.model)) ctx.addIssue({ code: "custom", path: ["model"], message: MSG.aiModelRequired });
    const max = AI_MAX_TEMPERATURE[v.provider];
    if (v.temperature < 0 || v.temperature > max) {
      ctx.addIssue({ code: "custom", path: ["temperature"], message: MSG.aiTemperatureRange(formatTemperature(max)) });
    }
  });
export type AiSettingsInput = z.output<typeof aiSettingsInputSchema>;

/** What GET /api/ai-settings answers before an administrator has saved anything (docs/product/admin.md §9). */
export const DEFAULT_AI_SETTINGS: AiSettings = {
  provider: "openai",
  model: "gpt-4o-mini",
  temperature: 0.7,
  system_prompt: `Você é {assistant_name}, assistente virtual de {clinic_name} ({specialty}), e atende pacientes pelo WhatsApp.
Responda com cordialidade, em português do Brasil e com frases curtas.
Você pode informar endereço e horários de atendimento ({business_hours}), consultar horários livres e agendar,
remarcar ou cancelar consultas, além de tirar dúvidas administrativas.
Nunca dê diagnósticos, orientações clínicas ou indicações de medicamentos. Em caso de urgência, oriente o
paciente a procurar o pronto-socorro mais próximo ou ligar para o SAMU (192).
Quando não souber responder, diga que vai encaminhar a mensagem para a equipe da clínica.`,
};
