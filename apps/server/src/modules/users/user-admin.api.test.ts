import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@clinora/contracts";
import { contextWithAdmin, type TestContext } from "../../../test/context";

let t: TestContext;
let session: string;
let adminId: string;
const ADMIN_EMAIL = "chefe@clinora.com.br";

beforeAll(async () => {
  ({ t, session, admin: { id: adminId } } = await contextWithAdmin({ admin: { email: ADMIN_EMAIL } }));
});
afterAll(() => t.close());

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: Record<string, unknown>) =>
  t.request({ method, url, payload, session });
const messagesOf = (res: { json(): { details: { loc: string[]; msg: string }[] } }) =>
  Object.fromEntries(res.json().details.map((d) => [d.loc.at(-1), d.msg]));
const history = async (id: string) =>
  (await call("GET", `/api/users/${id}`)).json().admin_actions as { action: string; performed_by: string; reason: string | null; details: Record<string, unknown> | null }[];

describe("create user", () => {
  it("creates a professional login linked to a professional, named after it, and records who did it", async () => {
    const professional = await t.make.professional({ fullName: "Dra. Helena Costa" });
    const res = await call("POST", "/api/users/", {
      email: "  Helena@Consultorio.com.br ",
      password: "Segura@2026",
      role: "professional",
      status: "active",
      professional_id: professional.id,
      notes: "",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      email: "helena@consultorio.com.br",
      full_name: "Dra. Helena Costa",
      role: "professional",
      status: "active",
      professional_id: professional.id,
      professional_name: "Dra. Helena Costa",
      notes: null,
    });
    expect(res.json()).not.toHaveProperty("password");
    await expect(t.login("helena@consultorio.com.br", "Segura@2026")).resolves.toBeTruthy();
    expect(await history(res.json().id)).toEqual([expect.objectContaining({ action: "created", performed_by: ADMIN_EMAIL })]);
  });

  it("names an unlinked user after the email's local part unless a name is given", async () => {
    const plain = await call("POST", "/api/users", { email: "recepcao@clinica.com.br", password: "12345678", role: "admin", professional_id: null });
    expect(plain.statusCode).toBe(201);
    expect(plain.json()).toMatchObject({ full_name: "recepcao", role: "admin", status: "active", professional_id: null });
    const named = await call("POST", "/api/users", { email: "marta@clinica.com.br", password: "12345678", role: "admin", full_name: "Marta Lopes" });
    expect(named.json().full_name).toBe("Marta Lopes");
  });

  it("validates with the spec's messages", async () => {
    const empty = await call("POST", "/api/users", { email: "", password: "" });
    expect(empty.statusCode).toBe(422);
    expect(messagesOf(empty)).toEqual({ email: MSG.emailRequired, password: MSG.passwordRequired });

    const short = await call("POST", "/api/users", { email: "novo@clinica.com.br", password: "1234567" });
    expect(messagesOf(short)).toEqual({ password: MSG.passwordMin });

    const badEmail = await call("POST", "/api/users", { email: "sem-arroba", password: "12345678" });
    expect(messagesOf(badEmail)).toEqual({ email: MSG.invalidEmail });
  });

  it("links a professional only for role professional, only an existing one, only once", async () => {
    const professional = await t.make.professional();
    const asAdmin = await call("POST", "/api/users", { email: "x1@clinica.com.br", password: "12345678", role: "admin", professional_id: professional.id });
    expect(asAdmin.statusCode).toBe(422);
    expect(messagesOf(asAdmin)).toEqual({ professional_id: MSG.professionalLinkOnlyForProfessional });

    const unknown = await call("POST", "/api/users", { email: "x2@clinica.com.br", password: "12345678", role: "professional", professional_id: crypto.randomUUID() });
    expect(unknown.statusCode).toBe(422);
    expect(messagesOf(unknown)).toEqual({ professional_id: MSG.professionalNotFound });

    const first = await call("POST", "/api/users", { email: "x3@clinica.com.br", password: "12345678", role: "professional", professional_id: professional.id });
    expect(first.statusCode).toBe(201);
    const second = await call("POST", "/api/users", { email: "x4@clinica.com.br", password: "12345678", role: "professional", professional_id: professional.id });
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toBe(MSG.professionalAlreadyLinked);
  });

  it("lets only one of two simultaneous creations with the same email win", async () => {
    const payload = { email: "corrida@clinica.com.br", password: "12345678", role: "admin" };
    const results = await Promise.all([call("POST", "/api/users", payload), call("POST", "/api/users", payload)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json()).toEqual({ detail: MSG.userEmailTaken });
  });

  it("refuses an email already in use, whatever its case", async () => {
    const res = await call("POST", "/api/users", { email: ADMIN_EMAIL.toUpperCase(), password: "12345678", role: "admin" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: MSG.userEmailTaken });
  });
});

describe("edit user", () => {
  it("changes only the fields sent and records what changed", async () => {
    const { user, professional } = await t.make.professionalUser();
    const res = await call("PUT", `/api/users/${user.id}`, { notes: "Pagamento anual em dia." });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ notes: "Pagamento anual em dia.", role: "professional", status: "active", professional_id: professional.id });

    const edit = await call("PUT", `/api/users/${user.id}`, { role: "admin", professional_id: null, status: "pending_approval", notes: "Pagamento anual em dia." });
    expect(edit.json()).toMatchObject({ role: "admin", professional_id: null, status: "pending_approval" });

    const [latest, notesOnly] = await history(user.id);
    expect(notesOnly).toMatchObject({ action: "edited", performed_by: ADMIN_EMAIL, details: { fields: ["notes"], changes: {} } });
    expect(latest).toMatchObject({
      action: "edited",
      details: {
        fields: ["role", "status", "professional_id"],
        changes: {
          role: { from: "professional", to: "admin" },
          status: { from: "active", to: "pending_approval" },
          professional_id: { from: professional.id, to: null },
        },
      },
    });
  });

  it("records nothing when nothing changes", async () => {
    const user = await t.make.admin({ notes: "Mesmo texto" });
    const res = await call("PUT", `/api/users/${user.id}`, { role: "admin", notes: "Mesmo texto" });
    expect(res.statusCode).toBe(200);
    expect(await history(user.id)).toEqual([]);
  });

  it("suspending through the edit ends the user's sessions", async () => {
    const user = await t.make.admin();
    const theirSession = await t.login(user.email, user.password);
    const res = await call("PUT", `/api/users/${user.id}`, { status: "suspended" });
    expect(res.json()).toMatchObject({ status: "suspended", suspended_by: ADMIN_EMAIL });
    expect((await t.request({ method: "GET", url: "/api/auth/me", session: theirSession })).statusCode).toBe(401);
  });

  it("refuses a link for another role, a taken professional, and changes to one's own role or status", async () => {
    const { user } = await t.make.professionalUser();
    const other = await t.make.professionalUser();
    const asAdmin = await call("PUT", `/api/users/${user.id}`, { role: "admin" });
    expect(asAdmin.statusCode).toBe(422);
    expect(messagesOf(asAdmin)).toEqual({ professional_id: MSG.professionalLinkOnlyForProfessional });

    const taken = await call("PUT", `/api/users/${user.id}`, { professional_id: other.professional.id });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe(MSG.professionalAlreadyLinked);

    for (const change of [{ role: "professional" }, { status: "suspended" }]) {
      const self = await call("PUT", `/api/users/${adminId}`, change);
      expect(self.statusCode).toBe(409);
      expect(self.json().detail).toBe(MSG.cannotChangeOwnAccess);
    }
    expect((await call("PUT", `/api/users/${adminId}`, { notes: "Minhas notas" })).statusCode).toBe(200);
  });

  it("answers 404 for an unknown user on every id route", async () => {
    const id = crypto.randomUUID();
    for (const [method, url, body] of [
      ["GET", `/api/users/${id}`],
      ["GET", `/api/users/${id}/professional-overview`],
      ["PUT", `/api/users/${id}`, { notes: "x" }],
      ["PUT", `/api/users/${id}/suspend`, { reason: "x" }],
      ["PUT", `/api/users/${id}/reactivate`],
      ["DELETE", `/api/users/${id}`],
    ] as const) {
      const res = await call(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().detail).toBe(MSG.userNotFound);
    }
  });
});

describe("suspend and reactivate", () => {
  it("requires a reason", async () => {
    const user = await t.make.admin();
    for (const payload of [{}, { reason: "   " }]) {
      const res = await call("PUT", `/api/users/${user.id}/suspend`, payload);
      expect(res.statusCode).toBe(422);
      expect(messagesOf(res)).toEqual({ reason: MSG.suspensionReasonRequired });
    }
  });

  it("suspends with reason, time and author, ends all sessions and blocks login; reactivation restores access", async () => {
    const { user } = await t.make.professionalUser();
    const sessions = [await t.login(user.email, user.password), await t.login(user.email, user.password)];

    const res = await call("PUT", `/api/users/${user.id}/suspend`, { reason: "Registro profissional vencido" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: "suspended",
      suspension_reason: "Registro profissional vencido",
      suspended_reason: "Registro profissional vencido",
      suspended_by: ADMIN_EMAIL,
      suspended_at: expect.any(String),
    });
    for (const s of sessions) expect((await t.request({ method: "GET", url: "/api/auth/me", session: s })).statusCode).toBe(401);
    const login = await t.request({ method: "POST", url: "/api/auth/login", payload: { email: user.email, password: user.password } });
    expect(login.statusCode).toBe(403);
    expect(login.json().detail).toBe(MSG.loginNotAuthorized);

    const back = await call("PUT", `/api/users/${user.id}/reactivate`);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ status: "active", suspension_reason: "Registro profissional vencido" });
    await expect(t.login(user.email, user.password)).resolves.toBeTruthy();

    const actions = await history(user.id);
    expect(actions.map((a) => a.action)).toEqual(["reactivated", "suspended"]);
    expect(actions[1]).toMatchObject({ reason: "Registro profissional vencido", performed_by: ADMIN_EMAIL });
  });

  it("reactivating an active user changes and records nothing", async () => {
    const user = await t.make.admin();
    const res = await call("PUT", `/api/users/${user.id}/reactivate`);
    expect(res.json().status).toBe("active");
    expect(await history(user.id)).toEqual([]);
  });

  it("an administrator cannot suspend or delete their own account", async () => {
    const suspend = await call("PUT", `/api/users/${adminId}/suspend`, { reason: "teste" });
    expect(suspend.statusCode).toBe(409);
    expect(suspend.json().detail).toBe(MSG.cannotSuspendSelf);
    const remove = await call("DELETE", `/api/users/${adminId}`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().detail).toBe(MSG.cannotDeleteSelf);
    expect((await call("GET", "/api/auth/me")).statusCode).toBe(200);
  });
});

describe("user detail", () => {
  it("lists the history newest first", async () => {
    const user = await t.make.admin();
    await call("PUT", `/api/users/${user.id}/suspend`, { reason: "Primeira" });
    await call("PUT", `/api/users/${user.id}/reactivate`);
    await call("PUT", `/api/users/${user.id}`, { notes: "Anotação" });
    const actions = await history(user.id);
    expect(actions.map((a) => a.action)).toEqual(["edited", "reactivated", "suspended"]);
  });

  it("gives the linked professional and its four counters in one call", async () => {
    const { user, professional } = await t.make.professionalUser({}, { fullName: "Dr. Paulo Nunes", specialty: "Cardiologia" });
    await t.make.patient(professional.id);
    await t.make.patient(professional.id);
    const res = await call("GET", `/api/users/${user.id}/professional-overview`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      professional: { id: professional.id, full_name: "Dr. Paulo Nunes", specialty: "Cardiologia" },
      counters: { patients: 2, appointments: 0, tasks: 0, conversations: 0 },
    });

    const admin = await t.make.admin();
    const none = await call("GET", `/api/users/${admin.id}/professional-overview`);
    expect(none.json()).toEqual({ professional: null, counters: { patients: 0, appointments: 0, tasks: 0, conversations: 0 } });
  });
});
