import { createCipheriv, createDecipheriv, randomBytes, scrypt, type ScryptOptions } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";

/**
 * Encrypted backups (docs/decisions/031): AES-256-GCM with a key derived from the passphrase by scrypt, both from
 * node:crypto (no dependency: Node's OpenSSL bindings are the well-kept library for this). The file is
 *
 *   MAGIC (16 bytes) | salt (16) | nonce (12) | ciphertext | tag (16)
 *
 * and its name is the clear backup's name plus `.enc`. GCM's tag authenticates the whole file: a wrong passphrase or
 * an edited byte fails before anything is restored.
 */
export const ENCRYPTED_SUFFIX = ".enc";
const MAGIC = Buffer.from("CLINORA-BACKUP1\n", "latin1");
const SALT_BYTES = 16;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** scrypt's cost: 2^17 (about 128 MiB and a few hundred ms), OWASP's recommended minimum for scrypt. */
const SCRYPT: ScryptOptions = { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 };

export const WRONG_PASSPHRASE = "Não foi possível abrir o backup criptografado: a senha está errada ou o arquivo foi alterado. Nada foi restaurado.";
export const PASSPHRASE_REQUIRED = "Este backup é criptografado: informe a senha em BACKUP_PASSPHRASE ou com --passphrase-file.";

const keyOf = (passphrase: string, salt: Buffer) =>
  new Promise<Buffer>((resolve, reject) => scrypt(passphrase.normalize("NFC"), salt, 32, SCRYPT, (error, key) => (error ? reject(error) : resolve(key))));

export const isEncryptedBackup = (file: string) => file.endsWith(ENCRYPTED_SUFFIX);

/** Encrypts the bytes of `plain` with `passphrase`, as the encrypted file's bytes. */
export async function encryptBackup(plain: Buffer, passphrase: string): Promise<Buffer> {
  const salt = randomBytes(SALT_BYTES);
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", await keyOf(passphrase, salt), nonce);
  cipher.setAAD(MAGIC);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([MAGIC, salt, nonce, body, cipher.getAuthTag()]);
}

/** The clear bytes of an encrypted backup, or WRONG_PASSPHRASE (a wrong passphrase, an edited or cut file). */
export async function decryptBackup(encrypted: Buffer, passphrase: string): Promise<Buffer> {
  const headerBytes = MAGIC.length + SALT_BYTES + NONCE_BYTES;
  if (encrypted.length < headerBytes + TAG_BYTES || !encrypted.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new Error("O arquivo não é um backup criptografado do Clinora.");
  }
  const salt = encrypted.subarray(MAGIC.length, MAGIC.length + SALT_BYTES);
  const nonce = encrypted.subarray(MAGIC.length + SALT_BYTES, headerBytes);
  const decipher = createDecipheriv("aes-256-gcm", await keyOf(passphrase, salt), nonce);
  decipher.setAAD(MAGIC);
  decipher.setAuthTag(encrypted.subarray(encrypted.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(encrypted.subarray(headerBytes, encrypted.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new Error(WRONG_PASSPHRASE);
  }
}

/** Replaces the clear file `file` by its encrypted bytes (the caller renames it to the `.enc` name). */
export async function encryptFileInPlace(file: string, passphrase: string): Promise<void> {
  writeFileSync(file, await encryptBackup(readFileSync(file), passphrase));
}

/** Reads a passphrase file: its first line, without the line end. An empty one is refused. */
export function readPassphraseFile(file: string): string {
  const passphrase = readFileSync(file, "utf8").split(/\r?\n/)[0] ?? "";
  if (!passphrase) throw new Error(`O arquivo de senha ${file} está vazio.`);
  return passphrase;
}
