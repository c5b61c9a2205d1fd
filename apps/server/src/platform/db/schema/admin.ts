import { index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { belongsTo, createdAt, id, updatedAt } from "./columns";
import { aiProvider, leadStatus } from "./enums";
import { professionals } from "./professionals";
import { users } from "./users";

/** Sales prospects tracked by administrators (docs/product/admin.md §3 "Lead"). */
export const leads = pgTable(
  "leads",
  {
    id: id(),
    name: text("name").notNull(),
    contactForm: text("contact_form").notNull(),
    status: leadStatus("status").notNull().default("new"),
    source: text("source"),
    notes: text("notes"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("leads_created_idx").on(t.createdAt), index("leads_status_idx").on(t.status, t.createdAt)],
);

/** What an administrator did to a user account: shown on the user detail page (docs/product/admin.md §2.6). */
export const adminActions = pgTable(
  "admin_actions",
  {
    id: id(),
    targetUserId: belongsTo("target_user_id", () => users.id),
    performedBy: uuid("performed_by").references(() => users.id, { onDelete: "set null" }),
    performedByEmail: text("performed_by_email"),
    action: text("action").notNull(),
    reason: text("reason"),
    details: jsonb("details"),
    performedAt: timestamp("performed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("admin_actions_target_idx").on(t.targetUserId, t.performedAt)],
);

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

/** The global assistant configuration: a single row with id 1 (docs/product/admin.md §3 "Global AI settings"). */
export const aiSettings = pgTable("ai_settings", {
  id: integer("id").primaryKey().default(1),
  provider: aiProvider("provider").notNull().default("openai"),
  model: text("model").notNull().default("gpt-4o-mini"),
  temperature: real("temperature").notNull().default(0.7),
  systemPrompt: text("system_prompt").notNull(),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});

/** WhatsApp senders provisioned in Twilio and routed to one professional (docs/product/admin.md §2.5). */
export const twilioNumbers = pgTable(
  "twilio_numbers",
  {
    id: id(),
    /** `whatsapp:+5511987654321` */
    twilioNumber: text("twilio_number").notNull(),
    /** `+5511987654321` */
    e164Number: text("e164_number").notNull(),
    label: text("label"),
    professionalId: uuid("professional_id").references(() => professionals.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("twilio_numbers_number_key").on(t.twilioNumber),
    uniqueIndex("twilio_numbers_e164_key").on(t.e164Number),
    index("twilio_numbers_professional_idx").on(t.professionalId),
  ],
);
