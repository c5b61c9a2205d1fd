import type { AdminActionType } from "@clinora/contracts";
import type { DbOrTx } from "../../platform/db/client";
import type { AuthContext } from "../../platform/lib/caller";
import { userRepository } from "./user.repository";

export type Performer = Pick<AuthContext, "userId" | "email">;

export interface AdminActionEntry {
  targetUserId: string;
  action: AdminActionType;
  at: Date;
  reason?: string | null;
  details?: Record<string, unknown>;
}

/**
 * Records what an administrator did to an account, with who and when (docs/product/admin.md §10.2). Call it in
 * the transaction of the change. The performer's email is kept too, so the entry survives their deletion.
 */
export async function recordAdminAction(db: DbOrTx, by: Performer, entry: AdminActionEntry) {
  await userRepository(db).insertAdminAction({
    targetUserId: entry.targetUserId,
    performedBy: by.userId,
    performedByEmail: by.email,
    action: entry.action,
    reason: entry.reason ?? null,
    details: entry.details ?? null,
    performedAt: entry.at,
  });
}
