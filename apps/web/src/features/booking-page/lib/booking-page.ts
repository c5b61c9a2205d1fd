/* The booking page's address as Configurações shows it, and its QR code saved as a file or printed on a sheet. */
import type { BookingPageSettings } from "@clinora/contracts";
import { saveFile } from "@/lib/download";

/** The address without its protocol and slug, shown before the slug field ("clinora.com.br/agendar/"). */
export function addressPrefix(settings: Pick<BookingPageSettings, "url" | "slug">): string {
  const url = settings.url.replace(/^https?:\/\//, "");
  return url.endsWith(`/${settings.slug}`) ? url.slice(0, -settings.slug.length) : `${url}/`;
}

/** The file name of the downloaded code: `qr-code-agendamento-<slug>.svg`. */
export function qrFileName(slug: string): string {
  return `qr-code-agendamento-${slug}.svg`;
}

/** The SVG as an image address an <img> can show without another request. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Hands the SVG to the browser as a file download. */
export function downloadSvg(svg: string, fileName: string): void {
  saveFile(new Blob([svg], { type: "image/svg+xml" }), fileName);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The sheet to print and put on the reception desk: who it is for, the code in large, and the address written out
 * for whoever cannot scan it.
 */
export function qrPrintSheet({ svg, url, clinicName }: { svg: string; url: string; clinicName: string | null }): string {
  const clinic = clinicName?.trim() ? `<p class="clinic">${escapeHtml(clinicName.trim())}</p>` : "";
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<title>QR code da página de agendamento</title>
<style>
  @page { margin: 2cm; }
  body { font-family: system-ui, sans-serif; color: #0f172a; text-align: center; margin: 0; }
  h1 { font-size: 28pt; margin: 0 0 4pt; }
  .clinic { font-size: 16pt; margin: 0 0 24pt; }
  img { width: 10cm; height: 10cm; }
  .hint { font-size: 14pt; margin: 18pt 0 6pt; }
  .url { font-family: ui-monospace, monospace; font-size: 13pt; word-break: break-all; }
</style>
</head>
<body>
<h1>Agende sua consulta</h1>
${clinic}
<img src="${svgDataUrl(svg)}" alt="QR code da página de agendamento">
<p class="hint">Aponte a câmera do celular para o código ou acesse:</p>
<p class="url">${escapeHtml(url)}</p>
</body>
</html>`;
}

/**
 * Prints the sheet from a hidden frame, so no pop-up window is needed; the frame goes away once the print dialog
 * closes.
 */
export function printQrSheet(html: string): void {
  const frame = document.createElement("iframe");
  frame.title = "QR code para impressão";
  frame.setAttribute("aria-hidden", "true");
  frame.tabIndex = -1;
  frame.style.cssText = "position:fixed;width:0;height:0;border:0;right:0;bottom:0;";
  frame.srcdoc = html;
  frame.addEventListener("load", () => {
    const view = frame.contentWindow;
    if (!view) return;
    view.addEventListener("afterprint", () => setTimeout(() => frame.remove(), 0));
    view.focus();
    view.print();
  });
  document.body.append(frame);
}
