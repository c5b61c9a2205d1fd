import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../platform/db/client";
import type { Config } from "../../config";
import { generatePassword } from "../../platform/lib/crypto";
import { hashPassword } from "../../platform/lib/password";
import { userRepository } from "./user.repository";

/**
 * On an empty database, creates the first administrator (docs/product/platform.md §4): from ADMIN_EMAIL and
 * ADMIN_PASSWORD, or with a generated password written once to standard output (never to the log).
 */
export async function ensureFirstAdmin(
  db: Db,
  config: Pick<Config, "adminEmail" | "adminPassword">,
  log: FastifyBaseLogger,
  print: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<void> {
  const repo = userRepository(db);
  if ((await repo.countAll()) > 0) return;

  const email = config.adminEmail ?? "admin@clinora.local";
  const password = config.adminPassword ?? generatePassword();
  await repo.insert({
    email,
    passwordHash: await hashPassword(password),
    role: "admin",
    status: "active",
    fullName: "Administrador",
  });
  log.info({ email }, "first administrator created");
  if (!config.adminPassword) {
    print("");
    print("  Primeiro administrador criado (esta senha não será mostrada novamente):");
    print(`    email: ${email}`);
    print(`    senha: ${password}`);
    print("");
  }
}
