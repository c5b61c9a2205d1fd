import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeLlm, type FakeLlm } from "@clinora/stand-ins";
import type { LlmMessage, LlmRequest, LlmTool } from "./llm-client";
import { createOpenAiClient } from "./openai-client";

const CHECK_AVAILABILITY: LlmTool = {
  name: "check_availability",
  description: "Horários livres de um dia",
  parameters: { type: "object", properties: { date: { type: "string" } }, required: ["date"] },
};

function request(messages: LlmMessage[], overrides: Partial<LlmRequest> = {}): LlmRequest {
  return {
    model: "gpt-4o-mini",
    system: "Você é a recepcionista.\nHoje é quarta-feira, 2025-03-12.",
    messages,
    tools: [CHECK_AVAILABILITY],
    temperature: 0.3,
    maxTokens: 400,
    ...overrides,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("createOpenAiClient against the fake LLM (the openai SDK over real HTTP)", () => {
  let fake: FakeLlm;

  beforeAll(async () => {
    fake = await startFakeLlm();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  const client = () => createOpenAiClient({ apiKey: "sk-test", baseUrl: fake.openAiBaseUrl, timeoutMs: 2000 });

  it("answers plain text, sending the system prompt, model, temperature, token limit and tools", async () => {
    fake.script({ text: "Olá! Como posso ajudar?" });
    const answer = await client().complete(request([{ role: "user", content: "Oi" }]));

    expect(client().provider).toBe("openai");
    expect(answer).toEqual({ text: "Olá! Como posso ajudar?", toolCalls: [] });
    expect(fake.requests).toEqual([
      {
        provider: "openai",
        model: "gpt-4o-mini",
        system: "Você é a recepcionista.\nHoje é quarta-feira, 2025-03-12.",
        messages: [{ role: "user", content: "Oi" }],
        toolNames: ["check_availability"],
        temperature: 0.3,
        maxTokens: 400,
      },
    ]);
  });

  it("round-trips a tool call: parses the call, then carries the tool result back with its call id", async () => {
    const llm = client();
    const user: LlmMessage = { role: "user", content: "Tem horário na sexta?" };
    // The default receptionist brain asks for availability first.
    const first = await llm.complete(request([user]));
    expect(first.toolCalls).toHaveLength(1);
    const call = first.toolCalls[0]!;
    expect(call).toMatchObject({ name: "check_availability", arguments: { date: "2025-03-14" } });
    expect(call.id).toMatch(/^call_/);

    const result = JSON.stringify({ date: "2025-03-14", weekday: "sexta-feira", free_times: ["09:00", "10:00"] });
    const second = await llm.complete(
      request([
        user,
        { role: "assistant", content: first.text || null, toolCalls: first.toolCalls },
        { role: "tool", toolCallId: call.id, name: call.name, content: result },
      ]),
    );

    expect(second.toolCalls).toEqual([]);
    expect(second.text).toContain("09:00, 10:00");
    expect(fake.requests[1]!.messages).toEqual([
      user,
      { role: "assistant", content: null, toolCalls: [{ id: call.id, name: "check_availability", arguments: { date: "2025-03-14" } }] },
      { role: "tool", toolCallId: call.id, name: "check_availability", content: result },
    ]);
  });

  it("reads arguments that are not a JSON object as {}", async () => {
    fake.script({ toolCalls: [{ name: "check_availability", arguments: "{not json" }, { name: "check_availability", arguments: "[1]" }] });
    const answer = await client().complete(request([{ role: "user", content: "Oi" }]));
    expect(answer.toolCalls.map((call) => call.arguments)).toEqual([{}, {}]);
  });

  it("times out after timeoutMs with exactly one request (no SDK retries)", async () => {
    fake.setDelay(1000);
    const llm = createOpenAiClient({ apiKey: "sk-test", baseUrl: fake.openAiBaseUrl, timeoutMs: 150 });
    const started = Date.now();
    await expect(llm.complete(request([{ role: "user", content: "Oi" }]))).rejects.toThrow(/timed out/i);
    expect(Date.now() - started).toBeLessThan(900);
    await sleep(300);
    expect(fake.requests).toHaveLength(1);
  });

  it("makes one attempt on HTTP 500 and rejects", async () => {
    fake.failNext(1, 500);
    await expect(client().complete(request([{ role: "user", content: "Oi" }]))).rejects.toMatchObject({ status: 500 });
    await sleep(200);
    expect(fake.requests).toHaveLength(1);
  });
});
