import { and, count, eq, gte, lt, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db/client";
import { loginAttempts, sessions } from "./auth.schema";
import { professionals } from "../professionals/professionals.schema";
import { users } from "../users/users.schema";

export function sessionRepository(db: DbOrTx) {
  /**
   * The session with the user fields the guard needs and the professional's scheduling settings: one query per
   * request, built and prepared once (it runs on every authenticated call).
   */
  const byTokenHash = db
    .select({
      id: sessions.id,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      userId: users.id,
      email: users.email,
      role: users.role,
      status: users.status,
      professionalId: users.professionalId,
      // null for administrators (no professional row joined)
      practice: {
        timeZone: professionals.timezone,
        appointmentDuration: professionals.appointmentDuration,
        businessDays: professionals.businessDays,
        businessStart: professionals.businessStart,
        businessEnd: professionals.businessEnd,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(professionals, eq(professionals.id, users.professionalId))
    .where(eq(sessions.tokenHash, sql.placeholder("tokenHash")))
    .limit(1)
    .prepare("session_by_token_hash");

  return {
    async insert(values: typeof sessions.$inferInsert) {
      await db.insert(sessions).values(values);
    },
    async findByTokenHash(tokenHash: string) {
      const [row] = await byTokenHash.execute({ tokenHash });
      return row ?? null;
    },
    async touch(id: string, at: Date) {
      await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
    },
    async deleteById(id: string) {
      await db.delete(sessions).where(eq(sessions.id, id));
    },
    async deleteByUser(userId: string) {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },
    async deleteExpired(now: Date, idleSince: Date) {
      await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleSince)));
    },
  };
}

export function loginAttemptRepository(db: DbOrTx) {
  return {
    async record(email: string, ip: string, outcome: "failure" | "success", at: Date) {
      await db.insert(loginAttempts).values({ email, ip, outcome, attemptedAt: at });
    },
    /** Failures since `since`, counted for the account and for the address. */
    async countFailuresSince(email: string, ip: string, since: Date) {
      const [row] = await db
        .select({
          byEmail: sql<number>`count(*) filter (where ${loginAttempts.email} = ${email})`.mapWith(Number),
          byIp: sql<number>`count(*) filter (where ${loginAttempts.ip} = ${ip})`.mapWith(Number),
        })
        .from(loginAttempts)
        .where(
          and(
            eq(loginAttempts.outcome, "failure"),
            gte(loginAttempts.attemptedAt, since),
            or(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip)),
          ),
        );
      return { byEmail: row?.byEmail ?? 0, byIp: row?.byIp ?? 0 };
    },
    async clearFailures(email: string) {
      await db.delete(loginAttempts).where(and(eq(loginAttempts.email, email), eq(loginAttempts.outcome, "failure")));
    },
    async deleteOlderThan(before: Date) {
      await db.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, before));
    },
    async countAll() {
      const [row] = await db.select({ n: count() }).from(loginAttempts);
      return row?.n ?? 0;
    },
  };
}
