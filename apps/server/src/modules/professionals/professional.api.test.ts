import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { MSG } from "@clinora/contracts";
import { adminForFile } from "../../../test/context";
import { fixedClock } from "../../platform/lib/clock";
import { auditLog } from "../audit/audit.schema";

const clock = fixedClock("2026-03-10T15:00:00Z");
const t = adminForFile({ clock });

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: Record<string, unknown>) =>
  t.request({ method, url: `/api/professionals${url}`, payload, session: t.session });

const messagesByField = (body: { details: { loc: (string | number)[]; msg: string }[] }) =>
  Object.fromEntries(body.details.map((d) => [d.loc.at(-1), d.msg]));

/** A specialty no other test uses, so list filters can be checked against exactly known rows. */
const uniqueSpecialty = () => `Especialidade ${randomUUID().slice(0, 8)}`;

describe("professionals (admin)", () => {
  it("creates a professional with the dialog's defaults, phone in E.164 and UF in upper case", async () => {
    const res = await call("POST", "", {
      full_name: "Dra. Helena Araújo",
      specialty: "Nutrição",
      phone: "(31) 99876-5432",
      email: "Helena@Clinica.com.br",
      clinic_city: "Belo Horizonte",
      clinic_state: "mg",
      bio: "",
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      full_name: "Dra. Helena Araújo",
      name: "Dra. Helena Araújo",
      phone: "+5531998765432",
      email: "helena@clinica.com.br",
      clinic_state: "MG",
      bio: null,
      appointment_duration: 50,
      is_available: true,
      zen_mode: false,
      created_at: "2026-03-10T15:00:00.000Z",
      updated_at: "2026-03-10T15:00:00.000Z",
    });

    const read = await call("GET", `/${created.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(created);
    const trail = await t.db.select().from(auditLog).where(eq(auditLog.entityId, created.id));
    expect(trail.map((e) => e.action)).toEqual(["professional.created"]);
  });

  it("validates with the spec's messages (docs/product/admin.md §5)", async () => {
    const missing = await call("POST", "", { full_name: "  ", clinic_state: "SPX", appointment_duration: 14 });
    expect(missing.statusCode).toBe(422);
    expect(messagesByField(missing.json())).toEqual({
      full_name: MSG.fullNameRequired,
      specialty: MSG.specialtyRequired,
      clinic_state: MSG.stateMax,
      appointment_duration: MSG.professionalDurationRange,
    });

    for (const duration of [181, 50.5, "abc"]) {
      const res = await call("POST", "", { full_name: "Dr. X", specialty: "Y", appointment_duration: duration });
      expect(res.statusCode, String(duration)).toBe(422);
      expect(messagesByField(res.json()), String(duration)).toEqual({ appointment_duration: MSG.professionalDurationRange });
    }
    for (const duration of [15, 180]) {
      expect((await call("POST", "", { full_name: "Dr. X", specialty: "Y", appointment_duration: duration })).statusCode).toBe(201);
    }

    const contact = await call("POST", "", { full_name: "Dr. X", specialty: "Y", email: "sem-arroba" });
    expect(messagesByField(contact.json())).toEqual({ email: MSG.invalidEmail });
    const phone = await call("POST", "", { full_name: "Dr. X", specialty: "Y", phone: "123" });
    expect(phone.statusCode).toBe(422);
    expect(messagesByField(phone.json())).toEqual({ phone: MSG.phoneInvalid });
  });

  it("lists by name (accents and case aside) with paging and the specialty, city and availability filters", async () => {
    const specialty = uniqueSpecialty();
    await t.make.professional({ fullName: "Bruno Prado", specialty, clinicCity: "Recife", isAvailable: true });
    await t.make.professional({ fullName: "Álvaro Reis", specialty, clinicCity: "Olinda", isAvailable: false });
    await t.make.professional({ fullName: "caio Lima", specialty, clinicCity: "Recife", isAvailable: false });
    await t.make.professional({ fullName: "Dr. Outro", specialty: uniqueSpecialty(), clinicCity: "Recife" });

    const names = async (query: string) => {
      const res = await call("GET", `?specialty=${encodeURIComponent(specialty)}&${query}`);
      expect(res.statusCode).toBe(200);
      return res.json().items.map((p: { full_name: string }) => p.full_name);
    };
    expect(await names("")).toEqual(["Álvaro Reis", "Bruno Prado", "caio Lima"]);
    expect(await names("city=Recife")).toEqual(["Bruno Prado", "caio Lima"]);
    expect(await names("is_available=true")).toEqual(["Bruno Prado"]);
    expect(await names("is_available=false")).toEqual(["Álvaro Reis", "caio Lima"]);
    expect(await names("city=Recife&is_available=false")).toEqual(["caio Lima"]);

    const page = await call("GET", `?specialty=${encodeURIComponent(specialty)}&page=2&per_page=2`);
    expect(page.json()).toMatchObject({ total: 3, page: 2, per_page: 2, items: [{ full_name: "caio Lima" }] });
    expect((await call("GET", "")).json()).toMatchObject({ page: 1, per_page: 20 });

    const bad = await call("GET", "?is_available=talvez");
    expect(bad.statusCode).toBe(422);
    expect(bad.json().details[0].loc).toEqual(["querystring", "is_available"]);
  });

  it("counts totals, availability, specialties and cities for the cards and filters", async () => {
    const before = (await call("GET", "/stats")).json();
    const specialty = uniqueSpecialty();
    const city = `Cidade ${randomUUID().slice(0, 8)}`;
    await t.make.professional({ specialty, clinicCity: city, isAvailable: true });
    await t.make.professional({ specialty, clinicCity: city, isAvailable: false });
    await t.make.professional({ specialty, clinicCity: null, isAvailable: false });

    const res = await call("GET", "/stats");
    expect(res.statusCode).toBe(200);
    const after = res.json();
    expect(after.total - before.total).toBe(3);
    expect(after.available - before.available).toBe(1);
    expect(after.unavailable - before.unavailable).toBe(2);
    expect(after.by_specialty).toContainEqual({ specialty, count: 3 });
    expect(after.by_city).toContainEqual({ city, count: 2 });
    expect(after.by_city.every((c: { city: string | null }) => c.city !== null)).toBe(true);
    const counts = after.by_specialty.map((s: { count: number }) => s.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it("updates the dialog's fields, keeping the professional's own settings", async () => {
    const existing = await t.make.professional({ fullName: "Dr. Antigo", timezone: "America/Manaus", licenseNumber: "CRM 123" });
    clock.set("2026-03-10T16:30:00Z");
    const fields = { full_name: "Dr. Novo Nome", specialty: "Cardiologia", is_available: false, zen_mode: true, appointment_duration: 30, clinic_name: "Clínica Coração" };
    const res = await call("PUT", `/${existing.id}`, fields);
    expect(res.statusCode).toBe(200);
    // The answer carries every field sent, and keeps what the dialog does not show.
    expect(res.json()).toMatchObject({
      ...fields,
      clinic_city: null,
      timezone: "America/Manaus",
      license_number: "CRM 123",
      updated_at: "2026-03-10T16:30:00.000Z",
    });

    const invalid = await call("PUT", `/${existing.id}`, { full_name: "Dr. Novo Nome", specialty: "" });
    expect(messagesByField(invalid.json())).toEqual({ specialty: MSG.specialtyRequired });
  });

  it("answers 404 for an unknown id on read, update and delete", async () => {
    const id = randomUUID();
    for (const [method, payload] of [["GET"], ["PUT", { full_name: "A", specialty: "B" }], ["DELETE"]] as const) {
      const res = await call(method, `/${id}`, payload);
      expect(res.statusCode, method).toBe(404);
      expect(res.json(), method).toEqual({ detail: "Profissional não encontrado" });
    }
  });

  it("deletes a professional without linked data", async () => {
    const lonely = await t.make.professional();
    const res = await call("DELETE", `/${lonely.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await call("GET", `/${lonely.id}`)).statusCode).toBe(404);
    const trail = await t.db.select().from(auditLog).where(eq(auditLog.entityId, lonely.id));
    expect(trail.map((e) => e.action)).toEqual(["professional.deleted"]);
  });

  it("refuses with 409 to delete a professional with patients, appointments or a login (docs/product/admin.md §10.3)", async () => {
    const withPatients = await t.make.professional();
    const patient = await t.make.patient(withPatients.id);
    await t.make.patient(withPatients.id);
    await t.make.appointment(withPatients.id, patient.id);
    const res = await call("DELETE", `/${withPatients.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      detail: "Não é possível excluir este profissional: ele possui dados vinculados (2 pacientes, 1 consulta).",
    });
    expect((await call("GET", `/${withPatients.id}`)).statusCode).toBe(200);

    const { professional: withLogin } = await t.make.professionalUser();
    const login = await call("DELETE", `/${withLogin.id}`);
    expect(login.statusCode).toBe(409);
    expect(login.json().detail).toContain("(1 conta de usuário)");
  });

  it("keeps GET /professionals/me for the professional, and the admin routes closed to them", async () => {
    const { user, professional } = await t.make.professionalUser({}, { fullName: "Dra. Própria" });
    const own = await t.login(user.email, user.password);
    const me = await t.request({ method: "GET", url: "/api/professionals/me", session: own });
    expect(me.json()).toMatchObject({ id: professional.id, full_name: "Dra. Própria" });
    expect((await t.request({ method: "GET", url: "/api/professionals", session: own })).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: `/api/professionals/${professional.id}`, session: own })).statusCode).toBe(403);
  });
});
