import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { id } from "../../platform/db/columns";

/**
 * Who saw or changed what, when (LGPD). Rows outlive the records they mention, so no foreign keys;
 * professional_id leads the index so a professional's trail can be read and distributed with its data.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    professionalId: uuid("professional_id"),
    actorUserId: uuid("actor_user_id"),
    actorRole: text("actor_role"),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: uuid("entity_id"),
    ip: text("ip"),
    details: jsonb("details"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_professional_idx").on(t.professionalId, t.at), index("audit_log_at_idx").on(t.at)],
);
