import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeLlm, type FakeLlm } from "@clinora/stand-ins";
import { createAnthropicClient, toAnthropicMessages } from "./anthropic-client";
import type { LlmClient, LlmMessage, LlmRequest, LlmTool } from "./llm-client";
import { createOpenAiClient } from "./openai-client";
import { createOpenAiModeration, MODERATION_MODEL } from "./moderation";

const CHECK_AVAILABILITY: LlmTool = {
  name: "check_availability",
  description: "Horários livres de um dia",
  parameters: { type: "object", properties: { date: { type: "string" } }, required: ["date"] },
};
const LIST_MY_APPOINTMENTS: LlmTool = { name: "list_my_appointments", description: "Consultas do paciente", parameters: { type: "object", properties: {} } };

const anthropicRequest = (messages: LlmMessage[]): LlmRequest => ({
  model: "claude-haiku-4-5",
  system: "Você é a recepcionista.\nHoje é quarta-feira, 2025-03-12.",
  messages,
  tools: [CHECK_AVAILABILITY, LIST_MY_APPOINTMENTS],
  temperature: 1,
  maxTokens: 400,
});

const openAiRequest = (messages: LlmMessage[]): LlmRequest => ({
  ...anthropicRequest(messages),
  model: "gpt-4o-mini",
  tools: [CHECK_AVAILABILITY],
  temperature: 0.3,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// One fake LLM serves both adapters, each speaking to it through its vendor's own SDK over real HTTP.
let fake: FakeLlm;

beforeAll(async () => {
  fake = await startFakeLlm();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const anthropicClient = (timeoutMs = 2000) => createAnthropicClient({ apiKey: "sk-ant-test", baseUrl: fake.anthropicBaseUrl, timeoutMs });
const openAiClient = (timeoutMs = 2000) => createOpenAiClient({ apiKey: "sk-test", baseUrl: fake.openAiBaseUrl, timeoutMs });

describe("createAnthropicClient against the fake LLM (@anthropic-ai/sdk over real HTTP)", () => {
  const client = anthropicClient;
  const request = anthropicRequest;

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
        toolChoice: null,
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
});

describe("createOpenAiClient against the fake LLM (the openai SDK over real HTTP)", () => {
  const client = openAiClient;
  const request = openAiRequest;

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
        toolChoice: null,
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
});

describe.each<[string, (timeoutMs?: number) => LlmClient, (messages: LlmMessage[]) => LlmRequest]>([
  ["anthropic", anthropicClient, anthropicRequest],
  ["openai", openAiClient, openAiRequest],
])("the %s client makes one attempt per call", (_provider, client, request) => {
  it("times out after timeoutMs with exactly one request (no SDK retries)", async () => {
    fake.setDelay(1000);
    const llm = client(150);
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

describe.each([
  ["anthropic", anthropicClient, anthropicRequest],
  ["openai", openAiClient, openAiRequest],
])("the %s client forces a tool for a classification (docs/decisions/030)", (provider, client, request) => {
  it("sends the forced tool, which the fake answers apart from the reply model's requests", async () => {
    const verdict: LlmTool = { name: "agenda_verdict", description: "Veredito", parameters: { type: "object", properties: { verdict: { type: "string", enum: ["yes", "no"] } } } };
    fake.scriptVerdict({ toolCalls: [{ name: "agenda_verdict", arguments: { verdict: "yes", reason: "afirma uma consulta" } }] });
    const answer = await client().complete({ ...request([{ role: "user", content: "Sua consulta é sexta às 10h." }]), tools: [verdict], toolChoice: "agenda_verdict" });
    expect(answer.toolCalls).toEqual([{ id: expect.any(String), name: "agenda_verdict", arguments: { verdict: "yes", reason: "afirma uma consulta" } }]);
    expect(fake.requests).toHaveLength(0);
    expect(fake.classifications).toEqual([{ provider, model: request([]).model, tool: "agenda_verdict", input: "Sua consulta é sexta às 10h." }]);
  });
});

describe("OpenAI's moderation endpoint through the SDK", () => {
  it("asks omni-moderation-latest and reads the self-harm categories", async () => {
    const moderation = createOpenAiModeration({ apiKey: "sk-test", baseUrl: fake.openAiBaseUrl, timeoutMs: 2000 });
    fake.scriptModeration([{ selfHarm: true }, { selfHarm: false }]);
    await expect(moderation.selfHarm(["não aguento mais nada"])).resolves.toBe(true);
    await expect(moderation.selfHarm(["quero marcar"])).resolves.toBe(false);
    expect(fake.moderations).toEqual([
      { model: MODERATION_MODEL, input: ["não aguento mais nada"] },
      { model: MODERATION_MODEL, input: ["quero marcar"] },
    ]);
    fake.scriptModeration({ failWith: 500 });
    await expect(moderation.selfHarm(["oi"])).rejects.toMatchObject({ status: 500 });
  });
});
