import { AppError } from "../../platform/lib/app-error";
import {
  BUILT_IN_RECORD_TEMPLATES,
  RECORD_MSG,
  RECORD_SHORT_TEXT_MAX,
  type RecordKind,
  type RecordTemplate,
} from "@clinora/contracts";

/** A built-in template by id and version (an entry keeps the version it was written with). */
export function templateOf(id: string, version?: number | null): RecordTemplate | null {
  return BUILT_IN_RECORD_TEMPLATES.find((t) => t.id === id && (version == null || t.version === version)) ?? null;
}

/** The label a field is printed with; the key itself when the template no longer has it. */
export function fieldLabel(template: RecordTemplate | null, key: string): string {
  return template?.fields.find((f) => f.key === key)?.label || key;
}

/** A field key made from its label ("Queixa principal" → "queixa_principal"), unique among `taken`. */
export function fieldKeyOf(label: string, taken: Set<string>): string {
  const base =
    label
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_+|_+$/g, "")
      .slice(0, 36) || "campo";
  let key = base;
  for (let i = 2; taken.has(key); i++) key = `${base}_${i}`;
  taken.add(key);
  return key;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The structured fields checked against their template: an unknown template or field, a value of the wrong type,
 * a choice not offered, or an over-long short text is a 422 naming the field (docs/product/records.md §8). Required
 * fields are checked only at finalisation (`complete`), so a draft can be saved half written.
 */
export function checkedFields(
  kind: RecordKind,
  templateId: string | null | undefined,
  template: RecordTemplate | null,
  fields: Record<string, string | number | null>,
  complete: boolean,
): { template: RecordTemplate | null; fields: Record<string, string | number | null> } {
  if (!templateId) {
    if (Object.keys(fields).length > 0) throw AppError.validation(Object.keys(fields).map((k) => ({ field: ["fields", k], msg: RECORD_MSG.fieldUnknown })));
    return { template: null, fields: {} };
  }
  if (!template || template.kind !== kind) throw AppError.validation([{ field: "template_id", msg: RECORD_MSG.templateUnknown }]);
  const issues: { field: string[]; msg: string }[] = [];
  const out: Record<string, string | number | null> = {};
  for (const [key, raw] of Object.entries(fields)) {
    const field = template.fields.find((f) => f.key === key);
    if (!field) {
      issues.push({ field: ["fields", key], msg: RECORD_MSG.fieldUnknown });
      continue;
    }
    const value = typeof raw === "string" ? raw.trim() : raw;
    if (value === null || value === "") {
      out[key] = null;
      continue;
    }
    const ok =
      field.type === "number"
        ? typeof value === "number" && Number.isFinite(value)
        : typeof value === "string" &&
          (field.type === "choice" ? (field.options ?? []).includes(value) : field.type === "date" ? ISO_DATE.test(value) : field.type === "short_text" ? value.length <= RECORD_SHORT_TEXT_MAX : true);
    if (!ok) issues.push({ field: ["fields", key], msg: RECORD_MSG.fieldInvalid });
    else out[key] = value;
  }
  if (complete) {
    for (const f of template.fields) if (f.required && (out[f.key] === undefined || out[f.key] === null)) issues.push({ field: ["fields", f.key], msg: RECORD_MSG.fieldRequired });
  }
  if (issues.length > 0) throw AppError.validation(issues);
  return { template, fields: out };
}
