import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { MSG } from "@clinora/contracts";
import { contextWithAdmin, type TestContext } from "../../../test/context";
import { users } from "./users.schema";
import { professionals } from "../professionals/professionals.schema";

let t: TestContext;
let session: string;

beforeAll(async () => {
  ({ t, session } = await contextWithAdmin({ admin: { email: "chefe@clinora.com.br" } }));
});
afterAll(() => t.close());

const create = (payload: Record<string, unknown>) =>
  t.request({ method: "POST", url: "/api/users/create-professional-account", payload, session });
const minimal = (email: string) => ({ email, password: "Consulta@2026", full_name: "Dra. Lívia Martins", specialty: "Nutrição" });
const messagesOf = (res: { json(): { details: { loc: string[]; msg: string }[] } }) =>
  Object.fromEntries(res.json().details.map((d) => [d.loc.at(-1), d.msg]));
const rowCounts = async () => ({
  users: (await t.db.select({ n: count() }).from(users))[0]!.n,
  professionals: (await t.db.select({ n: count() }).from(professionals))[0]!.n,
});

describe("create professional account", () => {
  it("creates the professional and its login together, with the spec's fallbacks", async () => {
    const res = await create({
      ...minimal("Livia@Nutri.com.br"),
      phone: "(31) 99876-5432",
      contact_email: "",
      license_number: "CRN-9 12345",
      license_state: "mg",
      license_type: "CRN",
      clinic_name: "",
      clinic_city: "Belo Horizonte",
      clinic_state: "MG",
      clinic_phone: null,
      appointment_duration: null,
      bio: "",
      notes: "Indicada pela Dra. Ana.",
      status: "active",
    });
    expect(res.statusCode).toBe(201);
    const { user, professional } = res.json();
    expect(professional).toMatchObject({
      full_name: "Dra. Lívia Martins",
      specialty: "Nutrição",
      phone: "+5531998765432",
      email: "livia@nutri.com.br",
      clinic_phone: "+5531998765432",
      clinic_name: null,
      clinic_city: "Belo Horizonte",
      license_state: "MG",
      license_type: "CRN",
      appointment_duration: 30,
      bio: null,
    });
    expect(user).toMatchObject({
      email: "livia@nutri.com.br",
      role: "professional",
      status: "active",
      full_name: "Dra. Lívia Martins",
      professional_id: professional.id,
      professional_name: "Dra. Lívia Martins",
      notes: "Indicada pela Dra. Ana.",
    });

    const login = await t.request({ method: "POST", url: "/api/auth/login", payload: { email: "livia@nutri.com.br", password: "Consulta@2026" } });
    expect(login.json().user).toMatchObject({ role: "professional", professional_id: professional.id });
  });

  it("keeps a contact email and clinic phone that are given", async () => {
    const res = await create({ ...minimal("outra@nutri.com.br"), phone: "11987654321", contact_email: "contato@nutri.com.br", clinic_phone: "(11) 3456-7890", appointment_duration: 45 });
    expect(res.json().professional).toMatchObject({ email: "contato@nutri.com.br", phone: "+5511987654321", clinic_phone: "+551134567890", appointment_duration: 45 });
  });

  it("validates with the spec's messages", async () => {
    const blank = await create({ email: "", password: "", full_name: " ", specialty: "" });
    expect(blank.statusCode).toBe(422);
    expect(messagesOf(blank)).toEqual({
      email: MSG.emailRequired,
      password: MSG.passwordRequired,
      full_name: MSG.fullNameRequired,
      specialty: MSG.specialtyRequired,
    });

    const limits = await create({ ...minimal("limites@nutri.com.br"), password: "curta", license_state: "MGS", clinic_state: "São Paulo", appointment_duration: 241 });
    expect(messagesOf(limits)).toEqual({
      password: MSG.passwordMin,
      license_state: MSG.stateMax,
      clinic_state: MSG.stateMax,
      appointment_duration: MSG.accountDurationRange,
    });
    expect(messagesOf(await create({ ...minimal("limites@nutri.com.br"), appointment_duration: 4 }))).toEqual({ appointment_duration: MSG.accountDurationRange });

    const phones = await create({ ...minimal("fones@nutri.com.br"), phone: "123", clinic_phone: "abc" });
    expect(messagesOf(phones)).toEqual({ phone: MSG.phoneInvalid, clinic_phone: MSG.phoneInvalid });
  });

  it("refuses an email in use with 409 and creates nothing", async () => {
    const before = await rowCounts();
    const res = await create(minimal("CHEFE@clinora.com.br"));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: MSG.userEmailTaken });
    expect(await rowCounts()).toEqual(before);
  });
});
