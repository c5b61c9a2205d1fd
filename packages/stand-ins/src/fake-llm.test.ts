import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeLlm, type FakeLlm } from "./fake-llm";

/** One chat completion through the fake's OpenAI face; `signal` gives up on it as a client's time-out does. */
async function ask(llm: FakeLlm, signal?: AbortSignal): Promise<string> {
  const res = await fetch(`${llm.openAiBaseUrl}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer k" },
    body: JSON.stringify({ model: "gpt-4o-mini", messages: [{ role: "user", content: "Oi" }] }),
    signal,
  });
  const body = (await res.json()) as { choices: { message: { content: string | null } }[] };
  return body.choices[0]!.message.content ?? "";
}

describe("the fake model when a caller gives up", () => {
  let llm: FakeLlm;
  beforeAll(async () => {
    llm = await startFakeLlm();
  });
  afterAll(() => llm.close());

  it("keeps the scripted reply of a request whose caller timed out for the next request", async () => {
    llm.script([{ text: "primeira" }, { text: "segunda" }]);
    llm.setDelay(300);
    await expect(ask(llm, AbortSignal.timeout(50))).rejects.toThrow();
    // Past the fake's delay: the abandoned request would have taken "primeira" by now.
    await new Promise((resolve) => setTimeout(resolve, 500));
    llm.setDelay(0);
    expect(await ask(llm)).toBe("primeira");
    expect(await ask(llm)).toBe("segunda");
  });
});
