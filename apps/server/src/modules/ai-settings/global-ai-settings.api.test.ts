import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { DEFAULT_AI_SETTINGS, MSG } from "@clinora/contracts";
import { contextWithAdmin, type TestContext } from "../../../test/context";
import { auditLog } from "../audit/audit.schema";

let t: TestContext;
let session: string;

beforeAll(async () => {
  ({ t, session } = await contextWithAdmin());
});
afterAll(() => t.close());

const read = () => t.request({ method: "GET", url: "/api/ai-settings", session });
const save = (payload: Record<string, unknown>) => t.request({ method: "PUT", url: "/api/ai-settings", payload, session });
const valid = { provider: "anthropic", model: "claude-sonnet-4-0", temperature: 0.4, system_prompt: "  Seja cordial e objetivo.  " };
const messagesOf = (res: { json(): { details: { loc: string[]; msg: string }[] } }) =>
  Object.fromEntries(res.json().details.map((d) => [d.loc.at(-1), d.msg]));

describe("global AI settings", () => {
  it("answers the spec's defaults before anything is saved", async () => {
    const res = await read();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(DEFAULT_AI_SETTINGS);
    expect(res.json()).toMatchObject({ provider: "openai", model: "gpt-4o-mini", temperature: 0.7 });
  });

  it("saves, answers the settings in `data`, and records who changed them", async () => {
    const res = await save(valid);
    expect(res.statusCode).toBe(200);
    const saved = { provider: "anthropic", model: "claude-sonnet-4-0", temperature: 0.4, system_prompt: "Seja cordial e objetivo." };
    expect(res.json()).toEqual({ data: saved });
    expect((await read()).json()).toEqual(saved);

    const second = await save({ ...valid, provider: "openai", model: "gpt-4.1", temperature: 1.7 });
    expect(second.json().data).toMatchObject({ provider: "openai", model: "gpt-4.1", temperature: 1.7 });
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, "ai_settings.updated"))).toHaveLength(2);
  });

  it("validates with the spec's messages", async () => {
    expect(messagesOf(await save({ ...valid, provider: "" }))).toEqual({ provider: MSG.aiProviderRequired });
    expect(messagesOf(await save({ ...valid, model: "" }))).toEqual({ model: MSG.aiModelRequired });
    expect(messagesOf(await save({ ...valid, model: "gpt-4o" }))).toEqual({ model: MSG.aiModelRequired });
    expect(messagesOf(await save({ ...valid, system_prompt: "   curto    " }))).toEqual({ system_prompt: MSG.aiPromptMin });
  });

  it("limits the temperature per provider: 0 to 2 for openai, 0 to 1 for anthropic", async () => {
    const anthropic = await save({ ...valid, temperature: 1.1 });
    expect(anthropic.statusCode).toBe(422);
    expect(messagesOf(anthropic)).toEqual({ temperature: "Temperatura deve estar entre 0,0 e 1,0" });
    expect(messagesOf(await save({ ...valid, provider: "openai", model: "gpt-4o", temperature: 2.1 }))).toEqual({ temperature: "Temperatura deve estar entre 0,0 e 2,0" });
    expect(messagesOf(await save({ ...valid, temperature: -0.1 }))).toEqual({ temperature: "Temperatura deve estar entre 0,0 e 1,0" });
    expect((await save({ ...valid, temperature: 1 })).statusCode).toBe(200);
    expect((await save({ ...valid, provider: "openai", model: "gpt-4o", temperature: 2 })).statusCode).toBe(200);
  });
});
