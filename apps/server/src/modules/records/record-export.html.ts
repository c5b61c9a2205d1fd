import { RECORD_KIND_LABELS, type RecordAddendum, type RecordExport } from "@clinora/contracts";
import { shortDate } from "@clinora/contracts/date-display";
import { toLocal } from "@clinora/contracts/zoned-time";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
/** Every value is the professional's text: escaped, never trusted as markup. */
const esc = (value: unknown) => String(value ?? "").replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const stamp = (iso: string, timeZone: string) => {
  const local = toLocal(new Date(iso), timeZone);
  return `${shortDate(local.date)} ${local.time}`;
};

function author(e: RecordAddendum) {
  const council = e.author.council_type && e.author.council_number ? ` (${e.author.council_type} ${e.author.council_number}${e.author.council_uf ? `/${e.author.council_uf}` : ""})` : "";
  return `${esc(e.author.name)}${esc(council)}`;
}

function body(e: RecordAddendum) {
  const fields = Object.entries(e.fields)
    .filter(([, v]) => v !== null && v !== "")
    .map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`)
    .join("");
  return [
    fields ? `<dl>${fields}</dl>` : "",
    e.document_purpose ? `<p><strong>Finalidade:</strong> ${esc(e.document_purpose)} · <strong>Destinatário:</strong> ${esc(e.document_recipient)}</p>` : "",
    e.free_text ? `<p class="text">${esc(e.free_text)}</p>` : "",
  ].join("");
}

function times(e: RecordAddendum, tz: string) {
  const status = e.finalised_at ? `finalizada em ${esc(stamp(e.finalised_at, tz))}` : "rascunho";
  return `escrita em ${esc(stamp(e.created_at, tz))}, ${status}`;
}

/**
 * The prontuário's section of the patient's printable export (docs/product/records.md §6): each entry with session
 * date and time, author and council registration, when it was written and finalised, and its adendos under it.
 */
export function renderRecordsExportSection(records: RecordExport, timeZone: string): string {
  const left =
    records.confidential_left_out > 0
      ? `<p class="meta">${records.confidential_left_out === 1 ? "1 registro documental sigiloso não foi incluído" : `${records.confidential_left_out} registros documentais sigilosos não foram incluídos`} (CFP Resolução 001/2009).</p>`
      : "";
  const items = records.entries.map(
    (e) => `<article>
<h3>${esc(RECORD_KIND_LABELS[e.kind] ?? e.kind)} · sessão de ${esc(stamp(e.session_at, timeZone))}${e.visibility === "sigiloso" ? " · registro documental sigiloso" : ""}</h3>
<p class="meta">${author(e)} · ${times(e, timeZone)}</p>
${body(e)}${e.addenda
      .map(
        (a) => `<div class="addendum"><p class="meta"><strong>Adendo</strong> · ${author(a)} · ${times(a, timeZone)}</p><p><strong>Motivo:</strong> ${esc(a.addendum_reason)}</p>${body(a)}</div>`,
      )
      .join("")}
</article>`,
  );
  return `<section><h2>Prontuário (${records.entries.length})</h2>${left}${items.length === 0 ? `<p class="empty">Nenhuma entrada no prontuário.</p>` : items.join("\n")}</section>`;
}
