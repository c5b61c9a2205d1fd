import { hash, verify } from "@node-rs/argon2";

/**
 * argon2id with the library's defaults (19 MiB, 2 passes), the OWASP baseline (docs/product/security-and-privacy.md §1).
 * @node-rs/argon2's default algorithm is argon2id; the PHC string records it, so verify needs no options.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verified against when the email is unknown, so both failures take the same time. */
let dummyHash: Promise<string> | undefined;
export function burnPasswordCheck(password: string): Promise<boolean> {
  dummyHash ??= hash("not-a-real-password-but-same-cost");
  return dummyHash.then((h) => verifyPassword(h, password)).then(() => false);
}
