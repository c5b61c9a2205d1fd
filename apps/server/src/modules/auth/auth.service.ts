import { MSG, type LoginRequest, type LoginResponse, type CurrentUser } from "@clinora/contracts";
import type { Db } from "../../platform/db/client";
import { AppError } from "../../platform/lib/app-error";
import type { Clock } from "../../platform/lib/clock";
import { accountByCredentials, loadCurrentUser, loadCurrentUserById, recordLogin } from "../users";
import { loginAttemptRepository } from "./session.repository";
import type { SessionService } from "./session.service";

/** Failed logins allowed per account and per address inside the window before answering 429. */
export const LOGIN_LIMITS = { perAccount: 5, perAddress: 20, windowMs: 15 * 60 * 1000 };

export type AuthService = ReturnType<typeof authService>;

export function authService(db: Db, sessions: SessionService, clock: Clock) {
  const attempts = loginAttemptRepository(db);

  return {
    /**
     * Checks the credentials and opens a session. A wrong email and a wrong password answer the same 401;
     * a non-active account answers 403 only once the password is right, so status does not leak.
     */
    async login(input: LoginRequest, meta: { ip: string; userAgent?: string }): Promise<LoginResponse> {
      const email = input.email.trim().toLowerCase();
      const now = clock.now();
      const failures = await attempts.countFailuresSince(email, meta.ip, new Date(now.getTime() - LOGIN_LIMITS.windowMs));
      if (failures.byEmail >= LOGIN_LIMITS.perAccount || failures.byIp >= LOGIN_LIMITS.perAddress) {
        throw AppError.tooManyRequests(MSG.loginTooManyAttempts);
      }

      const user = await accountByCredentials(db, email, input.password);
      if (!user) {
        await attempts.record(email, meta.ip, "failure", now);
        throw AppError.unauthorized(MSG.loginInvalid);
      }
      if (user.status !== "active") throw AppError.forbidden(MSG.loginNotAuthorized);

      await attempts.clearFailures(email);
      await attempts.deleteOlderThan(new Date(now.getTime() - 24 * 60 * 60 * 1000));
      const sessionId = await sessions.create(user.id, meta);
      await recordLogin(db, user.id, now);
      return { session_id: sessionId, user: await loadCurrentUser(db, { ...user, lastLogin: now }) };
    },

    async logout(sessionId: string) {
      await sessions.end(sessionId);
    },

    async me(userId: string): Promise<CurrentUser> {
      const user = await loadCurrentUserById(db, userId);
      if (!user) throw AppError.unauthorized();
      return user;
    },
  };
}
