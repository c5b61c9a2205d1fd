import {
  baseContentType,
  MEDIA_KINDS,
  MEDIA_MAX_BYTES,
  MSG,
  OUTBOUND_MEDIA_TYPES,
  outboundMediaKind,
  type MediaKind,
  type MessageMedia,
} from "@clinora/contracts";

/** A file's kind in words, under a lost file's reason and as the name of a file that came without one. */
export const MEDIA_KIND_LABELS: Record<MediaKind, string> = {
  audio: "Áudio",
  image: "Foto",
  document: "Documento",
};

/** An unknown kind (a server newer than this page) is shown as a document: a file to open or download. */
export function mediaKindOf(value: string | null | undefined): MediaKind {
  return (MEDIA_KINDS as readonly string[]).includes(value ?? "") ? (value as MediaKind) : "document";
}

/** "820 bytes", "48 KB", "1,2 MB" (pt-BR decimal comma); "" without a size. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return "";
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${Math.round(kb)} KB`;
  const mb = kb / 1024;
  return `${mb.toLocaleString("pt-BR", { maximumFractionDigits: 1 })} MB`;
}

/** The file's own name, else one the professional can recognise ("Documento PDF", "Foto"). */
export function mediaDisplayName(media: Pick<MessageMedia, "file_name" | "kind" | "content_type">): string {
  const name = media.file_name?.trim();
  if (name) return name;
  if (media.content_type === "application/pdf") return "Documento PDF";
  return MEDIA_KIND_LABELS[mediaKindOf(media.kind)];
}

const EXTENSIONS: Record<string, string> = { jpeg: "jpg", mpeg: "mp3", mp4: "m4a", "x-wav": "wav" };
const STEMS: Record<MediaKind, string> = { audio: "audio", image: "foto", document: "documento" };

/** The name a downloaded file is saved as: its own, else "audio.ogg", "foto.jpg", "documento.pdf". */
export function downloadName(media: Pick<MessageMedia, "file_name" | "kind" | "content_type">): string {
  const name = media.file_name?.trim();
  if (name) return name;
  const subtype = baseContentType(media.content_type).split("/")[1] || "bin";
  return `${STEMS[mediaKindOf(media.kind)]}.${EXTENSIONS[subtype] ?? subtype}`;
}

/** What the file picker offers: the types the professional may send (the server checks them again). */
export const OUTBOUND_ACCEPT = Object.keys(OUTBOUND_MEDIA_TYPES).join(",");

/**
 * Why a file the professional picked cannot go to the patient, or null when it can: the same rules the server
 * applies (an image or a PDF, not empty, at most 16 MB), checked before the upload so a wrong file costs no wait.
 */
export function outboundFileProblem(file: { type: string; size: number }): string | null {
  if (!outboundMediaKind(file.type)) return MSG.attachmentTypeNotAccepted;
  if (file.size === 0) return MSG.attachmentEmpty;
  if (file.size > MEDIA_MAX_BYTES) return MSG.attachmentTooLarge;
  return null;
}
