import { format } from "date-fns";
import { saveFile } from "./download";
import { formatDateTime } from "./format";

/**
 * Client-side CSV exports (docs/product/admin.md §7: "Exports build their CSV files in the browser", files leads_{date} and
 * usuarios_{date}). RFC 4180 quoting and CRLF line ends, with a semicolon separator: Excel in a Brazilian
 * locale (decimal comma) splits columns on ";" when the file is opened directly, and LibreOffice detects it.
 *
 * ```ts
 * const csv = toCsv(leads, [
 *   { key: "name", header: "Nome" },
 *   { key: "status", header: "Status", format: (status) => LEAD_STATUS_LABELS[status as LeadStatus] },
 *   { key: "created_at", header: "Criado em", format: (value) => formatDateTime(value as string) },
 * ]);
 * downloadCsv(csvFileName("leads"), csv);
 * toast.success("Exportação concluída!");
 * ```
 */

export interface CsvColumn<Row> {
  /** Property of the row to read. */
  key: keyof Row & string;
  /** Column title in the header line. */
  header: string;
  /** Turns the raw value into the cell's content (labels, dates of API text); `cellText` rules apply after. */
  format?: (value: unknown, row: Row) => unknown;
}

export const CSV_SEPARATOR = ";";
const LINE_END = "\r\n";

/**
 * Spreadsheet formula injection: Excel and LibreOffice run a cell that starts with = + - @ (or a tab / CR
 * before one) as a formula, so text typed by outsiders (a lead's name) could execute on an admin's machine.
 * Such text gets a leading apostrophe (OWASP "CSV Injection"). Signed numbers and phone numbers such as
 * "+55 (11) 98765-4321" or "-12.5" are left alone: they hold nothing a spreadsheet would run.
 */
function neutraliseFormula(text: string): string {
  if (/^[=@\t\r]/.test(text)) return `'${text}`;
  if (/^[+-]/.test(text) && !/^[+-][\d\s().-]*$/.test(text)) return `'${text}`;
  return text;
}

/** The text of one cell: empty for null/undefined/invalid dates, dd/MM/yyyy HH:mm (display zone) for Dates, Sim/Não for booleans. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return formatDateTime(value);
  if (typeof value === "boolean") return value ? "Sim" : "Não";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "string") return neutraliseFormula(value);
  if (typeof value === "object") return neutraliseFormula(JSON.stringify(value));
  return neutraliseFormula(String(value));
}

/** Quotes a field when it holds a separator (either , or ;), a quote, CR or LF; inner quotes are doubled. */
function quote(text: string): string {
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Builds the CSV text: one header line, then one line per row, in the order of `columns`. No BOM (see downloadCsv). */
export function toCsv<Row extends object>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  const header = columns.map((column) => quote(neutraliseFormula(column.header))).join(CSV_SEPARATOR);
  const lines = rows.map((row) =>
    columns
      .map((column) => {
        const raw: unknown = row[column.key];
        return quote(cellText(column.format ? column.format(raw, row) : raw));
      })
      .join(CSV_SEPARATOR),
  );
  return [header, ...lines].join(LINE_END);
}

/** `leads_2025-03-14.csv`: the prefix, an underscore and the local date. */
export function csvFileName(prefix: string, date: Date = new Date()): string {
  return `${prefix}_${format(date, "yyyy-MM-dd")}.csv`;
}

/**
 * Saves `csv` as a file through a temporary <a download>. A UTF-8 byte-order mark goes first: without it
 * Excel reads the file as Windows-1252 and accents come out garbled ("SÃ£o Paulo").
 */
export function downloadCsv(filename: string, csv: string): void {
  saveFile(new Blob([`\uFEFF${csv}`], { type: "text/csv;charset=utf-8" }), filename);
}
