import { afterEach, describe, expect, it, vi } from "vitest";
import type { LlmClient, LlmRequest } from "../../../platform/integrations/llm/llm-client";
import { agendaSecondOpinion, CHECK_TIMEOUT_MS, emptyCheckStats, riskFlagged, type SafetyChecks } from "./second-opinions";

/** docs/decisions/030: the vendor's checks, with a client that answers whatever the test says. */
function checks(answer: (request: LlmRequest) => Promise<{ text: string; toolCalls: { id: string; name: string; arguments: Record<string, unknown> }[] }>, overrides: Partial<SafetyChecks> = {}) {
  const requests: LlmRequest[] = [];
  const llm: LlmClient = { provider: "openai", complete: (request) => (requests.push(request), answer(request)) };
  const logged: string[] = [];
  const value: SafetyChecks = {
    secondOpinion: { enabled: true, model: null },
    riskCheck: { enabled: true, model: null },
    llm: { openai: llm, anthropic: { ...llm, provider: "anthropic" } },
    moderation: null,
    log: (event) => logged.push(event),
    stats: emptyCheckStats(),
    ...overrides,
  };
  return { value, requests, logged };
}
const verdict = (v: unknown) => async () => ({ text: "", toolCalls: [{ id: "1", name: "agenda_verdict", arguments: { verdict: v, reason: "r" } }] });

afterEach(() => vi.useRealTimers());

describe("the second opinion", () => {
  it("forces agenda_verdict on the assistant's model unless another is set, and reads yes/no", async () => {
    const c = checks(verdict("yes"));
    expect(await agendaSecondOpinion(c.value, "openai", "gpt-4o-mini", "Sua consulta é sexta.")).toEqual({ kind: "verdict", yes: true, reason: "r" });
    expect(c.requests[0]).toMatchObject({ model: "gpt-4o-mini", toolChoice: "agenda_verdict", messages: [{ role: "user", content: "Sua consulta é sexta." }] });
    const other = checks(verdict("no"), { secondOpinion: { enabled: true, model: "gpt-4.1-nano" } });
    expect(await agendaSecondOpinion(other.value, "openai", "gpt-4o-mini", "Oi")).toMatchObject({ kind: "verdict", yes: false });
    expect(other.requests[0]!.model).toBe("gpt-4.1-nano");
  });

  it("is not asked when switched off or without a client", async () => {
    const off = checks(verdict("yes"), { secondOpinion: { enabled: false, model: null } });
    expect(await agendaSecondOpinion(off.value, "openai", "m", "x")).toBeNull();
    expect(off.requests).toHaveLength(0);
    const none = checks(verdict("yes"), { llm: {} });
    expect(await agendaSecondOpinion(none.value, "openai", "m", "x")).toBeNull();
  });

  it("counts a failure, an invalid answer and a time-out as no verdict, logged", async () => {
    const failing = checks(async () => Promise.reject(new Error("500")));
    expect(await agendaSecondOpinion(failing.value, "openai", "m", "x")).toEqual({ kind: "none", why: "failed" });
    const invalid = checks(verdict("maybe"));
    expect(await agendaSecondOpinion(invalid.value, "openai", "m", "x")).toEqual({ kind: "none", why: "invalid" });
    vi.useFakeTimers();
    const slow = checks(() => new Promise(() => {}));
    const pending = agendaSecondOpinion(slow.value, "openai", "m", "x");
    await vi.advanceTimersByTimeAsync(CHECK_TIMEOUT_MS);
    expect(await pending).toEqual({ kind: "none", why: "timeout" });
    expect(slow.logged).toEqual(["assistant second opinion gave no verdict"]);
    expect(slow.value.stats.secondOpinion.none).toBe(1);
  });
});

describe("the risk check", () => {
  it("uses moderation when there is one, else the Anthropic classification; a failure is not a flag", async () => {
    const moderated = checks(verdict("yes"), { moderation: { selfHarm: async () => true } });
    expect(await riskFlagged(moderated.value, ["texto"], "m")).toBe(true);
    expect(moderated.requests).toHaveLength(0);
    const down = checks(verdict("yes"), { moderation: { selfHarm: async () => Promise.reject(new Error("down")) } });
    expect(await riskFlagged(down.value, ["texto"], "m")).toBe(false);
    expect(down.logged).toEqual(["moderation check failed"]);
    const classified = checks(async () => ({ text: "", toolCalls: [{ id: "1", name: "risk_verdict", arguments: { verdict: "yes", reason: "r" } }] }));
    expect(await riskFlagged(classified.value, ["a", "b"], "claude-haiku-4-5")).toBe(true);
    expect(classified.requests[0]).toMatchObject({ model: "claude-haiku-4-5", toolChoice: "risk_verdict", messages: [{ role: "user", content: "a\nb" }] });
    expect(await riskFlagged(checks(verdict("yes"), { riskCheck: { enabled: false, model: null } }).value, ["a"], "m")).toBe(false);
  });
});
