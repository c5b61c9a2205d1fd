/**
 * Files in a WhatsApp conversation (docs/decisions/026): the voice notes, photos and documents a patient sends, and the images
 * and PDFs the professional sends from Conversas. No zod here, so a screen that only shows a thread can use them.
 */

/** WhatsApp's limit for one media file, both ways. */
export const MEDIA_MAX_BYTES = 16 * 1024 * 1024;

/** What a file is, for how Conversas shows it: a player, a thumbnail or a document link. */
export const MEDIA_KINDS = ["audio", "image", "document"] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/**
 * A file's state: `pending` until it is fetched from Twilio, `ready` once stored, `failed` when the fetch kept
 * failing ("Mídia indisponível"), `rejected` when it broke a rule (too large, type not accepted, empty, other host).
 */
export const MEDIA_STATUSES = ["pending", "ready", "failed", "rejected"] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

/** A voice note's transcript: `no_provider` when no OpenAI key is configured (the audio is still kept). */
export const TRANSCRIPT_STATUSES = ["pending", "done", "failed", "no_provider"] as const;
export type TranscriptStatus = (typeof TRANSCRIPT_STATUSES)[number];

/** The types a patient's file may have (compared without parameters such as `; codecs=opus`), and their kind. */
export const INBOUND_MEDIA_TYPES: Readonly<Record<string, MediaKind>> = {
  "audio/ogg": "audio",
  "audio/opus": "audio",
  "audio/mpeg": "audio",
  "audio/mp3": "audio",
  "audio/mp4": "audio",
  "audio/aac": "audio",
  "audio/amr": "audio",
  "audio/wav": "audio",
  "audio/x-wav": "audio",
  "audio/webm": "audio",
  "image/jpeg": "image",
  "image/png": "image",
  "image/webp": "image",
  "application/pdf": "document",
};

/** The types the professional may send from the reply box, and their kind. */
export const OUTBOUND_MEDIA_TYPES: Readonly<Record<string, MediaKind>> = {
  "image/jpeg": "image",
  "image/png": "image",
  "image/webp": "image",
  "application/pdf": "document",
};

/** A content type without its parameters, lower case: "audio/ogg; codecs=opus" → "audio/ogg". */
export function baseContentType(contentType: string | null | undefined): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

/** The kind of an accepted inbound type, or null when the type is not accepted. */
export function inboundMediaKind(contentType: string | null | undefined): MediaKind | null {
  return INBOUND_MEDIA_TYPES[baseContentType(contentType)] ?? null;
}

/** The kind of a type the professional may send, or null. */
export function outboundMediaKind(contentType: string | null | undefined): MediaKind | null {
  return OUTBOUND_MEDIA_TYPES[baseContentType(contentType)] ?? null;
}

/** Longest file name and caption of a file the professional sends. */
export const ATTACHMENT_NAME_MAX_LENGTH = 200;
export const ATTACHMENT_CAPTION_MAX_LENGTH = 1600;
