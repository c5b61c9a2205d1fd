import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { MSG } from "@clinora/contracts";
import { createTestContext, type TestContext } from "../../../test/context";
import { fixedClock } from "../../platform/lib/clock";
import { sessions } from "./auth.schema";
import { users } from "../users/users.schema";
import { sha256Hex } from "../../platform/lib/crypto";

const clock = fixedClock("2026-03-10T12:00:00Z");
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ clock });
});
afterAll(() => t.close());

const login = (email: string, password: string, remoteAddress = "10.0.0.1") =>
  t.request({ method: "POST", url: "/api/auth/login", payload: { email, password }, remoteAddress });

describe("POST /api/auth/login", () => {
  it("logs an admin in, stores only the token's hash and records last_login", async () => {
    const admin = await t.make.admin({ email: "chefe@clinica.com.br" });
    const res = await login("Chefe@Clinica.com.br", admin.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.session_id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toMatchObject({ email: "chefe@clinica.com.br", role: "admin", professional: null });
    expect(body.user).not.toHaveProperty("password_hash");

    const [stored] = await t.db.select().from(sessions).where(eq(sessions.userId, admin.id));
    expect(stored!.tokenHash).toBe(sha256Hex(body.session_id));
    const [u] = await t.db.select().from(users).where(eq(users.id, admin.id));
    expect(u!.lastLogin?.toISOString()).toBe(clock.now().toISOString());
  });

  it("logs a professional in with the professional object", async () => {
    const { user, professional } = await t.make.professionalUser({}, { fullName: "Dr. Carlos Lima", clinicName: "Clínica Lima" });
    const res = await login(user.email, user.password);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      role: "professional",
      professional_id: professional.id,
      clinic_name: "Clínica Lima",
      professional: { id: professional.id, full_name: "Dr. Carlos Lima", appointment_duration: 50, timezone: "America/Sao_Paulo" },
    });
  });

  it("answers the same 401 for a wrong password and an unknown email", async () => {
    const admin = await t.make.admin();
    const wrong = await login(admin.email, "senha-errada", "10.0.1.1");
    const unknown = await login("ninguem@clinica.com.br", "qualquer", "10.0.1.2");
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: MSG.loginInvalid });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it("refuses empty fields with 422 and the spec's message", async () => {
    const res = await login("", "", "10.0.2.1");
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.detail).toBe(MSG.invalidData);
    expect(body.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ loc: ["body", "email"], msg: MSG.loginEmptyFields }),
        expect.objectContaining({ loc: ["body", "password"], msg: MSG.loginEmptyFields }),
      ]),
    );
  });

  it.each(["suspended", "pending_approval"] as const)("answers 403 to a %s account with the right password", async (status) => {
    const u = await t.make.admin({ status });
    const res = await login(u.email, u.password, "10.0.3.1");
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: MSG.loginNotAuthorized });
  });

  it("rate limits the 6th rapid failure on one account, even with the right password", async () => {
    const u = await t.make.admin();
    for (let i = 0; i < 5; i++) {
      expect((await login(u.email, "errada", `10.0.4.${i}`)).statusCode).toBe(401);
    }
    const sixth = await login(u.email, u.password, "10.0.4.9");
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().detail).toBe(MSG.loginTooManyAttempts);

    clock.set(new Date(clock.now().getTime() + 16 * 60 * 1000));
    expect((await login(u.email, u.password, "10.0.4.9")).statusCode).toBe(200);
  });

  it("rate limits one address trying many accounts", async () => {
    for (let i = 0; i < 20; i++) {
      expect((await login(`alvo${i}@clinica.com.br`, "x", "10.0.5.5")).statusCode).toBe(401);
    }
    expect((await login("alvo99@clinica.com.br", "x", "10.0.5.5")).statusCode).toBe(429);
  });
});

describe("sessions", () => {
  it("GET /api/auth/me answers the current user; logout ends the session", async () => {
    const u = await t.make.admin();
    const session = await t.login(u.email, u.password);
    const me = await t.request({ method: "GET", url: "/api/auth/me", session });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: u.id, email: u.email, role: "admin" });

    expect((await t.request({ method: "POST", url: "/api/auth/logout", session })).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: "/api/auth/me", session })).statusCode).toBe(401);
  });

  it("answers 401 without a session and for a session id never issued", async () => {
    expect((await t.request({ method: "GET", url: "/api/auth/me" })).statusCode).toBe(401);
    const forged = await t.request({ method: "GET", url: "/api/auth/me", session: "A".repeat(43) });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toHaveProperty("detail");
  });

  it("expires a session idle for more than 12 hours", async () => {
    const u = await t.make.admin();
    const session = await t.login(u.email, u.password);
    clock.set(new Date(clock.now().getTime() + 11 * 60 * 60 * 1000));
    expect((await t.request({ method: "GET", url: "/api/auth/me", session })).statusCode).toBe(200);
    clock.set(new Date(clock.now().getTime() + 12 * 60 * 60 * 1000 + 60_000));
    const res = await t.request({ method: "GET", url: "/api/auth/me", session });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe(MSG.sessionExpired);
  });

  it("expires an active session after 7 days", async () => {
    const u = await t.make.admin();
    const session = await t.login(u.email, u.password);
    const step = 11 * 60 * 60 * 1000;
    // Used every 11 hours, it never idles out: 15 steps are 165 h, still inside the 7 days (168 h)...
    for (let i = 1; i <= 15; i++) {
      clock.set(new Date(clock.now().getTime() + step));
      expect((await t.request({ method: "GET", url: "/api/auth/me", session })).statusCode).toBe(200);
    }
    // ...the 16th (176 h) is past the absolute limit.
    clock.set(new Date(clock.now().getTime() + step));
    expect((await t.request({ method: "GET", url: "/api/auth/me", session })).statusCode).toBe(401);
  });

  it("refuses the open session of a user suspended after login", async () => {
    const u = await t.make.admin();
    const session = await t.login(u.email, u.password);
    await t.db.update(users).set({ status: "suspended" }).where(eq(users.id, u.id));
    const res = await t.request({ method: "GET", url: "/api/auth/me", session });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(MSG.loginNotAuthorized);
  });
});
