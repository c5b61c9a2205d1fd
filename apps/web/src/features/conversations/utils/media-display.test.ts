import { MEDIA_MAX_BYTES, MSG } from "@clinora/contracts";
import { describe, expect, it } from "vitest";
import { downloadUrl, formatFileSize, mediaDisplayName, mediaKindOf, mediaPreview, outboundFileProblem } from "./media-display";

describe("media display rules", () => {
  it("names a message's file in one line, as WhatsApp's chat list does", () => {
    expect(mediaPreview("audio")).toBe("🎤 Áudio");
    expect(mediaPreview("image")).toBe("📷 Foto");
    expect(mediaPreview("document")).toBe("📄 Documento");
  });

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

  it("asks for the download with ?download=1, keeping any query already there", () => {
    expect(downloadUrl("/api/conversations/c/media/m")).toBe("/api/conversations/c/media/m?download=1");
    expect(downloadUrl("/api/x?v=2")).toBe("/api/x?v=2&download=1");
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
