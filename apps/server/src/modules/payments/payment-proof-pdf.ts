import { formatCents } from "@clinora/contracts";
import { dateTimeIn } from "@clinora/contracts/date-display";
import { letterhead, openPdf } from "../../platform/lib/pdf";

export interface PaymentProof {
  professional: { name: string; clinicName: string | null; councilRegistration: string | null };
  charge: { id: string; description: string; amountCents: number; paymentDate: string; method: string | null; payerName: string | null; payerCpf: string | null; beneficiaryCpf: string | null };
  generatedAt: Date;
  timeZone: string;
}

/** What every comprovante says (docs/product/payments.md §6): it is not the tax receipt the law asks for. */
export const PROOF_NOTICE =
  "Este comprovante não substitui o recibo do Receita Saúde. O recibo oficial é emitido pelo profissional no aplicativo Receita Saúde ou no Carnê-Leão Web, da Receita Federal.";

const MARGIN = 56;
const cpfText = (cpf: string) => (cpf.length === 11 ? `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}` : cpf);
const brDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * A "comprovante de pagamento" for the patient (pdfkit, as the records PDF, docs/decisions/034): who received, who
 * paid, what, how much and when, and the notice that it does not replace the Receita Saúde receipt. Standard fonts
 * (Helvetica, WinAnsi), which cover Portuguese.
 */
export function renderPaymentProofPdf(p: PaymentProof): Promise<Buffer> {
  const { doc, done, width } = openPdf({
    size: "A5",
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN },
    info: { Title: `Comprovante de pagamento — ${p.charge.description}`, Author: p.professional.name, Creator: "Clinora", CreationDate: p.generatedAt },
  });
  letterhead(doc, width, { name: p.professional.name, lines: [p.professional.councilRegistration, p.professional.clinicName], size: 13 });

  doc.font("Helvetica-Bold").fontSize(14).text("Comprovante de pagamento", { width }).moveDown(0.6);
  const line = (label: string, value: string) => doc.font("Helvetica-Bold").fontSize(10).text(`${label}: `, { continued: true, width }).font("Helvetica").text(value);
  line("Valor", formatCents(p.charge.amountCents));
  line("Data do pagamento", brDate(p.charge.paymentDate));
  line("Referente a", p.charge.description);
  if (p.charge.method) line("Forma de pagamento", p.charge.method);
  if (p.charge.payerName) line("Pagador", p.charge.payerName);
  if (p.charge.payerCpf) line("CPF do pagador", cpfText(p.charge.payerCpf));
  if (p.charge.beneficiaryCpf) line("CPF do beneficiário", cpfText(p.charge.beneficiaryCpf));
  line("Código", p.charge.id);
  doc.moveDown();
  doc.font("Helvetica-Oblique").fontSize(9).text(PROOF_NOTICE, { width });
  doc.moveDown(0.6).font("Helvetica").fontSize(8).fillColor("#444444").text(`Gerado em ${dateTimeIn(p.generatedAt, p.timeZone)} pelo Clinora.`, { width });
  doc.end();
  return done;
}
