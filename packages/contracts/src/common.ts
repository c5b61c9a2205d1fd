import { z } from "zod";
import { MAX_PER_PAGE } from "./constants";
import { MSG } from "./messages";

/** `{"detail": "..."}`: every error answer (docs/product/platform.md §2). */
export const errorResponseSchema = z.object({ detail: z.string() });

export const validationIssueSchema = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

export const validationErrorSchema = z.object({
  detail: z.string(),
  details: z.array(validationIssueSchema),
});

/** Query of every list route: `page` from 1, `per_page` capped at 100. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1, "A página deve ser um número inteiro maior ou igual a 1").default(1),
  per_page: z.coerce
    .number()
    .int()
    .min(1, "per_page deve estar entre 1 e 100")
    .max(MAX_PER_PAGE, "per_page deve estar entre 1 e 100")
    .default(20),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
  });
}

/** The answer of every list route, for typing fetchers. */
export type ListResponse<T> = { items: T[]; total: number; page: number; per_page: number };

export const idParamSchema = z.object({ id: z.uuid("Identificador inválido") });

export const okResponseSchema = z.object({ ok: z.literal(true) });

/** Required text: trimmed, `required` when missing or empty, and at most `max` characters when a max is given. */
export function requiredText(required: string, max?: number, tooLong?: string) {
  const text = z.string(required).trim().min(1, required);
  return max === undefined ? text : text.max(max, tooLong);
}

/** Optional text fields: the web sends empty optional fields as null (docs/product/admin.md §3). */
export const optionalText = (max = 2000, tooLong?: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v === "" ? null : v));

/** A Brazilian state (UF): at most 2 letters, upper-cased; empty arrives as null (docs/product/admin.md §5). */
export const optionalUf = () => optionalText(2, MSG.stateMax).transform((v) => (typeof v === "string" ? v.toUpperCase() : v));

export const isoDateTime = z.string();

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day: Date would roll 2026-02-30 over to 2 March instead of refusing it. */
function isCalendarDay(text: string): boolean {
  const parsed = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === text;
}

/** A calendar date sent as YYYY-MM-DD text (docs/product/time-and-dates.md §1). */
export const isoDateSchema = z
  .string()
  .regex(ISO_DATE, "Data inválida (formato: AAAA-MM-DD)")
  // Judged only once the format is right, so a malformed date gets one message. Not `abort`: inside a union
  // an aborted branch would turn the message into zod's generic "Invalid input".
  .refine((v) => !ISO_DATE.test(v) || isCalendarDay(v), "Data inválida");

/** An optional date; "" and null both mean "none" and arrive as null. */
export const optionalIsoDate = () =>
  z
    .union([isoDateSchema, z.literal(""), z.null()])
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null));
