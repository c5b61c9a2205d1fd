import { index, inet, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { belongsTo, createdAt, id, updatedAt } from "./columns";
import { userRole, userStatus } from "./enums";
import { professionals } from "./professionals";

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

/** Server-side sessions: only the SHA-256 of the token is stored (docs/product/security-and-privacy.md §2). */
export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    tokenHash: text("token_hash").notNull(),
    userId: belongsTo("user_id", () => users.id),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ip: inet("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [uniqueIndex("sessions_token_hash_key").on(t.tokenHash), index("sessions_user_idx").on(t.userId)],
);

/** Login attempts, kept in the database so the per-account and per-address limit holds across instances. */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: id(),
    email: text("email").notNull(),
    ip: text("ip").notNull(),
    /** "failure" or "success"; only failures count towards the limit. */
    outcome: text("outcome").notNull(),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("login_attempts_email_idx").on(t.email, t.attemptedAt),
    index("login_attempts_ip_idx").on(t.ip, t.attemptedAt),
  ],
);
