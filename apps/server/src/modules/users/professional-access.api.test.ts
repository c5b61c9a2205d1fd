import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { MSG } from "@clinora/contracts";
import { contextWithAdmin, type TestContext } from "../../../test/context";
import { professionals } from "../professionals/professionals.schema";

let t: TestContext;
let session: string;

beforeAll(async () => {
  ({ t, session } = await contextWithAdmin());
});
afterAll(() => t.close());

const newProfessional = (email: string | null) =>
  t.request({ method: "POST", url: "/api/professionals", payload: { full_name: "Dra. Rita Campos", specialty: "Psicologia", email }, session });
const grant = (payload: Record<string, unknown>) => t.request({ method: "POST", url: "/api/users/professional-access", payload, session });
const profiles = async () => (await t.db.select({ n: count() }).from(professionals))[0]!.n;

describe("a professional's access, made with her profile", () => {
  it("creates her login with the profile's email and answers a first password once; she can sign in with it", async () => {
    const created = await newProfessional("Rita@Clinica.com.br");
    expect(created.statusCode).toBe(201);
    const professional = created.json();

    const res = await grant({ professional_id: professional.id, email: professional.email });
    expect(res.statusCode).toBe(201);
    const { user, first_password } = res.json();
    expect(user).toMatchObject({ email: "rita@clinica.com.br", role: "professional", status: "active", professional_id: professional.id, full_name: "Dra. Rita Campos" });
    expect(first_password).toMatch(/^[A-Za-z0-9]{12}$/);

    const herSession = await t.login("rita@clinica.com.br", first_password);
    const me = await t.request({ method: "GET", url: "/api/professionals/me", session: herSession });
    expect(me.json()).toMatchObject({ id: professional.id });

    // One login per profile: a second grant is refused and says why.
    const again = await grant({ professional_id: professional.id, email: "outra@clinica.com.br" });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(MSG.professionalAlreadyLinked);
  });

  it("refuses a login email another user holds, and leaves her without access", async () => {
    const professional = (await newProfessional(null)).json();
    const res = await grant({ professional_id: professional.id, email: "rita@clinica.com.br" });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(MSG.userEmailTaken);
    const logins = await t.request({ method: "GET", url: `/api/users?professional_id=${professional.id}`, session });
    expect(logins.json().total).toBe(0);
  });

  it("never makes a second profile of the same person by accident", async () => {
    const first = (await newProfessional("marta@clinica.com.br")).json();
    const before = await profiles();

    // The same email in "Novo profissional" again…
    const duplicate = await newProfessional("MARTA@clinica.com.br");
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().detail).toBe(MSG.professionalEmailTaken("Dra. Rita Campos"));

    // …or in "Nova conta profissional", which would make a profile and its login: it points to "Criar acesso" instead.
    const account = await t.request({
      method: "POST",
      url: "/api/users/create-professional-account",
      payload: { email: "marta@clinica.com.br", password: "Consulta@2026", full_name: "Dra. Marta", specialty: "Psicologia" },
      session,
    });
    expect(account.statusCode).toBe(409);
    expect(account.json().detail).toBe(MSG.professionalProfileExists("Dra. Rita Campos"));
    expect(await profiles()).toBe(before);

    // Once she has her access, the same email is refused as a profile with a login.
    expect((await grant({ professional_id: first.id, email: "marta@clinica.com.br" })).statusCode).toBe(201);
    const afterAccess = await t.request({
      method: "POST",
      url: "/api/users/create-professional-account",
      payload: { email: "nova@clinica.com.br", contact_email: "marta@clinica.com.br", password: "Consulta@2026", full_name: "Dra. Marta", specialty: "Psicologia" },
      session,
    });
    expect(afterAccess.statusCode).toBe(409);
    expect(afterAccess.json().detail).toBe(MSG.professionalEmailTaken("Dra. Rita Campos"));
    expect(await profiles()).toBe(before);
  });

  it("is for administrators only", async () => {
    const { user } = await t.make.professionalUser();
    const herSession = await t.login(user.email, user.password);
    const res = await t.request({ method: "POST", url: "/api/users/professional-access", payload: { professional_id: user.professionalId, email: "x@y.com" }, session: herSession });
    expect(res.statusCode).toBe(403);
  });
});
