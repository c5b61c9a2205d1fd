import type { CurrentUser } from "@clinora/contracts";
import type { DbOrTx } from "../../platform/db/client";
import { professionalProfileOf } from "../professionals";
import { userRepository, type UserRow } from "./user.repository";
import { iso } from "../../platform/db/rows";
import { burnPasswordCheck, verifyPassword } from "../../platform/lib/password";

/** The signed-in user with its professional profile (docs/product/accounts-and-access.md §3 "Current user"). */
export async function loadCurrentUser(db: DbOrTx, user: UserRow): Promise<CurrentUser> {
  const professional = user.professionalId ? await professionalProfileOf(db, user.professionalId) : null;
  return {
    id: user.id,
    email: user.email,
    full_name: user.fullName,
    role: user.role,
    status: user.status,
    professional_id: user.professionalId,
    clinic_name: professional?.clinic_name ?? null,
    last_login: iso(user.lastLogin),
    professional,
  };
}

export async function loadCurrentUserById(db: DbOrTx, userId: string): Promise<CurrentUser | null> {
  const user = await userRepository(db).findById(userId);
  return user ? loadCurrentUser(db, user) : null;
}

/**
 * The account whose login email (any case) and password match, else null. An unknown email costs a password check
 * all the same, so the answer's time does not tell whether the account exists.
 */
export async function accountByCredentials(db: DbOrTx, email: string, password: string): Promise<UserRow | null> {
  const user = await userRepository(db).findByEmail(email.trim().toLowerCase());
  const passwordOk = user ? await verifyPassword(user.passwordHash, password) : await burnPasswordCheck(password);
  return user && passwordOk ? user : null;
}

export async function recordLogin(db: DbOrTx, userId: string, at: Date): Promise<void> {
  await userRepository(db).setLastLogin(userId, at);
}
