import { baseContentType, MEDIA_MAX_BYTES, MSG, type MediaKind } from "@clinora/contracts";


/** Twilio's own media host: a patient's files are fetched from nowhere else (or from TWILIO_BASE_URL's origin). */
export const TWILIO_MEDIA_ORIGIN = "https://api.twilio.com";

/** Whether `url` is on Twilio's media host or on the configured Twilio base URL's origin. */
export function isTwilioMediaUrl(url: string, twilioBaseUrl: string | undefined): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.username || parsed.password) return false;
  const allowed = [TWILIO_MEDIA_ORIGIN, ...(twilioBaseUrl ? [new URL(twilioBaseUrl).origin] : [])];
  return allowed.includes(parsed.origin);
}


/** A file that broke a rule: stored as `rejected` with the Portuguese reason the thread shows. */
export class MediaRejected extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = "MediaRejected";
  }
}

/** Reads a response body up to MEDIA_MAX_BYTES; a larger one is refused as soon as it passes the limit. */
export async function readLimited(response: Response): Promise<Buffer> {
  const declared = Number(response.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > MEDIA_MAX_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    throw new MediaRejected(MSG.mediaTooLarge);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  if (response.body) {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.length;
      if (size > MEDIA_MAX_BYTES) throw new MediaRejected(MSG.mediaTooLarge);
      chunks.push(Buffer.from(chunk));
    }
  }
  return Buffer.concat(chunks, size);
}

/** A label for the conversation list when a message has no text. */
export function mediaLabel(kind: MediaKind): string {
  return kind === "audio" ? "🎤 Áudio" : kind === "image" ? "📷 Foto" : "📄 Documento";
}

/** A file name for a file that came without one: `audio-<id>.ogg`. */
export function defaultFileName(kind: MediaKind, contentType: string, id: string): string {
  const subtype = baseContentType(contentType).split("/")[1] ?? "bin";
  const extension = subtype === "mpeg" ? "mp3" : subtype === "jpeg" ? "jpg" : subtype.replace(/^x-/, "");
  const stem = kind === "audio" ? "audio" : kind === "image" ? "imagem" : "documento";
  return `${stem}-${id.slice(0, 8)}.${extension}`;
}

/** WhatsApp sends up to 10 files with one message. */
const MAX_INBOUND_MEDIA = 10;

/** A file named by an inbound webhook (MediaUrl{i}, MediaContentType{i}). */
export interface InboundFile {
  url: string;
  contentType: string;
}

/** The files of a webhook's form fields, in order (at most WhatsApp's 10). */
export function inboundFilesOf(params: Record<string, string>): InboundFile[] {
  const count = Math.min(MAX_INBOUND_MEDIA, Math.max(0, Number.parseInt(params.NumMedia ?? "0", 10) || 0));
  const files: InboundFile[] = [];
  for (let i = 0; i < count; i++) {
    const url = params[`MediaUrl${i}`]?.trim();
    if (url) files.push({ url, contentType: params[`MediaContentType${i}`]?.trim() ?? "" });
  }
  return files;
}

