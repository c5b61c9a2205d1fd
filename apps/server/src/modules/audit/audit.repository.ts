import type { DbOrTx } from "../../platform/db/client";
import { auditLog } from "./audit.schema";

export type NewAuditEntry = typeof auditLog.$inferInsert;

export function auditRepository(db: DbOrTx) {
  return {
    async insert(entry: NewAuditEntry) {
      await db.insert(auditLog).values(entry);
    },
  };
}
