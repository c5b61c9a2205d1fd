import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeLlm, type FakeLlm } from "@clinora/stand-ins";
import { createAnthropicClient, toAnthropicMessages } from "./anthropic-client";
import type { LlmMessage, LlmRequest, LlmTool } from "./llm-client";

const TOOLS: LlmTool[] = [
  {
    name: "check_availability",
    description: "Horários livres de um dia",
    parameters: { type: "object", properties: { date: { type: "string" } }, required: ["date"] },
  },
  { name: "list_my_appointments", description: "Consultas do paciente", parameters: { type: "object", properties: {} } },
];

function request(messages: LlmMessage[]): LlmRequest {
  return {
    model: "claude-haiku-4-5",
    system: "Você é a recepcionista.\nHoje é quarta-feira, 2025-03-12.",
    messages,
    tools: TOOLS,
    temperature: 1,
    maxTokens: 400,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("createAnthropicClient against the fake LLM (@anthropic-ai/sdk over real HTTP)", () => {
  let fake: FakeLlm;

  beforeAll(async () => {
    fake = await startFakeLlm();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  const client = () => createAnthropicClient({ apiKey: "sk-ant-test", baseUrl: fake.anthropicBaseUrl, timeoutMs: 2000 });

  it("answers plain text, with the system prompt as its own field and the tools' input schemas", async () => {
    fake.script({ text: "Olá! Como posso ajudar?" });
    const answer = await client().complete(request([{ role: "user", content: "Oi" }]));

    expect(client().provider).toBe("anthropic");
    expect(answer).toEqual({ text: "Olá! Como posso ajudar?", toolCalls: [] });
    // No temperature: API version 2026-10-21 (what this SDK sends) answers 400 to any sampling parameter.
    expect(fake.requests).toEqual([
      {
        provider: "anthropic",
        model: "claude-haiku-4-5",
        system: "Você é a recepcionista.\nHoje é quarta-feira, 2025-03-12.",
        messages: [{ role: "user", content: "Oi" }],
        toolNames: ["check_availability", "list_my_appointments"],
        temperature: null,
        maxTokens: 400,
      },
    ]);
  });

  it("round-trips tool calls: two results of one turn go back in one user message of tool_result blocks", async () => {
    const llm = client();
    const user: LlmMessage = { role: "user", content: "Tem horário na sexta? E quais são minhas consultas?" };
    fake.script({
      text: "Vou verificar.",
      toolCalls: [
        { name: "check_availability", arguments: { date: "2025-03-14" } },
        { name: "list_my_appointments", arguments: {} },
      ],
    });
    const first = await llm.complete(request([user]));
    expect(first.text).toBe("Vou verificar.");
    expect(first.toolCalls.map((call) => [call.name, call.arguments])).toEqual([
      ["check_availability", { date: "2025-03-14" }],
      ["list_my_appointments", {}],
    ]);
    const [availability, appointments] = first.toolCalls;
    expect(availability!.id).toMatch(/^toolu_/);

    const freeTimes = JSON.stringify({ date: "2025-03-14", weekday: "sexta-feira", free_times: ["09:00"] });
    const noAppointments = JSON.stringify({ appointments: [] });
    // The fake answers 400, as Anthropic does, if a tool_result does not follow its tool_use message directly.
    const second = await llm.complete(
      request([
        user,
        { role: "assistant", content: first.text, toolCalls: first.toolCalls },
        { role: "tool", toolCallId: availability!.id, name: availability!.name, content: freeTimes },
        { role: "tool", toolCallId: appointments!.id, name: appointments!.name, content: noAppointments },
      ]),
    );

    expect(second.toolCalls).toEqual([]);
    expect(second.text).not.toBe("");
    expect(fake.requests[1]!.messages).toEqual([
      user,
      { role: "assistant", content: "Vou verificar.", toolCalls: first.toolCalls },
      { role: "tool", toolCallId: availability!.id, name: "check_availability", content: freeTimes },
      { role: "tool", toolCallId: appointments!.id, name: "list_my_appointments", content: noAppointments },
    ]);
  });

  it("groups consecutive tool results into one user turn and leaves out empty assistant text", () => {
    const call = { id: "toolu_1", name: "list_my_appointments", arguments: {} };
    const call2 = { id: "toolu_2", name: "check_availability", arguments: { date: "2025-03-14" } };
    expect(
      toAnthropicMessages([
        { role: "user", content: "Oi" },
        { role: "assistant", content: null, toolCalls: [call, call2] },
        { role: "tool", toolCallId: "toolu_1", name: call.name, content: "{}" },
        { role: "tool", toolCallId: "toolu_2", name: call2.name, content: "[]" },
      ]),
    ).toEqual([
      { role: "user", content: [{ type: "text", text: "Oi" }] },
      {
        role: "assistant",
        content: [
          { type: "tool_use", id: "toolu_1", name: "list_my_appointments", input: {} },
          { type: "tool_use", id: "toolu_2", name: "check_availability", input: { date: "2025-03-14" } },
        ],
      },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "toolu_1", content: "{}" },
          { type: "tool_result", tool_use_id: "toolu_2", content: "[]" },
        ],
      },
    ]);
  });

  it("times out after timeoutMs with exactly one request (no SDK retries)", async () => {
    fake.setDelay(1000);
    const llm = createAnthropicClient({ apiKey: "sk-ant-test", baseUrl: fake.anthropicBaseUrl, timeoutMs: 150 });
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
