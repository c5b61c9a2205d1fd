import type { CurrentUser } from "@clinora/contracts";
import type { DbOrTx } from "../../platform/db/client";
import { findProfessional, toProfessionalDto } from "../professionals";
import { userRepository, type UserRow } from "./user.repository";
import { iso } from "../../platform/db/rows";

/** The signed-in user with its professional profile (docs/product/accounts-and-access.md §3 "Current user"). */
export async function loadCurrentUser(db: DbOrTx, user: UserRow): Promise<CurrentUser> {
  const professional = user.professionalId
    ? await findProfessional(db, user.professionalId)
    : null;
  return {
    id: user.id,
    email: user.email,
    full_name: user.fullName,
    role: user.role,
    status: user.status,
    professional_id: user.professionalId,
    clinic_name: professional?.clinicName ?? null,
    last_login: iso(user.lastLogin),
    professional: professional ? toProfessionalDto(professional) : null,
  };
}

export async function loadCurrentUserById(db: DbOrTx, userId: string): Promise<CurrentUser | null> {
  const user = await userRepository(db).findById(userId);
  return user ? loadCurrentUser(db, user) : null;
}

/** The account behind a login email, password hash included, for the login check. */
export function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  return userRepository(db).findByEmail(email);
}

export async function recordLogin(db: DbOrTx, userId: string, at: Date): Promise<void> {
  await userRepository(db).setLastLogin(userId, at);
}
