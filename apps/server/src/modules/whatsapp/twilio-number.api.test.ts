import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@clinora/contracts";
import { contextWithAdmin, type TestContext } from "../../../test/context";
import { twilioNumbers } from "./whatsapp.schema";
import { auditLog } from "../audit/audit.schema";

const PATH = "/api/admin/whatsapp/twilio-numbers";

let t: TestContext;
let session: string;
let owner: Awaited<ReturnType<TestContext["make"]["professional"]>>;

beforeAll(async () => {
  ({ t, session } = await contextWithAdmin());
  owner = await t.make.professional({ fullName: "Dra. Clara Nunes", email: "clara@clinica.com.br" });
});
afterAll(() => t.close());

const post = (payload: Record<string, unknown>) => t.request({ method: "POST", url: PATH, payload, session });
const put = (id: string, payload: Record<string, unknown>) => t.request({ method: "PUT", url: `${PATH}/${id}`, payload, session });
const list = async () => (await t.request({ method: "GET", url: PATH, session })).json().data.numbers as { id: string; twilio_number: string }[];

describe("POST /api/admin/whatsapp/twilio-numbers", () => {
  it("stores the number in E.164 with the whatsapp: prefix and answers it with its owner", async () => {
    const res = await post({ twilio_number: " +55 (11) 94000-1001 ", professional_id: owner.id, label: "  Recepção  " });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      twilio_number: "whatsapp:+5511940001001",
      e164_number: "+5511940001001",
      label: "Recepção",
      professional_id: owner.id,
      professional_name: "Dra. Clara Nunes",
      professional_email: "clara@clinica.com.br",
      updated_at: expect.any(String),
    });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, res.json().id));
    expect(audit?.action).toBe("twilio_number.created");
  });

  it("accepts a number already carrying the prefix, without owner or label", async () => {
    const res = await post({ twilio_number: "whatsapp:+14155550123" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ twilio_number: "whatsapp:+14155550123", professional_id: null, professional_name: null, label: null });
  });

  it.each([[""], ["abc"], ["11940001002"], ["+0123456789"], ["+55119"], [null]])("refuses %j with the spec's message", async (value) => {
    const res = await post({ twilio_number: value });
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toEqual([expect.objectContaining({ loc: ["body", "twilio_number"], msg: MSG.twilioNumberRequired })]);
  });

  it("refuses a missing number with the spec's message", async () => {
    const res = await post({ label: "Sem número" });
    expect(res.statusCode).toBe(422);
    expect(res.json().details[0]).toMatchObject({ loc: ["body", "twilio_number"], msg: MSG.twilioNumberRequired });
  });

  it("answers 409 for a number already registered, however it is typed", async () => {
    expect((await post({ twilio_number: "+5511940001003" })).statusCode).toBe(201);
    const res = await post({ twilio_number: "whatsapp:+55 11 94000-1003" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: MSG.twilioNumberTaken });
  });

  it("lets exactly one of two simultaneous registrations of a number win", async () => {
    const results = await Promise.all([post({ twilio_number: "+5511940001004" }), post({ twilio_number: "+5511940001004" })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await list()).filter((n) => n.twilio_number === "whatsapp:+5511940001004")).toHaveLength(1);
  });

  it("refuses an owner that does not exist", async () => {
    const res = await post({ twilio_number: "+5511940001005", professional_id: randomUUID() });
    expect(res.statusCode).toBe(422);
    expect(res.json().details[0]).toMatchObject({ loc: ["body", "professional_id"], msg: MSG.professionalNotFound });
    expect((await list()).some((n) => n.twilio_number === "whatsapp:+5511940001005")).toBe(false);
  });
});

describe("GET /api/admin/whatsapp/twilio-numbers", () => {
  it("lists every number with its owner, oldest first", async () => {
    const numbers = await list();
    expect(numbers.map((n) => n.twilio_number).slice(0, 2)).toEqual(["whatsapp:+5511940001001", "whatsapp:+14155550123"]);
    expect(numbers[0]).toMatchObject({ professional_name: "Dra. Clara Nunes", professional_email: "clara@clinica.com.br" });
  });
});

describe("PUT /api/admin/whatsapp/twilio-numbers/:id", () => {
  it("changes the label and the owner but never the number", async () => {
    const row = await t.make.twilioNumber({ e164Number: "+5511940002001", label: "Antigo" });
    const res = await put(row.id, { label: "Consultório", professional_id: owner.id, twilio_number: "+5511940009999" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ twilio_number: "whatsapp:+5511940002001", label: "Consultório", professional_name: "Dra. Clara Nunes" });
    const [stored] = await t.db.select().from(twilioNumbers).where(eq(twilioNumbers.id, row.id));
    expect(stored?.e164Number).toBe("+5511940002001");
  });

  it("keeps a field that is left out and clears one sent as null or blank", async () => {
    const row = await t.make.twilioNumber({ label: "Recepção", professionalId: owner.id });
    expect((await put(row.id, { label: "Nova" })).json()).toMatchObject({ label: "Nova", professional_id: owner.id });
    expect((await put(row.id, { professional_id: null, label: "   " })).json()).toMatchObject({ label: null, professional_id: null, professional_name: null });
  });

  it("answers 404 for an unknown number and 422 for an unknown owner", async () => {
    const unknown = await put(randomUUID(), { label: "x" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: MSG.twilioNumberNotFound });

    const row = await t.make.twilioNumber();
    const badOwner = await put(row.id, { professional_id: randomUUID() });
    expect(badOwner.statusCode).toBe(422);
    expect(badOwner.json().details[0]).toMatchObject({ loc: ["body", "professional_id"], msg: MSG.professionalNotFound });
  });
});

describe("DELETE /api/admin/whatsapp/twilio-numbers/:id", () => {
  it("removes the number once and then answers 404", async () => {
    const row = await t.make.twilioNumber();
    const res = await t.request({ method: "DELETE", url: `${PATH}/${row.id}`, session });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await list()).some((n) => n.id === row.id)).toBe(false);

    const again = await t.request({ method: "DELETE", url: `${PATH}/${row.id}`, session });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: MSG.twilioNumberNotFound });
  });
});
