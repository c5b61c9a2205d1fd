import { z } from "zod";
import { AI_MODELS } from "./enums";
import { MSG } from "./messages";

/** The professional's assistant (docs/product/assistant.md §3 "Assistant settings", §9). */
export const ASSISTANT_MODELS = AI_MODELS.openai;
export const ASSISTANT_DEFAULTS = {
  ai_enabled: true,
  ai_model: ASSISTANT_MODELS[0]!,
  ai_role_name: "Marge",
  ai_temperature: 0.7,
  ai_max_tokens: 500,
} as const;
export const ASSISTANT_TEMPERATURE = { min: 0, max: 2, step: 0.1 } as const;
export const ASSISTANT_MAX_TOKENS = { min: 100, max: 2000, step: 50 } as const;
export const ASSISTANT_TEXT_MAX = { roleName: 60, systemPrompt: 4000, instructions: 2000 } as const;

export const assistantSettingsSchema = z.object({
  ai_enabled: z.boolean(),
  ai_model: z.string(),
  ai_role_name: z.string().nullable(),
  ai_system_prompt: z.string().nullable(),
  ai_instructions: z.string().nullable(),
  ai_temperature: z.number(),
  ai_max_tokens: z.number().int(),
});
export type AssistantSettings = z.infer<typeof assistantSettingsSchema>;

/**
 * A number, or text that reads as one (form inputs hand over text); anything else fails with the spec's
 * message for both fields (docs/product/assistant.md §5).
 */
const numeric = z.union([z.number(), z.string()], MSG.assistantNumbersInvalid).transform((value, ctx) => {
  const n = typeof value === "number" ? value : value.trim() === "" ? Number.NaN : Number(value.trim());
  if (Number.isFinite(n)) return n;
  ctx.addIssue({ code: "custom", message: MSG.assistantNumbersInvalid });
  return z.NEVER;
});

/** Whole multiples of `step` from `min`, tolerant of binary fractions such as 0.7 * 10 = 7.000000000000001. */
function onStep(value: number, range: { min: number; max: number; step: number }): boolean {
  const steps = (value - range.min) / range.step;
  return value >= range.min && value <= range.max && Math.abs(steps - Math.round(steps)) < 1e-9;
}

/** Trimmed; blank is stored as null (docs/product/assistant.md §5). */
const optionalTrimmed = (max: number) =>
  z
    .string()
    .trim()
    .max(max, MSG.assistantTextTooLong(max))
    .nullish()
    .transform((v) => (v ? v : null));

/** PUT /api/professionals/me/ai-settings; also the form schema of the assistant card. */
export const assistantSettingsInputSchema = z.object({
  ai_enabled: z.boolean("Informe se o assistente está ativado"),
  ai_model: z.enum(ASSISTANT_MODELS as [string, ...string[]], MSG.aiModelRequired),
  ai_role_name: optionalTrimmed(ASSISTANT_TEXT_MAX.roleName),
  ai_system_prompt: optionalTrimmed(ASSISTANT_TEXT_MAX.systemPrompt),
  ai_instructions: optionalTrimmed(ASSISTANT_TEXT_MAX.instructions),
  ai_temperature: numeric.refine((v) => onStep(v, ASSISTANT_TEMPERATURE), MSG.assistantTemperatureRange),
  ai_max_tokens: numeric.refine((v) => onStep(v, ASSISTANT_MAX_TOKENS), MSG.assistantMaxTokensRange),
});
export type AssistantSettingsInput = z.input<typeof assistantSettingsInputSchema>;
export type AssistantSettingsUpdate = z.output<typeof assistantSettingsInputSchema>;

/** "Testar assistente": the transcript so far, kept by the browser; the last turn is the professional's message. */
export const ASSISTANT_TEST_MAX_TURNS = 30;
/** A turn's length: the professional's messages are short; the assistant's may run to its max tokens. */
export const ASSISTANT_TEST_TURN_MAX = 8000;
export const assistantTestRequestSchema = z.object({
  messages: z
    .array(
      z.object({
        role: z.enum(["patient", "assistant"]),
        content: z.string().trim().min(1, MSG.assistantTestMessageRequired).max(ASSISTANT_TEST_TURN_MAX),
      }),
    )
    .min(1, MSG.assistantTestMessageRequired)
    .max(ASSISTANT_TEST_MAX_TURNS),
});
export type AssistantTestRequest = z.infer<typeof assistantTestRequestSchema>;

/** The assistant's answer and what its tools did (bookings are a dry run: nothing is written). */
export const assistantTestResponseSchema = z.object({
  reply: z.string(),
  actions: z.array(z.object({ tool: z.string(), summary: z.string() })),
  handed_off: z.boolean(),
});
export type AssistantTestResponse = z.infer<typeof assistantTestResponseSchema>;
