import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/context";
import { twilioNumbers } from "./whatsapp.schema";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ env: { PUBLIC_URL: "https://app.clinora.com.br", TWILIO_ACCOUNT_SID: "AC123", TWILIO_AUTH_TOKEN: "segredo" } });
});
afterAll(() => t.close());

describe("GET /api/whatsapp/config", () => {
  it("gives a professional its number, the webhook URL and which credentials exist, never their values", async () => {
    const { user, professional } = await t.make.professionalUser();
    await t.db.insert(twilioNumbers).values({ twilioNumber: "whatsapp:+5511940001234", e164Number: "+5511940001234", professionalId: professional.id });
    const session = await t.login(user.email, user.password);
    const res = await t.request({ method: "GET", url: "/api/whatsapp/config", session });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        twilioNumber: "whatsapp:+5511940001234",
        webhookUrl: "https://app.clinora.com.br/api/whatsapp/webhook/twilio",
        credentials: { accountSid: true, authToken: true, messagingServiceSid: false },
      },
    });
    expect(res.body).not.toContain("segredo");
  });

  it("answers null for a professional without a number", async () => {
    const { user } = await t.make.professionalUser();
    const session = await t.login(user.email, user.password);
    expect((await t.request({ method: "GET", url: "/api/whatsapp/config", session })).json().data.twilioNumber).toBeNull();
  });
});

describe("GET /api/ai-settings/models", () => {
  it("lists the models of each provider", async () => {
    const admin = await t.make.admin();
    const session = await t.login(admin.email, admin.password);
    const res = await t.request({ method: "GET", url: "/api/ai-settings/models", session });
    expect(res.json().openai).toEqual(["gpt-4o-mini", "gpt-4o", "gpt-4.1-mini", "gpt-4.1"]);
    expect(res.json().anthropic.length).toBeGreaterThan(0);
  });
});
