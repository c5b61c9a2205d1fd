/**
 * Typing a date as dd/mm/aaaa, whatever the browser's language (docs/product/time-and-dates.md §1: dates are dd/mm/aaaa everywhere). The
 * forms and the API keep YYYY-MM-DD; these functions turn one into the other for the date field
 * (components/ui/date-field.tsx).
 */

/** What the date field shows while typing: digits only, at most 8, with the slashes put in: "2511" -> "25/11". */
export function maskDateText(text: string): string {
  const digits = text.replace(/\D/g, "").slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

/** "25/11/2026" -> "2026-11-25"; null for an incomplete text or a day that does not exist (31/02). */
export function parseDateText(text: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [, day, month, year] = match as unknown as [string, string, string, string];
  const iso = `${year}-${month}-${day}`;
  return isCalendarDay(iso) ? iso : null;
}

/** "2026-11-25" -> "25/11/2026"; anything else (a text still being typed) is shown as it is. */
export function isoToDateText(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? "");
  return match ? `${match[3]}/${match[2]}/${match[1]}` : (value ?? "");
}

/**
 * What the field hands to its form for a typed text: "" when empty, YYYY-MM-DD for a whole real date, and the text
 * itself otherwise, so that the form's schema refuses it and nothing typed is lost.
 */
export function dateTextToValue(text: string): string {
  if (text === "") return "";
  return parseDateText(text) ?? text;
}

/**
 * The message for a value the date field handed over that is not a date (see dateTextToValue), in the field's own
 * terms; undefined for "" and for a real date, whose messages come from the form's schema.
 */
export function dateTextProblem(value: string | null | undefined): string | undefined {
  if (!value || /^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  if (value.replace(/\D/g, "").length < 8) return "Data incompleta: digite no formato dd/mm/aaaa";
  return "Data inválida: confira o dia e o mês (dd/mm/aaaa)";
}

/** A real calendar day: Date would roll 2026-02-30 over to 2 March instead of refusing it. */
function isCalendarDay(iso: string): boolean {
  const parsed = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === iso;
}
