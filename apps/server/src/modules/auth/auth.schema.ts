import { index, inet, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { belongsTo, createdAt, id } from "../../platform/db/columns";
import { users } from "../users/users.schema";

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
