import { describe, expect, it } from "vitest";
import { addressPrefix, qrFileName, qrPrintSheet, svgDataUrl } from "./booking-page";

describe("booking page address and QR code", () => {
  it("shows the address before the slug without its protocol", () => {
    expect(addressPrefix({ url: "https://app.clinora.com.br/agendar/dra-ana", slug: "dra-ana" })).toBe("app.clinora.com.br/agendar/");
    expect(addressPrefix({ url: "http://127.0.0.1:4180/agendar/ana-souza", slug: "ana-souza" })).toBe("127.0.0.1:4180/agendar/");
    // A slug that only ends the address by chance ("souza" in ".../ana-souza") is not cut off.
    expect(addressPrefix({ url: "https://x.com.br/agendar/ana-souza", slug: "souza" })).toBe("x.com.br/agendar/ana-souza/");
  });

  it("names the downloaded file after the page", () => {
    expect(qrFileName("dra-ana")).toBe("qr-code-agendamento-dra-ana.svg");
  });

  it("puts the SVG in an image address that keeps every character", () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0h1v1H0z"/></svg>';
    const url = svgDataUrl(svg);
    expect(url.startsWith("data:image/svg+xml;charset=utf-8,")).toBe(true);
    expect(decodeURIComponent(url.slice(url.indexOf(",") + 1))).toBe(svg);
  });

  it("prints the code with the clinic's name and the address written out, escaped", () => {
    const html = qrPrintSheet({ svg: "<svg/>", url: "https://x.com.br/agendar/ana?a=1&b=2", clinicName: "Clínica <Bem> Estar" });
    expect(html).toContain("Agende sua consulta");
    expect(html).toContain("Clínica &lt;Bem&gt; Estar");
    expect(html).toContain("https://x.com.br/agendar/ana?a=1&amp;b=2");
    expect(html).toContain(`src="${svgDataUrl("<svg/>")}"`);
    expect(qrPrintSheet({ svg: "<svg/>", url: "https://x", clinicName: "  " })).not.toContain('class="clinic"');
  });
});
