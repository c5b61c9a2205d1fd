import { describe, expect, it } from "vitest";
import { z } from "zod";
import { appointmentSchema, listResponseSchema } from "@clinora/contracts";
import { compileResponseSerializer, ResponseShapeError } from "./serializer";

const route = { method: "GET", url: "/api/teste" };
const compile = (schema: z.ZodType) => compileResponseSerializer(schema, route);

const item = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  count: z.number().int(),
  score: z.number(),
  active: z.boolean(),
  status: z.enum(["pending", "done"]),
  level: z.enum(["low", "high"]).nullable(),
  note: z.string().optional(),
  tags: z.array(z.object({ label: z.string() })),
});
const page = z.object({ items: z.array(item), by_status: z.record(z.enum(["pending", "done"]), z.number().int()), extra: z.record(z.string(), z.unknown()).nullable() });

const valid = () => ({
  id: "7b0c5a52-5d1e-4e0c-9c8e-7c2f0e6f9a11",
  name: 'Ana "Souza"\n',
  email: null,
  count: 3,
  score: 2.5,
  active: false,
  status: "done",
  level: null,
  tags: [{ label: "retorno" }],
});

describe("response serializer", () => {
  it("writes what zod's parse and JSON.stringify wrote, for a page of appointments", () => {
    const schema = listResponseSchema(appointmentSchema);
    const row = {
      id: "7b0c5a52-5d1e-4e0c-9c8e-7c2f0e6f9a11",
      patient_id: "9c8e7c2f-5d1e-4e0c-9c8e-7c2f0e6f9a11",
      patient_name: "Sofia Lima",
      patient_email: null,
      patient_phone: "+5511999990000",
      appointment_date: "2026-11-03",
      appointment_time: "10:00",
      duration: 50,
      appointment_type: "Consulta",
      notes: "Retorno \u2028 com exames \\ \u0001",
      status: "confirmed",
      source: "assistant",
      patient_response: "confirmed",
      reminder: { outcome: "sent", reason: null, reason_text: null, at: "2026-11-02T13:00:00.000Z", sid: "não pode sair" },
      date: "2026-11-03",
      time: "10:00",
      type: "Consulta",
      starts_at: "2026-11-03T13:00:00.000Z",
      ends_at: "2026-11-03T13:50:00.000Z",
      created_at: "2026-10-01T12:00:00.000Z",
      updated_at: "2026-10-01T12:00:00.000Z",
      password_hash: "não pode sair",
    };
    const data = { items: [row, { ...row, notes: null, patient_response: null, reminder: null }], total: 2, page: 1, per_page: 100, internal: true };
    expect(compile(schema)(data)).toBe(JSON.stringify(schema.parse(data)));
  });

  it("drops undeclared fields at every depth, in arrays and in enum-keyed records", () => {
    const out = JSON.parse(
      compile(page)({
        items: [{ ...valid(), secret: 1, tags: [{ label: "retorno", secret: 2 }] }],
        by_status: { pending: 1, done: 2, secret: 3 },
        extra: null,
        secret: 4,
      }),
    );
    expect(out).toEqual({ items: [valid()], by_status: { pending: 1, done: 2 }, extra: null });
  });

  it("keeps a free map (record of text keys) as declared, with its values as they are", () => {
    const out = JSON.parse(compile(page)({ items: [], by_status: { pending: 0, done: 0 }, extra: { campo: [1, "dois"], outro: { a: null } } }));
    expect(out.extra).toEqual({ campo: [1, "dois"], outro: { a: null } });
  });

  it("leaves out an optional field that is undefined, as JSON.stringify does", () => {
    const out = JSON.parse(compile(item)({ ...valid(), note: undefined }));
    expect("note" in out).toBe(false);
    expect(JSON.parse(compile(item)({ ...valid(), note: "oi" })).note).toBe("oi");
  });

  it.each([
    ["null where a text is due", { name: null }],
    ["a number where a text is due", { name: 12 }],
    ["a date object where a text is due", { name: new Date("2026-01-01T00:00:00Z") }],
    ["a text where a number is due", { count: "3" }],
    ["a fraction where an integer is due", { count: 1.5 }],
    ["NaN where a number is due", { score: Number.NaN }],
    ["Infinity where a number is due", { score: Number.POSITIVE_INFINITY }],
    ["null where a boolean is due", { active: null }],
    ["a text where a boolean is due", { active: "false" }],
    ["a value outside the enum", { status: "cancelled" }],
    ["a value outside a nullable enum", { level: "medium" }],
    ["a missing required field", { email: undefined }],
    ["an object where an array is due", { tags: { label: "a" } }],
    ["a wrong type inside an array item", { tags: [{ label: null }] }],
  ])("refuses %s instead of writing it coerced", (_, change) => {
    expect(() => compile(item)({ ...valid(), ...change })).toThrow(ResponseShapeError);
  });

  it("accepts null in a nullable enum and a nullable text", () => {
    expect(JSON.parse(compile(item)({ ...valid(), level: null, email: null }))).toMatchObject({ level: null, email: null });
  });

  it("refuses a response schema JSON cannot represent, when the route is compiled", () => {
    expect(() => compile(z.object({ at: z.date() }))).toThrow();
    expect(() => compile(z.object({ n: z.string().transform((v) => v.length) }))).toThrow();
  });
});
