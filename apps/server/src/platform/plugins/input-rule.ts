import type { FastifyInstance, FastifyRequest } from "fastify";
import { MSG, type ValidationIssue } from "@clinora/contracts";
import { AppError } from "../lib/app-error";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * "replaced": the route takes texts the rule would refuse and replaces the characters itself, after checking a
     * signature made over the text as sent (the WhatsApp webhook: Twilio does not retry a 4xx, so a refusal would
     * lose the patient's message; docs/decisions/031).
     */
    unstorableText?: "replaced";
  }
}

/** Half of a surrogate pair without its other half: not a character, and UTF-8 cannot encode it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Every character the database cannot store as sent: U+0000 and lone surrogates. */
const UNSTORABLE = new RegExp(`\u0000|${LONE_SURROGATE.source}`, "g");

/**
 * Whether `text` can be stored as it came: PostgreSQL's text refuses U+0000 ("invalid byte sequence for encoding
 * UTF8: 0x00", a 500 once it reached the database), and a lone surrogate would be written as U+FFFD, silently
 * changing what the user sent.
 */
export const isStorableText = (text: string): boolean => !text.includes("\u0000") && !LONE_SURROGATE.test(text);

/** `text` with each NUL and lone surrogate replaced by U+FFFD, the replacement character; the rest as it was. */
export const toStorableText = (text: string): string => (isStorableText(text) ? text : text.replace(UNSTORABLE, "\uFFFD"));

/** At most this many fields are named in one answer (a 1 MiB body could hold thousands). */
const MAX_ISSUES = 20;

const issue = (loc: (string | number)[]): ValidationIssue => ({ loc, msg: MSG.invalidCharacter, type: "invalid_character" });

/** A place in a value: its key or index and the place it is in (the whole path is spelled only when reported). */
interface Place {
  key: string | number;
  parent: Place | null;
}

const locOf = (place: Place): (string | number)[] => {
  const loc: (string | number)[] = [];
  for (let p: Place | null = place; p; p = p.parent) loc.push(p.key);
  return loc.reverse();
};

/**
 * The texts of `value` (a string, or every key and string of an object or array, at any depth) that cannot be
 * stored, each named by its place under `root`. Walked with a list instead of recursion, and each place links to
 * its parent instead of copying the path, so a deeply nested body neither exhausts the stack nor costs more than
 * its size.
 */
export function invalidTexts(value: unknown, root: string, found: ValidationIssue[] = []): ValidationIssue[] {
  // badKey: an object's key that cannot be stored, reported in its turn (in the order of the value).
  const pending: { value: unknown; place: Place; badKey?: boolean }[] = [{ value, place: { key: root, parent: null } }];
  while (pending.length > 0 && found.length < MAX_ISSUES) {
    const { value: current, place, badKey } = pending.pop()!;
    if (badKey) {
      found.push(issue(locOf(place)));
    } else if (typeof current === "string") {
      if (!isStorableText(current)) found.push(issue(locOf(place)));
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) pending.push({ value: current[i], place: { key: i, parent: place } });
    } else if (current !== null && typeof current === "object") {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, child] = entries[i]!;
        pending.push({ value: child, place: { key, parent: place }, badKey: !isStorableText(key) });
      }
    }
  }
  return found.slice(0, MAX_ISSUES);
}

/** Every unstorable text of a request: its path parameters, query values and body (JSON or form), in that order. */
export function invalidTextsOf(request: Pick<FastifyRequest, "params" | "query" | "body">): ValidationIssue[] {
  const found: ValidationIssue[] = [];
  // The names follow the schema validation's (plugins/errors.ts): params, querystring, body.
  invalidTexts(request.params, "params", found);
  invalidTexts(request.query, "querystring", found);
  // A file's bytes (the one route that takes a file) are not text.
  if (request.body !== undefined && !(request.body instanceof Uint8Array)) invalidTexts(request.body, "body", found);
  return found.slice(0, MAX_ISSUES);
}

/**
 * One input rule for every route, public ones included, at the edge: a NUL character or a lone surrogate in any
 * path parameter, query value, JSON text (at any depth, keys too) or form field answers 422 naming each field with
 * "Caractere inválido" (a route that declares `unstorableText: "replaced"` replaces them itself). It runs after the body is parsed and before the schemas and the handler, so such a text
 * never reaches a service or the database.
 */
export function registerInputRule(app: FastifyInstance) {
  app.addHook("preValidation", (request, _reply, done) => {
    const issues = invalidTextsOf(request);
    if (issues.length === 0) return done();
    // Read only when something was found: the route's options are built anew on each read.
    if (request.routeOptions.config.unstorableText === "replaced") return done();
    done(new AppError(422, MSG.invalidData, "validation", issues));
  });
}
