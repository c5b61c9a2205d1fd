import { sql } from "drizzle-orm";
import { index, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ROLES, USER_STATUSES } from "@clinora/contracts";
import { belongsTo, createdAt, id, updatedAt } from "../../platform/db/columns";
import { professionals } from "../professionals/professionals.schema";

export const userRole = pgEnum("user_role", ROLES);
export const userStatus = pgEnum("user_status", USER_STATUSES);

export const users = pgTable(
  "users",
  {
    id: id(),
    /** Stored lower-cased; unique. */
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: userRole("role").notNull(),
    status: userStatus("status").notNull().default("active"),
    professionalId: uuid("professional_id").references(() => professionals.id, { onDelete: "set null" }),
    fullName: text("full_name").notNull(),
    phone: text("phone"),
    notes: text("notes"),
    suspensionReason: text("suspension_reason"),
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    suspendedBy: uuid("suspended_by"),
    lastLogin: timestamp("last_login", { withTimezone: true }),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    uniqueIndex("users_professional_key").on(t.professionalId).where(sql`${t.professionalId} is not null`),
    index("users_status_idx").on(t.status, t.createdAt),
    index("users_created_idx").on(t.createdAt),
  ],
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
