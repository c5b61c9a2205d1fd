import OpenAI from "openai";
import type { ChatCompletionMessageParam, ChatCompletionTool } from "openai/resources/chat/completions";
import type { LlmClient, LlmMessage, LlmRequest, LlmResponse, LlmToolCall } from "./llm-client";

export interface OpenAiClientOptions {
  apiKey: string;
  /** OPENAI_BASE_URL: a compatible or local endpoint (including its `/v1`); unset means OpenAI's own. */
  baseUrl?: string;
  /** One attempt's limit; the SDK aborts the request past it. */
  timeoutMs: number;
}

/**
 * The SDK's client as every OpenAI call here wants it: exactly one HTTP attempt (`maxRetries: 0`; retrying is the job
 * queue's business) bounded by `timeoutMs`.
 */
export function openAiSdk(options: OpenAiClientOptions): OpenAI {
  return new OpenAI({
    apiKey: options.apiKey,
    // null, not undefined: the SDK would otherwise read OPENAI_BASE_URL / OPENAI_ORG_ID / OPENAI_PROJECT_ID from
    // the environment itself, and configuration is read once, in config.ts.
    baseURL: options.baseUrl ?? null,
    organization: null,
    project: null,
    maxRetries: 0,
    timeout: options.timeoutMs,
  });
}

/** Tool arguments arrive as a JSON string the model wrote; anything but a JSON object counts as no arguments. */
export function parseToolArguments(text: string | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function toOpenAiMessage(message: LlmMessage): ChatCompletionMessageParam {
  switch (message.role) {
    case "user":
      return { role: "user", content: message.content };
    case "assistant":
      // https://platform.openai.com/docs/guides/function-calling: the assistant turn that called tools is sent back
      // with its tool_calls, each answered by a "tool" message carrying the same tool_call_id.
      return message.toolCalls?.length
        ? {
            role: "assistant",
            content: message.content,
            tool_calls: message.toolCalls.map((call) => ({
              id: call.id,
              type: "function",
              function: { name: call.name, arguments: JSON.stringify(call.arguments) },
            })),
          }
        : { role: "assistant", content: message.content ?? "" };
    case "tool":
      return { role: "tool", tool_call_id: message.toolCallId, content: message.content };
  }
}

/**
 * The assistant's LlmClient over OpenAI's Chat Completions API, through the official `openai` SDK.
 * Exactly one HTTP attempt per call (`maxRetries: 0`; retrying is the job queue's business) bounded by `timeoutMs`.
 */
export function createOpenAiClient(options: OpenAiClientOptions): LlmClient {
  const client = openAiSdk(options);

  return {
    provider: "openai",

    async complete(request: LlmRequest): Promise<LlmResponse> {
      const tools: ChatCompletionTool[] = request.tools.map((tool) => ({
        type: "function",
        function: { name: tool.name, description: tool.description, parameters: tool.parameters },
      }));
      // https://platform.openai.com/docs/api-reference/chat/create (max_completion_tokens replaces max_tokens).
      const completion = await client.chat.completions.create({
        model: request.model,
        messages: [{ role: "system", content: request.system }, ...request.messages.map(toOpenAiMessage)],
        ...(tools.length ? { tools } : {}),
        ...(request.toolChoice ? { tool_choice: { type: "function" as const, function: { name: request.toolChoice } } } : {}),
        temperature: request.temperature,
        max_completion_tokens: request.maxTokens,
      });
      const message = completion.choices[0]?.message;
      if (!message) throw new Error("OpenAI answered without a choice");
      const toolCalls: LlmToolCall[] = (message.tool_calls ?? []).flatMap((call) =>
        call.type === "function" ? [{ id: call.id, name: call.function.name, arguments: parseToolArguments(call.function.arguments) }] : [],
      );
      return { text: message.content ?? "", toolCalls };
    },
  };
}
