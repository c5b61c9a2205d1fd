import { Ajv, type ErrorObject } from "ajv";
import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify/types/schema";
import { z, type ZodType } from "zod";

type JsonSchema = { [keyword: string]: unknown };

/**
 * An answer that does not have the type its route declares (a null where a text is due, a text where a number
 * is due, a status outside its list, a missing field). The error handler logs it and answers 500: a wrong value
 * is never written as if it were right.
 */
export class ResponseShapeError extends Error {
  constructor(
    readonly method: string,
    readonly url: string,
    readonly issues: ErrorObject[],
  ) {
    super(`Response of ${method} ${url} does not match its schema: ${issues.map((i) => `${i.instancePath || "/"} ${i.message}`).join("; ")}`);
    this.name = "ResponseShapeError";
  }
}

/**
 * The JSON Schema of a route's zod response schema, as /api/docs shows it (OpenAPI 3.0: `nullable: true`), made
 * into what the serializer needs:
 * - `additionalProperties: false` is removed. fast-json-stringify writes only the declared properties of an
 *   object whose schema does not allow more, so an undeclared field is dropped, never refused (docs/product/engineering-conventions.md §6).
 * - A record keyed by an enum (`z.record(z.enum(...), v)`) becomes an object with exactly those properties.
 * - A nullable enum lists null among its values, as OpenAPI 3.0 means it.
 * A schema that JSON Schema cannot represent (a transform, a date object) stops the start-up: an answer is
 * data, already in its JSON form.
 */
export function responseJsonSchema(schema: ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: "openapi-3.0",
    io: "output",
    unrepresentable: "throw",
    override: ({ zodSchema, jsonSchema }) => {
      const def = zodSchema._zod.def;
      if (def.type !== "record") return;
      const keys = def.keyType._zod.values;
      if (!keys) return;
      const value = jsonSchema.additionalProperties as JsonSchema;
      delete jsonSchema.additionalProperties;
      delete jsonSchema.propertyNames;
      jsonSchema.properties = Object.fromEntries([...keys].map((key) => [String(key), value]));
    },
  }) as JsonSchema;
  return prepare(json);
}

function prepare(node: unknown): JsonSchema {
  if (Array.isArray(node)) return node.map(prepare) as unknown as JsonSchema;
  if (node === null || typeof node !== "object") return node as JsonSchema;
  const out: JsonSchema = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (keyword === "$schema") continue;
    if (keyword === "additionalProperties" && value === false) continue;
    if (keyword === "properties" || keyword === "definitions" || keyword === "$defs") {
      out[keyword] = Object.fromEntries(Object.entries(value as JsonSchema).map(([name, child]) => [name, prepare(child)]));
    } else if (typeof value === "object" && value !== null) {
      out[keyword] = prepare(value);
    } else {
      out[keyword] = value;
    }
  }
  if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  return out;
}

/**
 * The type check before writing. fast-json-stringify trusts its input: it writes a null text as "", a null
 * flag as false, a number as text where text is due. So each answer is first checked against the same schema
 * (types, required fields, nullability, enums, integers): a mismatch throws ResponseShapeError. Formats and
 * patterns (uuid, e-mail, date-time) are left to the request side and the database, which produced the data;
 * checking them costs more than the rest together (docs/decisions/012).
 */
const checker = new Ajv({ strict: false, strictNumbers: true, validateFormats: false, allErrors: false, coerceTypes: false, useDefaults: false });

function withoutPatterns(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutPatterns);
  if (node === null || typeof node !== "object") return node;
  const out: JsonSchema = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (keyword === "pattern" && typeof value === "string") continue;
    out[keyword] = keyword === "properties" ? Object.fromEntries(Object.entries(value as JsonSchema).map(([n, c]) => [n, withoutPatterns(c)])) : withoutPatterns(value);
  }
  return out;
}

interface Writer {
  check: ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };
  write: (data: unknown) => string;
}

/** Compiled writers by schema text: routes sharing an answer shape (every {detail}) share one. */
const writers = new Map<string, Writer>();
const jsonSchemas = new WeakMap<ZodType, JsonSchema>();

function writerFor(json: JsonSchema): Writer {
  const key = JSON.stringify(json);
  let writer = writers.get(key);
  if (!writer) {
    writer = { check: checker.compile(withoutPatterns(json) as JsonSchema), write: fastJson(json, { rounding: "trunc" }) };
    writers.set(key, writer);
  }
  return writer;
}

/**
 * One route's answer writer: the type check, then fast-json-stringify (only declared fields). The JSON Schema is
 * made at once, so a schema JSON cannot represent stops the start-up; the check and the writer are compiled on
 * the first answer of that shape, so a start (and every test's app) compiles only what it serves.
 */
export function compileResponseSerializer(schema: ZodType, route: { method: string; url: string }): (data: unknown) => string {
  let json = jsonSchemas.get(schema);
  if (!json) {
    json = responseJsonSchema(schema);
    jsonSchemas.set(schema, json);
  }
  const shape = json;
  let writer: Writer | undefined;
  return (data) => {
    writer ??= writerFor(shape);
    if (!writer.check(data)) throw new ResponseShapeError(route.method, route.url, writer.check.errors ?? []);
    return writer.write(data);
  };
}

/** Fastify's serializer compiler for the routes' zod response schemas. */
export const responseSerializerCompiler: FastifySerializerCompiler<ZodType> = ({ schema, method, url }) => compileResponseSerializer(schema, { method, url });
