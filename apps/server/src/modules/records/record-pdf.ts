import { RECORD_KIND_LABELS, RECORD_SIGNATURE_NOTE, type RecordEntry } from "@clinora/contracts";
import { dateTimeIn } from "@clinora/contracts/date-display";
import { letterhead, openPdf } from "../../platform/lib/pdf";

export interface RecordPrintout {
  letterhead: { name: string; council: string | null; clinicName: string | null; clinicAddress: string | null };
  patient: { name: string; birthDate: string | null; cpf: string | null; id: string };
  entries: RecordEntry[];
  generatedAt: Date;
  timeZone: string;
  /** The hash of the last link of the patient's chain, or null when nothing is finalised yet. */
  lastHash: string | null;
  retainedLabel: string | null;
}

const MARGIN = 56;
const FOOTER_SPACE = 48;

const councilOf = (a: RecordEntry["author"]) =>
  a.council_type && a.council_number ? `${a.council_type} ${a.council_number}${a.council_uf ? `/${a.council_uf}` : ""}` : null;

const cpfText = (cpf: string) => (cpf.length === 11 ? `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}` : cpf);
const brDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * The patient's prontuário as a PDF (pdfkit, docs/decisions/034): letterhead, the patient's identification, every
 * entry with its date, time, author and adendos, "página x de y" and a footer with the generation time, the chain's
 * last hash and what the signature is. Standard fonts (Helvetica, WinAnsi), which cover Portuguese.
 */
export function renderRecordPdf(p: RecordPrintout): Promise<Buffer> {
  const { doc, done, width } = openPdf({
    size: "A4",
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_SPACE },
    bufferPages: true,
    info: { Title: `Prontuário — ${p.patient.name}`, Author: p.letterhead.name, Creator: "Clinora", CreationDate: p.generatedAt },
  });
  letterhead(doc, width, { name: p.letterhead.name, lines: [p.letterhead.council, p.letterhead.clinicName, p.letterhead.clinicAddress], size: 14 });

  doc.font("Helvetica-Bold").fontSize(13).text("Prontuário", { width });
  doc.font("Helvetica").fontSize(10).text(`Paciente: ${p.patient.name}`, { width });
  const ids = [p.patient.birthDate ? `Nascimento: ${brDate(p.patient.birthDate)}` : null, p.patient.cpf ? `CPF: ${cpfText(p.patient.cpf)}` : null].filter(Boolean);
  if (ids.length) doc.text(ids.join(" · "), { width });
  doc.text(`Identificador: ${p.patient.id}`, { width });
  if (p.retainedLabel) doc.font("Helvetica-Oblique").text(`Registro ${p.retainedLabel}`, { width }).font("Helvetica");
  doc.moveDown();

  if (p.entries.length === 0) doc.text("Nenhuma entrada registrada.", { width });

  const writeEntry = (e: RecordEntry | RecordEntry["addenda"][number], indent: number, heading: string) => {
    const w = width - indent;
    const x = MARGIN + indent;
    const who = [e.author.name, councilOf(e.author)].filter(Boolean).join(", ");
    doc.font("Helvetica-Bold").fontSize(11).text(heading, x, doc.y, { width: w });
    doc
      .font("Helvetica")
      .fontSize(9)
      .fillColor("#333333")
      .text(
        `${dateTimeIn(new Date(e.session_at), p.timeZone)} · ${who} · ${e.status === "finalised" ? `finalizada em ${dateTimeIn(new Date(e.finalised_at!), p.timeZone)}` : "rascunho (não finalizado)"}`,
        x,
        doc.y,
        { width: w },
      )
      .fillColor("black");
    if (e.addendum_reason) doc.text(`Motivo do adendo: ${e.addendum_reason}`, x, doc.y, { width: w });
    if (e.document_purpose || e.document_recipient) {
      doc.text(`Finalidade: ${e.document_purpose ?? "—"} · Destinatário: ${e.document_recipient ?? "—"}`, x, doc.y, { width: w });
    }
    doc.fontSize(10).moveDown(0.3);
    for (const [label, value] of Object.entries(e.fields)) {
      if (value === null || value === "") continue;
      doc.font("Helvetica-Bold").text(`${label}: `, x, doc.y, { width: w, continued: true }).font("Helvetica").text(String(value));
    }
    if (e.free_text) doc.text(e.free_text, x, doc.y, { width: w });
    if (e.content_hash) doc.fontSize(7).fillColor("#555555").text(`hash ${e.content_hash}`, x, doc.y, { width: w }).fillColor("black").fontSize(10);
    doc.moveDown(0.8);
  };

  for (const entry of p.entries) {
    writeEntry(entry, 0, RECORD_KIND_LABELS[entry.kind]);
    for (const addendum of entry.addenda) writeEntry(addendum, 18, "Adendo");
  }

  const range = doc.bufferedPageRange();
  const generated = dateTimeIn(p.generatedAt, p.timeZone);
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // Writing inside the bottom margin must not open a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN - FOOTER_SPACE + 12;
    doc
      .font("Helvetica")
      .fontSize(8)
      .fillColor("#333333")
      .text(`Página ${i + 1} de ${range.count} · Gerado em ${generated} · ${RECORD_SIGNATURE_NOTE}`, MARGIN, y, { width, lineBreak: false })
      .text(`Último hash da cadeia: ${p.lastHash ?? "nenhuma entrada finalizada"}`, MARGIN, y + 12, { width, lineBreak: false })
      .fillColor("black");
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
