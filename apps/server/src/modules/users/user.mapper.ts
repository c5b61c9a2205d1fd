import type { AdminAction, User } from "@clinora/contracts";
import { iso } from "../../db/rows";
import type { UserRow } from "./user.repository";

export type UserWithProfessional = UserRow & { professionalName: string | null; suspendedByEmail: string | null };

/** Row -> the User of the API; never includes the password hash. */
export function toUserDto(row: UserWithProfessional, adminActions?: AdminAction[]): User {
  const created = row.createdAt.toISOString();
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: row.status,
    professional_id: row.professionalId,
    professional_entity_id: row.professionalId,
    professional_name: row.professionalName,
    full_name: row.fullName,
    phone: row.phone,
    notes: row.notes,
    suspension_reason: row.suspensionReason,
    suspended_reason: row.suspensionReason,
    suspended_at: iso(row.suspendedAt),
    suspended_by: row.suspendedByEmail,
    created_at: created,
    created_date: created,
    last_login: iso(row.lastLogin),
    ...(adminActions ? { admin_actions: adminActions } : {}),
  };
}
