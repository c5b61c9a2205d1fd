import { openAiSdk, type OpenAiClientOptions } from "./openai-client";

/** OpenAI's moderation model (https://platform.openai.com/docs/guides/moderation): text and images, free of charge. */
export const MODERATION_MODEL = "omni-moderation-latest";

/** The categories that send a patient to the crisis path (docs/decisions/030). */
const SELF_HARM = ["self-harm", "self-harm/intent", "self-harm/instructions"] as const;

export interface ModerationClient {
  /** Whether any of the texts is flagged for self-harm, self-harm intent or self-harm instructions. */
  selfHarm(texts: readonly string[]): Promise<boolean>;
}

/** OpenAI's moderation endpoint through the official SDK (one attempt, bounded by `timeoutMs`). */
export function createOpenAiModeration(options: OpenAiClientOptions): ModerationClient {
  const client = openAiSdk(options);
  return {
    async selfHarm(texts) {
      const answer = await client.moderations.create({ model: MODERATION_MODEL, input: [...texts] });
      return answer.results.some((result) => SELF_HARM.some((category) => result.categories[category]));
    },
  };
}
