import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance, RouteOptions } from "fastify";
import type { ZodType } from "zod";
import { MSG } from "@clinora/contracts";
import { responseJsonSchema } from "../src/platform/plugins/serializer";
import { DOCS_PREFIX } from "../src/platform/plugins/docs";
import { createTestContext, type TestContext } from "./context";

/**
 * docs/product/engineering-conventions.md §6, driven by the live route table: for every /api route and every status it declares a body for,
 * the handler is replaced by one that answers a valid value of the declared schema carrying an undeclared
 * `__canary` field on every object, at every depth (nested objects, items of arrays). The answer must be exactly
 * the declared value, without the canary. And an answer with a wrong type in a declared field must end in 500
 * with {detail}, never be written coerced.
 */
const CANARY = "__canary";
const CANARY_VALUE = "vazou: campo não declarado";
const STATUS_HEADER = "x-test-status";
const WRONG_HEADER = "x-test-wrong-type";

type JsonSchema = { [keyword: string]: unknown };

interface Case {
  key: string;
  status: number;
  declared: unknown;
  withCanary: unknown;
  wrong: unknown;
}

/** A valid value of a response JSON Schema, with every declared property present and non-null. */
function sample(schema: JsonSchema, canary: boolean): unknown {
  if (schema.$ref) throw new Error(`unexpected $ref in a response schema: ${String(schema.$ref)}`);
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (branches) return sample(branches[0]!, canary);
  if (Array.isArray(schema.enum)) return schema.enum.find((v) => v !== null);
  if ("const" in schema) return schema.const;
  switch (schema.type) {
    case "object": {
      const out: Record<string, unknown> = {};
      const properties = schema.properties as Record<string, JsonSchema> | undefined;
      for (const [name, child] of Object.entries(properties ?? {})) out[name] = sample(child, canary);
      // A free map (z.record of text keys) declares any key: one entry, with a declared value.
      if (!properties && schema.additionalProperties && typeof schema.additionalProperties === "object") {
        out.chave = sample(schema.additionalProperties as JsonSchema, canary);
      }
      if (canary && properties) out[CANARY] = CANARY_VALUE;
      return out;
    }
    case "array":
      return [sample(schema.items as JsonSchema, canary), sample(schema.items as JsonSchema, canary)];
    case "string":
      if (schema.format === "uuid") return "7b0c5a52-5d1e-4e0c-9c8e-7c2f0e6f9a11";
      if (schema.format === "date-time") return "2026-03-04T13:00:00.000Z";
      if (schema.format === "date") return "2026-03-04";
      if (schema.format === "email") return "paciente@exemplo.com";
      return "texto";
    case "integer":
    case "number": {
      const wanted = schema.type === "integer" ? 7 : 7.5;
      return Math.min(Math.max(wanted, (schema.minimum as number | undefined) ?? wanted), (schema.maximum as number | undefined) ?? wanted);
    }
    case "boolean":
      return true;
    case undefined:
      return "qualquer valor"; // z.unknown(): declared as anything
    default:
      throw new Error(`no sample for ${JSON.stringify(schema)}`);
  }
}

/** The sample with its first typed, required top-level field given a value of another type (null if not nullable). */
function wrongType(schema: JsonSchema, value: unknown): unknown {
  // A text answer is sent as it is (fastify serializes objects, arrays, numbers, null): a wrong top level is an object.
  if (schema.type !== "object" || !value || typeof value !== "object") return { objeto: true };
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = (schema.required ?? []) as string[];
  const field = required.find((name) => properties[name]?.type && properties[name]?.nullable !== true);
  if (!field) return null;
  const fieldType = properties[field]!.type;
  return { ...(value as object), [field]: fieldType === "string" ? 12345 : fieldType === "object" || fieldType === "array" ? "texto" : null };
}

const cases: Case[] = [];
let t: TestContext;

function replaceHandler(route: RouteOptions) {
  const url = route.url;
  if (!url.startsWith("/api") || url.startsWith(DOCS_PREFIX)) return;
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== "HEAD");
  const responses = (route.schema?.response ?? {}) as Record<string, ZodType>;
  const answers = new Map<number, { withCanary: unknown; wrong: unknown }>();
  for (const [code, zodSchema] of Object.entries(responses)) {
    const json = responseJsonSchema(zodSchema);
    const declared = sample(json, false);
    if (declared === null || declared === undefined || json.type === "null") continue; // 204 and redirects declare no body
    const status = Number(code);
    const withCanary = sample(json, true);
    const wrong = wrongType(json, withCanary);
    answers.set(status, { withCanary, wrong });
    for (const method of methods) cases.push({ key: `${method} ${url}`, status, declared: JSON.parse(JSON.stringify(declared)), withCanary, wrong });
  }
  // Only the serializer is under test: no request validation, guard or route hook stands in the way.
  route.schema = { response: route.schema?.response };
  route.config = { ...route.config, access: "public" };
  route.onRequest = undefined;
  route.preValidation = undefined;
  route.preHandler = undefined;
  route.handler = async (request, reply) => {
    const answer = answers.get(Number(request.headers[STATUS_HEADER]));
    if (!answer) throw new Error(`no declared body for ${String(request.headers[STATUS_HEADER])}`);
    reply.status(Number(request.headers[STATUS_HEADER]));
    return request.headers[WRONG_HEADER] ? answer.wrong : answer.withCanary;
  };
}

beforeAll(async () => {
  t = await createTestContext({ instrument: (app: FastifyInstance) => app.addHook("onRoute", replaceHandler) });
});
afterAll(() => t.close());

const hasCanary = (value: unknown): boolean =>
  Array.isArray(value) ? value.some(hasCanary) : value !== null && typeof value === "object" ? CANARY in value || Object.values(value).some(hasCanary) : false;

describe("answers carry only the fields their schema declares", () => {
  it("covers every /api route with a declared body", () => {
    const covered = new Set(cases.map((c) => c.key));
    const routes = t.app.routeRegistry.filter((r) => r.url.startsWith("/api") && !r.url.startsWith(DOCS_PREFIX));
    // Google's OAuth callback only redirects; every other route declares a JSON body for at least one status.
    const withoutJson = routes.filter((r) => !covered.has(`${r.method} ${r.url}`)).map((r) => `${r.method} ${r.url}`);
    expect(withoutJson).toEqual(["GET /api/google-calendar/callback"]);
    expect(cases.length).toBeGreaterThan(100);
    expect(cases.some((c) => hasCanary(c.withCanary) && JSON.stringify(c.withCanary).includes(`[{`))).toBe(true);
  });

  it("drops a field the handler adds to any object, at any depth, on every route and status", async () => {
    const leaks: string[] = [];
    for (const c of cases) {
      const [method, url] = c.key.split(" ") as ["GET", string];
      const res = await t.request({ method, url: url.replace(/:[A-Za-z_]+/g, randomUUID()), headers: { [STATUS_HEADER]: String(c.status) } });
      expect(res.statusCode, `${c.key} ${c.status}: ${res.body}`).toBe(c.status);
      if (res.body.includes(CANARY) || res.body.includes(CANARY_VALUE)) leaks.push(`${c.key} ${c.status}`);
      expect(res.json(), `${c.key} ${c.status}`).toEqual(c.declared);
    }
    expect(leaks).toEqual([]);
  });

  it("answers 500 with {detail} when a declared field has another type, instead of writing it coerced", async () => {
    for (const c of cases.filter((x) => x.status < 300)) {
      const [method, url] = c.key.split(" ") as ["GET", string];
      const res = await t.request({ method, url: url.replace(/:[A-Za-z_]+/g, randomUUID()), headers: { [STATUS_HEADER]: String(c.status), [WRONG_HEADER]: "1" } });
      expect(res.statusCode, `${c.key} ${c.status}: ${JSON.stringify(c.wrong).slice(0, 200)}`).toBe(500);
      expect(res.json()).toEqual({ detail: MSG.internalError });
    }
  });
});
