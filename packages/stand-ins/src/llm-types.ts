/**
 * The one provider-neutral shape the fake LLM turns both OpenAI's and Anthropic's requests into, so a brain (and a
 * test's assertions) need not know which SDK called. Kept here, not imported from the server, so the stand-ins stay
 * free of product code.
 */

export interface NormalizedToolCall {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

export type NormalizedTurn =
  | { role: "user"; content: string }
  | { role: "assistant"; content: string | null; toolCalls?: NormalizedToolCall[] }
  /** A tool's result; `name` is recovered from the assistant turn that made the call. */
  | { role: "tool"; toolCallId: string; name: string; content: string };

export interface NormalizedLlmRequest {
  provider: "openai" | "anthropic";
  model: string;
  system: string;
  messages: NormalizedTurn[];
  toolNames: string[];
  temperature: number | null;
  maxTokens: number | null;
  /** The tool the request forces (OpenAI `tool_choice.function.name`, Anthropic `tool_choice.name`), if any. */
  toolChoice: string | null;
}

export interface BrainToolCall {
  name: string;
  /** The arguments object; a string is sent as the raw arguments text (OpenAI), e.g. to test invalid JSON. */
  arguments: Record<string, unknown> | string;
}

/** What a brain (or a scripted reply) answers: text, tool calls, or both. */
export interface BrainReply {
  text?: string;
  toolCalls?: BrainToolCall[];
}

export type LlmBrain = (request: NormalizedLlmRequest) => BrainReply | Promise<BrainReply>;
