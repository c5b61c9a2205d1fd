import PDFDocument from "pdfkit";

/**
 * A pdfkit document collected into one Buffer (`done` resolves when `doc.end()` has been called), and the width
 * between its left and right margins. Standard fonts (Helvetica, WinAnsi), which cover Portuguese.
 */
export function openPdf(options: PDFKit.PDFDocumentOptions & { margins: { left: number; right: number; top: number; bottom: number } }) {
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, done, width: doc.page.width - options.margins.left - options.margins.right };
}

/** The professional's letterhead: her name in bold, then the lines given (registration, clinic…), then a rule. */
export function letterhead(doc: PDFKit.PDFDocument, width: number, head: { name: string; lines: readonly (string | null | undefined)[]; size: number }) {
  const left = doc.page.margins.left;
  doc.font("Helvetica-Bold").fontSize(head.size).text(head.name, { width });
  doc.font("Helvetica").fontSize(head.size - 4);
  for (const line of head.lines) if (line) doc.text(line, { width });
  doc.moveDown(0.5).moveTo(left, doc.y).lineTo(left + width, doc.y).stroke().moveDown(0.8);
}
