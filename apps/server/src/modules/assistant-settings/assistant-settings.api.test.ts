import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@clinora/contracts";
import { createTestContext, type TestContext } from "../../../test/context";

const URL = "/api/professionals/me/ai-settings";

const DEFAULTS = {
  ai_enabled: true,
  ai_model: "gpt-4o-mini",
  ai_role_name: "Marge",
  ai_system_prompt: null,
  ai_instructions: null,
  ai_temperature: 0.7,
  ai_max_tokens: 500,
};

const VALID = {
  ai_enabled: false,
  ai_model: "gpt-4.1",
  ai_role_name: "  Sofia ",
  ai_system_prompt: "  Você é {assistant_name}, assistente de {clinic_name}.  ",
  ai_instructions: "   ",
  ai_temperature: 0.3,
  ai_max_tokens: 750,
};

let t: TestContext;

async function newProfessionalSession() {
  const { user } = await t.make.professionalUser();
  return t.login(user.email, user.password);
}

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const put = (session: string, payload: Record<string, unknown>) => t.request({ method: "PUT", url: URL, payload, session });
const get = (session: string) => t.request({ method: "GET", url: URL, session });

describe("GET /api/professionals/me/ai-settings", () => {
  it("answers the spec's defaults before the first save", async () => {
    const res = await get(await newProfessionalSession());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(DEFAULTS);
  });
});

describe("PUT /api/professionals/me/ai-settings", () => {
  it("saves trimmed texts, stores blanks as null and answers what it saved", async () => {
    const session = await newProfessionalSession();
    const saved = {
      ai_enabled: false,
      ai_model: "gpt-4.1",
      ai_role_name: "Sofia",
      ai_system_prompt: "Você é {assistant_name}, assistente de {clinic_name}.",
      ai_instructions: null,
      ai_temperature: 0.3,
      ai_max_tokens: 750,
    };
    const res = await put(session, VALID);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(saved);
    expect((await get(session)).json()).toEqual(saved);
  });

  it("replaces the settings on a second save and reads numbers typed as text", async () => {
    const session = await newProfessionalSession();
    await put(session, VALID);
    const res = await put(session, { ...VALID, ai_role_name: "", ai_temperature: "2", ai_max_tokens: "2000" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ai_role_name: null, ai_temperature: 2, ai_max_tokens: 2000 });
  });

  it("keeps one professional's settings away from another", async () => {
    const own = await newProfessionalSession();
    const other = await newProfessionalSession();
    await put(own, VALID);
    expect((await get(other)).json()).toEqual(DEFAULTS);
  });

  it.each([
    ["ai_temperature", "abc"],
    ["ai_temperature", ""],
    ["ai_temperature", null],
    ["ai_max_tokens", "muitos"],
    ["ai_max_tokens", true],
  ])("%s = %j is not a number: the spec's message", async (field, value) => {
    const res = await put(await newProfessionalSession(), { ...VALID, [field]: value });
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toEqual([expect.objectContaining({ loc: ["body", field], msg: MSG.assistantNumbersInvalid })]);
  });

  it.each([
    ["ai_temperature", 5, MSG.assistantTemperatureRange],
    ["ai_temperature", -0.1, MSG.assistantTemperatureRange],
    ["ai_temperature", 0.15, MSG.assistantTemperatureRange],
    ["ai_max_tokens", 50, MSG.assistantMaxTokensRange],
    ["ai_max_tokens", 2050, MSG.assistantMaxTokensRange],
    ["ai_max_tokens", 525, MSG.assistantMaxTokensRange],
    ["ai_model", "gpt-3.5-turbo", MSG.aiModelRequired],
    ["ai_model", "claude-sonnet-4-0", MSG.aiModelRequired],
  ])("%s = %j is refused", async (field, value, msg) => {
    const res = await put(await newProfessionalSession(), { ...VALID, [field]: value });
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toEqual([expect.objectContaining({ loc: ["body", field], msg })]);
  });

  it.each([
    [0, 100],
    [1.1, 1950],
  ])("accepts the limits and steps (temperature %s, max tokens %s)", async (temperature, maxTokens) => {
    const res = await put(await newProfessionalSession(), { ...VALID, ai_temperature: temperature, ai_max_tokens: maxTokens });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ai_temperature: temperature, ai_max_tokens: maxTokens });
  });

  it("refuses a system prompt longer than the limit", async () => {
    const res = await put(await newProfessionalSession(), { ...VALID, ai_system_prompt: "x".repeat(4001) });
    expect(res.statusCode).toBe(422);
    expect(res.json().details[0]).toMatchObject({ loc: ["body", "ai_system_prompt"], msg: MSG.assistantTextTooLong(4000) });
  });
});
