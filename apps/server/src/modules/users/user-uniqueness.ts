import { MSG } from "@clinora/contracts";
import type { DbOrTx } from "../../platform/db/client";
import { AppError } from "../../platform/lib/app-error";
import { isUniqueViolation } from "../../platform/lib/db-errors";
import { professionalProfileOf } from "../professionals";
import { userRepository } from "./user.repository";

export async function assertEmailFree(db: DbOrTx, email: string) {
  if (await userRepository(db).findByEmail(email)) throw AppError.conflict(MSG.userEmailTaken);
}

/** The professional a user may be linked to: it exists and no other user holds it (one login per professional). */
export async function linkableProfessional(db: DbOrTx, professionalId: string, forUserId?: string) {
  const professional = await professionalProfileOf(db, professionalId);
  if (!professional) throw AppError.validation([{ field: "professional_id", msg: MSG.professionalNotFound }]);
  const holder = await userRepository(db).findByProfessionalId(professionalId);
  if (holder && holder.id !== forUserId) throw AppError.conflict(MSG.professionalAlreadyLinked);
  return professional;
}

/**
 * Runs a write that may race another administrator's: the unique indexes decide, and their violation becomes
 * the same 409 the checks above give.
 */
export async function withUniqueUserFields<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, "users_email_key")) throw AppError.conflict(MSG.userEmailTaken);
    if (isUniqueViolation(error, "users_professional_key")) throw AppError.conflict(MSG.professionalAlreadyLinked);
    throw error;
  }
}
