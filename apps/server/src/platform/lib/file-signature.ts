import { baseContentType } from "@clinora/contracts";

const startsWith = (bytes: Buffer, signature: string, offset = 0) =>
  bytes.length >= offset + signature.length && bytes.subarray(offset, offset + signature.length).equals(Buffer.from(signature, "latin1"));

/**
 * Whether the bytes look like a file of `contentType` (its first bytes, as each format defines them): an empty
 * file, or one that is not what it claims (a broken upload, an HTML error page), is refused before it is stored.
 */
export function looksLike(contentType: string, bytes: Buffer): boolean {
  if (bytes.length === 0) return false;
  switch (baseContentType(contentType)) {
    case "application/pdf":
      return startsWith(bytes, "%PDF-");
    case "image/jpeg":
      return startsWith(bytes, "\xFF\xD8\xFF");
    case "image/png":
      return startsWith(bytes, "\x89PNG\r\n\x1A\n");
    case "image/webp":
      return startsWith(bytes, "RIFF") && startsWith(bytes, "WEBP", 8);
    case "audio/ogg":
    case "audio/opus":
      return startsWith(bytes, "OggS");
    case "audio/mpeg":
    case "audio/mp3":
      return startsWith(bytes, "ID3") || (bytes.length >= 2 && bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0);
    case "audio/mp4":
      return startsWith(bytes, "ftyp", 4);
    case "audio/aac":
      return startsWith(bytes, "ADIF") || (bytes.length >= 2 && bytes[0] === 0xff && (bytes[1]! & 0xf6) === 0xf0);
    case "audio/amr":
      return startsWith(bytes, "#!AMR");
    case "audio/wav":
    case "audio/x-wav":
      return startsWith(bytes, "RIFF") && startsWith(bytes, "WAVE", 8);
    case "audio/webm":
      return startsWith(bytes, "\x1A\x45\xDF\xA3");
    default:
      return false;
  }
}
