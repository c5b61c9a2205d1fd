import { MEDIA_MAX_BYTES, MSG } from "@clinora/contracts";
import { describe, expect, it } from "vitest";
import { downloadName, formatFileSize, mediaDisplayName, mediaKindOf, outboundFileProblem } from "./media-display";

describe("media display rules", () => {
  it("shows an unknown kind as a document to open or download", () => {
    expect(mediaKindOf("audio")).toBe("audio");
    expect(mediaKindOf("video")).toBe("document");
    expect(mediaKindOf(null)).toBe("document");
  });

  it("writes sizes in bytes, KB and MB with a decimal comma", () => {
    expect(formatFileSize(1)).toBe("1 byte");
    expect(formatFileSize(820)).toBe("820 bytes");
    expect(formatFileSize(48 * 1024 + 100)).toBe("48 KB");
    expect(formatFileSize(1.25 * 1024 * 1024)).toBe("1,3 MB");
    expect(formatFileSize(16 * 1024 * 1024)).toBe("16 MB");
    expect(formatFileSize(null)).toBe("");
    expect(formatFileSize(-1)).toBe("");
  });

  it("names a file by its own name, else by its kind", () => {
    expect(mediaDisplayName({ file_name: "hemograma.pdf", kind: "document", content_type: "application/pdf" })).toBe("hemograma.pdf");
    expect(mediaDisplayName({ file_name: "  ", kind: "document", content_type: "application/pdf" })).toBe("Documento PDF");
    expect(mediaDisplayName({ file_name: null, kind: "image", content_type: "image/jpeg" })).toBe("Foto");
  });

  it("saves a file under its own name, else one made from its kind and type", () => {
    expect(downloadName({ file_name: "exame.pdf", kind: "document", content_type: "application/pdf" })).toBe("exame.pdf");
    expect(downloadName({ file_name: null, kind: "audio", content_type: "audio/ogg; codecs=opus" })).toBe("audio.ogg");
    expect(downloadName({ file_name: null, kind: "image", content_type: "image/jpeg" })).toBe("foto.jpg");
    expect(downloadName({ file_name: null, kind: "audio", content_type: "audio/mpeg" })).toBe("audio.mp3");
    expect(downloadName({ file_name: "", kind: "document", content_type: "application/pdf" })).toBe("documento.pdf");
  });

  it("refuses before the upload what the server would refuse: wrong type, empty, over 16 MB", () => {
    expect(outboundFileProblem({ type: "application/pdf", size: 2048 })).toBeNull();
    expect(outboundFileProblem({ type: "image/jpeg", size: MEDIA_MAX_BYTES })).toBeNull();
    expect(outboundFileProblem({ type: "image/png", size: 10 })).toBeNull();
    expect(outboundFileProblem({ type: "image/webp", size: 10 })).toBeNull();
    expect(outboundFileProblem({ type: "application/zip", size: 10 })).toBe(MSG.attachmentTypeNotAccepted);
    expect(outboundFileProblem({ type: "audio/ogg", size: 10 })).toBe(MSG.attachmentTypeNotAccepted);
    expect(outboundFileProblem({ type: "", size: 10 })).toBe(MSG.attachmentTypeNotAccepted);
    expect(outboundFileProblem({ type: "application/pdf", size: 0 })).toBe(MSG.attachmentEmpty);
    expect(outboundFileProblem({ type: "application/pdf", size: MEDIA_MAX_BYTES + 1 })).toBe(MSG.attachmentTooLarge);
  });
});
