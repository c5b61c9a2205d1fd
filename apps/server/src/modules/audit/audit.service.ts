import type { DbOrTx } from "../../platform/db/client";
import type { AuthContext } from "../../platform/lib/caller";
import { auditRepository } from "./audit.repository";

/**
 * Who acted: a signed-in user, the virtual assistant (no user, role "assistant") on a patient's behalf, or the
 * patient themselves answering a WhatsApp reminder (no user, role "patient").
 */
export type AuditActor = { userId: string | null; role: AuthContext["role"] | "assistant" | "patient"; professionalId: string | null; ip?: string | null };

export interface AuditEvent {
  /** e.g. "patient.viewed", "patient.updated" */
  action: string;
  entityType: string;
  entityId?: string | null;
  professionalId?: string | null;
  details?: Record<string, unknown>;
}

/**
 * Records who saw or changed what, and when (LGPD, docs/product/admin.md §10.2). Call it inside the same
 * transaction as the change so the trail and the data never disagree.
 */
export async function recordAudit(db: DbOrTx, actor: AuditActor, event: AuditEvent) {
  await auditRepository(db).insert({
    actorUserId: actor.userId,
    actorRole: actor.role,
    professionalId: event.professionalId ?? actor.professionalId,
    action: event.action,
    entityType: event.entityType,
    entityId: event.entityId ?? null,
    ip: actor.ip ?? null,
    details: event.details ?? null,
  });
}
