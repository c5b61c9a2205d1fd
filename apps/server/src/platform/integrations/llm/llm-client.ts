/**
 * The assistant's language model, provider-neutral (docs/product/engineering-conventions.md §9). The real adapters are `openai-client.ts`
 * and `anthropic-client.ts` (the vendors' SDKs, pointed at OPENAI_BASE_URL / ANTHROPIC_BASE_URL when set).
 * They make exactly one HTTP attempt per call (no SDK retries): retrying is the job queue's business.
 */

/** A tool the model may call; `parameters` is a JSON Schema object. */
export interface LlmTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface LlmToolCall {
  /** The provider's id for this call, echoed back with its result. */
  id: string;
  name: string;
  /** Parsed JSON arguments ({} when the model sent none or sent invalid JSON). */
  arguments: Record<string, unknown>;
}

/** A conversation turn, in the order it happened. */
export type LlmMessage =
  | { role: "user"; content: string }
  | { role: "assistant"; content: string | null; toolCalls?: LlmToolCall[] }
  | { role: "tool"; toolCallId: string; name: string; content: string };

export interface LlmRequest {
  model: string;
  system: string;
  messages: LlmMessage[];
  tools: LlmTool[];
  temperature: number;
  maxTokens: number;
  /**
   * Forces a call of this tool (one of `tools`): a classification asks for a verdict as a tool call, never free text
   * (OpenAI `tool_choice: {type: "function"}`, Anthropic `tool_choice: {type: "tool"}`).
   */
  toolChoice?: string;
}

export interface LlmResponse {
  /** The model's text (may be empty when it only calls tools). */
  text: string;
  toolCalls: LlmToolCall[];
}

export interface LlmClient {
  readonly provider: "openai" | "anthropic";
  complete(request: LlmRequest): Promise<LlmResponse>;
}
