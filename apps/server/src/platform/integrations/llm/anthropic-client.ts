import Anthropic from "@anthropic-ai/sdk";
import type { ContentBlockParam, MessageParam, Tool } from "@anthropic-ai/sdk/resources/messages";
import type { LlmClient, LlmMessage, LlmRequest, LlmResponse, LlmToolCall } from "./llm-client";

export interface AnthropicClientOptions {
  apiKey: string;
  /** ANTHROPIC_BASE_URL: another origin for the Messages API (the SDK adds `/v1/messages`); unset means Anthropic's. */
  baseUrl?: string;
  /** One attempt's limit; the SDK aborts the request past it. */
  timeoutMs: number;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The conversation as Anthropic's alternating user/assistant messages. Tool results go back as `tool_result` blocks
 * in a user message, all results of one assistant turn in the same message, right after the turn that asked for
 * them (https://docs.anthropic.com/en/docs/build-with-claude/tool-use/implement-tool-use#handling-tool-use-and-tool-result-content-blocks);
 * so consecutive turns of the same role are merged into one message.
 */
export function toAnthropicMessages(messages: LlmMessage[]): MessageParam[] {
  const result: { role: "user" | "assistant"; content: ContentBlockParam[] }[] = [];
  const append = (role: "user" | "assistant", blocks: ContentBlockParam[]) => {
    if (!blocks.length) return;
    const last = result[result.length - 1];
    if (last?.role === role) last.content.push(...blocks);
    else result.push({ role, content: blocks });
  };
  for (const message of messages) {
    if (message.role === "user") {
      append("user", [{ type: "text", text: message.content }]);
    } else if (message.role === "assistant") {
      // Anthropic refuses empty text blocks, so a turn that only called tools carries just its tool_use blocks.
      const text: ContentBlockParam[] = message.content ? [{ type: "text", text: message.content }] : [];
      const calls: ContentBlockParam[] = (message.toolCalls ?? []).map((call) => ({
        type: "tool_use",
        id: call.id,
        name: call.name,
        input: call.arguments,
      }));
      append("assistant", [...text, ...calls]);
    } else {
      append("user", [{ type: "tool_result", tool_use_id: message.toolCallId, content: message.content }]);
    }
  }
  return result;
}

/**
 * The assistant's LlmClient over Anthropic's Messages API, through the official `@anthropic-ai/sdk`.
 * Exactly one HTTP attempt per call (`maxRetries: 0`; retrying is the job queue's business) bounded by `timeoutMs`.
 *
 * `request.temperature` is deliberately not sent: this SDK major (1.x) speaks API version 2026-10-21
 * (`anthropic-version` header, https://docs.anthropic.com/en/api/versioning), which answers 400 to any
 * `temperature`, `top_p` or `top_k`, even at their defaults, and the SDK's MessageCreateParams no longer has them.
 */
export function createAnthropicClient(options: AnthropicClientOptions): LlmClient {
  const client = new Anthropic({
    apiKey: options.apiKey,
    // null, not undefined: the SDK would otherwise read ANTHROPIC_BASE_URL from the environment itself, and
    // configuration is read once, in config.ts.
    baseURL: options.baseUrl ?? null,
    maxRetries: 0,
    timeout: options.timeoutMs,
  });

  return {
    provider: "anthropic",

    async complete(request: LlmRequest): Promise<LlmResponse> {
      // https://docs.anthropic.com/en/api/messages: the system prompt is a top-level field, tools take `input_schema`.
      const tools: Tool[] = request.tools.map((tool) => ({
        name: tool.name,
        description: tool.description,
        input_schema: tool.parameters as Tool.InputSchema,
      }));
      const answer = await client.messages.create({
        model: request.model,
        system: request.system,
        messages: toAnthropicMessages(request.messages),
        ...(tools.length ? { tools } : {}),
        ...(request.toolChoice ? { tool_choice: { type: "tool" as const, name: request.toolChoice } } : {}),
        max_tokens: request.maxTokens,
      });
      let text = "";
      const toolCalls: LlmToolCall[] = [];
      for (const block of answer.content) {
        if (block.type === "text") text += block.text;
        else if (block.type === "tool_use") {
          toolCalls.push({ id: block.id, name: block.name, arguments: isPlainObject(block.input) ? block.input : {} });
        }
      }
      return { text, toolCalls };
    },
  };
}
