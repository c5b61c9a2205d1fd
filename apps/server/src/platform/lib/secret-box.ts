import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * AES-256-GCM for secrets the server must read back (a professional's Google tokens), so a copy of the database
 * alone gives no access to anyone's calendar. Format: `v1.<iv>.<tag>.<ciphertext>`, base64url parts; the
 * version leaves room to rotate the scheme.
 */
const VERSION = "v1";

/** Encrypts `plaintext` with a 32-byte key; a fresh 12-byte IV each time (NIST SP 800-38D). */
export function sealSecret(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), data.toString("base64url")].join(".");
}

/** Decrypts what `sealSecret` wrote; throws when the key is wrong or the text was altered (GCM's tag). */
export function openSecret(key: Buffer, sealed: string): string {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error("unrecognised sealed secret");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}
