import { MSG } from "@clinora/contracts";
import type { Db } from "../../platform/db/client";
import { AppError } from "../../platform/lib/app-error";
import type { Clock } from "../../platform/lib/clock";
import { newSessionToken, sha256Hex } from "../../platform/lib/crypto";
import type { AuthContext } from "../../platform/lib/caller";
import { sessionRepository } from "./session.repository";

/** docs/product/security-and-privacy.md §2: idle expiry 12 h, absolute expiry 7 days. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads don't turn into a write per request. */
const TOUCH_EVERY_MS = 60 * 1000;

export type SessionService = ReturnType<typeof sessionService>;

export function sessionService(db: Db, clock: Clock) {
  const repo = sessionRepository(db);
  return {
    /** Issues a session and returns the token; only its SHA-256 is stored. */
    async create(userId: string, meta: { ip?: string; userAgent?: string }): Promise<string> {
      const token = newSessionToken();
      const now = clock.now();
      await repo.insert({
        tokenHash: sha256Hex(token),
        userId,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
        ip: meta.ip ?? null,
        userAgent: meta.userAgent?.slice(0, 400) ?? null,
      });
      return token;
    },

    /** The caller behind a token: 401 when unknown or expired, 403 when the account is not active. */
    async resolve(token: string): Promise<AuthContext> {
      if (token.length < 20 || token.length > 200) throw AppError.unauthorized();
      const session = await repo.findByTokenHash(sha256Hex(token));
      if (!session) throw AppError.unauthorized();

      const now = clock.now();
      const idle = now.getTime() - session.lastSeenAt.getTime() > SESSION_IDLE_MS;
      if (session.expiresAt.getTime() <= now.getTime() || idle) {
        await repo.deleteById(session.id);
        throw AppError.unauthorized(MSG.sessionExpired);
      }
      if (session.status !== "active") {
        await repo.deleteById(session.id);
        throw AppError.forbidden(MSG.loginNotAuthorized);
      }
      if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) await repo.touch(session.id, now);

      return {
        userId: session.userId,
        role: session.role,
        professionalId: session.professionalId,
        practice: session.practice,
        sessionId: session.id,
        email: session.email,
      };
    },

    async end(sessionId: string) {
      await repo.deleteById(sessionId);
    },

    /** Ends every session of a user: on suspension, deletion and password change. */
    async endAllForUser(userId: string) {
      await repo.deleteByUser(userId);
    },

    async pruneExpired() {
      const now = clock.now();
      await repo.deleteExpired(now, new Date(now.getTime() - SESSION_IDLE_MS));
    },
  };
}
