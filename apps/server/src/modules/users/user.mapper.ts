import type { AdminAction, User } from "@clinora/contracts";
import { iso, isoInstant } from "../../platform/db/rows";
import type { UserRepository, UserRow } from "./user.repository";

export type UserWithProfessional = UserRow & { professionalName: string | null; suspendedByEmail: string | null };
type AdminActionRow = Awaited<ReturnType<UserRepository["listAdminActions"]>>[number];

/** Row -> the User of the API; never includes the password hash. */
export function toUserDto(row: UserWithProfessional, adminActions?: AdminAction[]): User {
  const created = isoInstant(row.createdAt);
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

/** `performed_by` is the performer's current email, or the one recorded when their account is gone. */
export function toAdminActionDto(row: AdminActionRow): AdminAction {
  return {
    id: row.id,
    action: row.action,
    performed_by: row.performerEmail ?? row.performedByEmail,
    performed_at: isoInstant(row.performedAt),
    reason: row.reason,
    details: (row.details as Record<string, unknown> | null) ?? null,
  };
}
