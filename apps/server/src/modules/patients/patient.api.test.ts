import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { MSG } from "@clinora/contracts";
import { professionalForFile } from "../../../test/context";
import { fixedClock } from "../../platform/lib/clock";
import { appointments } from "../appointments/appointments.schema";
import { auditLog } from "../audit/audit.schema";

const clock = fixedClock("2026-03-10T15:00:00Z"); // 12:00 in São Paulo
const t = professionalForFile({ clock });

const create = (payload: Record<string, unknown>) => t.request({ method: "POST", url: "/api/patients", payload, session: t.session });

describe("patients", () => {
  it("creates a patient, normalising phone to E.164 and CPF to digits", async () => {
    const res = await create({ name: "João da Silva", phone: "(11) 98765-4321", email: "Joao@Email.com", cpf: "529.982.247-25", birth_date: "1990-05-04", address: "" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: "João da Silva",
      phone: "+5511987654321",
      email: "joao@email.com",
      cpf: "52998224725",
      birth_date: "1990-05-04",
      address: null,
      next_appointment: null,
      last_appointment: null,
    });
  });

  it("validates with the spec's messages", async () => {
    const res = await create({ name: "  ", cpf: "123.456.789-00", email: "nao-email", phone: "123" });
    expect(res.statusCode).toBe(422);
    const msgs = Object.fromEntries(res.json().details.map((d: { loc: string[]; msg: string }) => [d.loc.at(-1), d.msg]));
    expect(msgs).toMatchObject({ name: MSG.patientNameRequired, cpf: "CPF inválido", email: MSG.invalidEmail });

    const phone = await create({ name: "Ana", phone: "123" });
    expect(phone.statusCode).toBe(422);
    expect(phone.json().details).toEqual([{ loc: ["body", "phone"], msg: MSG.phoneInvalid, type: "custom" }]);
  });

  it("keeps CPF unique per professional (409) but allows it at another professional", async () => {
    await create({ name: "Maria", cpf: "111.444.777-35" });
    const dup = await create({ name: "Outra Maria", cpf: "11144477735" });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().detail).toBe("Já existe um paciente com este CPF");

    const other = await t.make.professionalUser();
    const otherSession = await t.login(other.user.email, other.user.password);
    const elsewhere = await t.request({ method: "POST", url: "/api/patients", payload: { name: "Maria", cpf: "11144477735" }, session: otherSession });
    expect(elsewhere.statusCode).toBe(201);
  });

  it("searches accent-insensitively by name, phone digits, email and CPF", async () => {
    await create({ name: "Conceição Araújo", phone: "21 99876-1234", email: "conceicao@exemplo.com", cpf: "39053344705" });
    const find = async (q: string) =>
      (await t.request({ method: "GET", url: `/api/patients?search=${encodeURIComponent(q)}`, session: t.session })).json().items.map((p: { name: string }) => p.name);
    expect(await find("conceicao")).toEqual(["Conceição Araújo"]);
    expect(await find("ARAUJO")).toEqual(["Conceição Araújo"]);
    expect(await find("99876-1234")).toEqual(["Conceição Araújo"]);
    expect(await find("390.533.447-05")).toEqual(["Conceição Araújo"]);
    expect(await find("exemplo.com")).toEqual(["Conceição Araújo"]);
    expect(await find("outra 99876")).toEqual([]);

    const picker = await t.request({ method: "GET", url: "/api/patients/search/?q=conc&limit=10", session: t.session });
    expect(picker.statusCode).toBe(200);
    expect(picker.json()).toEqual([expect.objectContaining({ name: "Conceição Araújo", phone: "+5521998761234" })]);
    expect((await t.request({ method: "GET", url: "/api/patients/search?q=c", session: t.session })).statusCode).toBe(422);
  });

  it("sorts by name, most recent and last appointment, with next/last appointment dates", async () => {
    const { professional, user } = await t.make.professionalUser();
    const s2 = await t.login(user.email, user.password);
    const a = await t.make.patient(professional.id, { name: "Bruno", createdAt: new Date("2026-01-01T00:00:00Z") });
    const b = await t.make.patient(professional.id, { name: "Amanda", createdAt: new Date("2026-02-01T00:00:00Z") });
    const c = await t.make.patient(professional.id, { name: "Carla", createdAt: new Date("2026-01-15T00:00:00Z") });
    const appt = (patientId: string, date: string, status: "completed" | "pending" | "cancelled") => ({
      professionalId: professional.id,
      patientId,
      appointmentDate: date,
      appointmentTime: "10:00",
      status,
      startsAt: new Date(`${date}T13:00:00Z`),
      endsAt: new Date(`${date}T13:50:00Z`),
    });
    await t.db.insert(appointments).values([
      appt(a.id, "2026-03-01", "completed"),
      appt(c.id, "2026-02-01", "completed"),
      appt(c.id, "2026-03-12", "cancelled"),
      appt(c.id, "2026-03-13", "pending"),
    ]);
    const names = async (sort: string) =>
      (await t.request({ method: "GET", url: `/api/patients?sort=${sort}`, session: s2 })).json().items.map((p: { name: string }) => p.name);
    expect(await names("name")).toEqual(["Amanda", "Bruno", "Carla"]);
    expect(await names("recent")).toEqual(["Amanda", "Carla", "Bruno"]);
    expect(await names("last_appointment")).toEqual(["Bruno", "Carla", "Amanda"]);

    const list = (await t.request({ method: "GET", url: "/api/patients", session: s2 })).json();
    const carla = list.items.find((p: { name: string }) => p.name === "Carla");
    expect(carla).toMatchObject({ last_appointment: "2026-02-01", next_appointment: { date: "2026-03-13", time: "10:00" } });
    expect(list).toMatchObject({ total: 3, page: 1, per_page: 100 });
    expect(b.id).toBeTruthy();
  });

  it("sorts names as a Brazilian reads them: accents and case ignored, in the list and the picker", async () => {
    const { user } = await t.make.professionalUser();
    const s2 = await t.login(user.email, user.password);
    for (const name of ["Diego Alves", "Luana Prado", "Juliana Reis", "débora Lima", "Lívia Castro", "Júlia Nunes", "Álvaro Souza", "Bruna Dias"]) {
      expect((await t.request({ method: "POST", url: "/api/patients", payload: { name }, session: s2 })).statusCode).toBe(201);
    }
    const list = await t.request({ method: "GET", url: "/api/patients?sort=name", session: s2 });
    expect(list.json().items.map((p: { name: string }) => p.name)).toEqual([
      "Álvaro Souza",
      "Bruna Dias",
      "débora Lima",
      "Diego Alves",
      "Júlia Nunes",
      "Juliana Reis",
      "Lívia Castro",
      "Luana Prado",
    ]);
    // The picker's search finds "Débora" from "deb" and lists its matches in the same order.
    const picker = await t.request({ method: "GET", url: "/api/patients/search?q=deb&limit=10", session: s2 });
    expect(picker.json().map((p: { name: string }) => p.name)).toEqual(["débora Lima"]);
    const ju = await t.request({ method: "GET", url: "/api/patients/search?q=ju&limit=10", session: s2 });
    expect(ju.json().map((p: { name: string }) => p.name)).toEqual(["Júlia Nunes", "Juliana Reis"]);

    // A renamed patient moves to her new place.
    const diego = list.json().items.find((p: { name: string }) => p.name === "Diego Alves");
    await t.request({ method: "PUT", url: `/api/patients/${diego.id}`, payload: { name: "Ângelo Alves" }, session: s2 });
    const renamed = await t.request({ method: "GET", url: "/api/patients?sort=name&per_page=2", session: s2 });
    expect(renamed.json().items.map((p: { name: string }) => p.name)).toEqual(["Álvaro Souza", "Ângelo Alves"]);
  });

  it("shows as Próxima only an appointment still ahead, and as Última the last one that took place", async () => {
    // now = 2026-03-10 12:00 in São Paulo
    const { professional, user } = await t.make.professionalUser();
    const s2 = await t.login(user.email, user.password);
    const done = await t.make.patient(professional.id, { name: "Concluída hoje" });
    const later = await t.make.patient(professional.id, { name: "Mais tarde hoje" });
    const past = await t.make.patient(professional.id, { name: "Pendente que já passou" });
    await t.make.appointment(professional.id, done.id, { appointmentDate: "2026-03-10", appointmentTime: "08:00", status: "completed" });
    await t.make.appointment(professional.id, done.id, { appointmentDate: "2026-03-10", appointmentTime: "14:00", status: "completed" });
    await t.make.appointment(professional.id, done.id, { appointmentDate: "2026-03-11", appointmentTime: "09:00", status: "cancelled" });
    await t.make.appointment(professional.id, later.id, { appointmentDate: "2026-03-10", appointmentTime: "11:00", status: "confirmed" });
    await t.make.appointment(professional.id, later.id, { appointmentDate: "2026-03-10", appointmentTime: "16:30", status: "pending" });
    await t.make.appointment(professional.id, later.id, { appointmentDate: "2026-03-02", appointmentTime: "16:30", status: "completed" });
    await t.make.appointment(professional.id, past.id, { appointmentDate: "2026-03-10", appointmentTime: "09:00", status: "pending" });

    const items = (await t.request({ method: "GET", url: "/api/patients?sort=name", session: s2 })).json().items as {
      name: string;
      next_appointment: unknown;
      last_appointment: unknown;
    }[];
    const byName = Object.fromEntries(items.map((p) => [p.name, { next: p.next_appointment, last: p.last_appointment }]));
    // Concluded today and a cancelled one tomorrow: nothing ahead; the 14:00 "completed" is not in the past yet.
    expect(byName["Concluída hoje"]).toEqual({ next: null, last: "2026-03-10" });
    expect(byName["Mais tarde hoje"]).toEqual({ next: { date: "2026-03-10", time: "16:30" }, last: "2026-03-02" });
    expect(byName["Pendente que já passou"]).toEqual({ next: null, last: null });

    const one = await t.request({ method: "GET", url: `/api/patients/${later.id}`, session: s2 });
    expect(one.json()).toMatchObject({ next_appointment: { date: "2026-03-10", time: "16:30" }, last_appointment: "2026-03-02" });
  });

  it("updates a patient and logs who viewed and changed it", async () => {
    const created = (await create({ name: "Pedro" })).json();
    const res = await t.request({ method: "PUT", url: `/api/patients/${created.id}`, payload: { name: "Pedro Alves", notes: "Alergia a dipirona" }, session: t.session });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: "Pedro Alves", notes: "Alergia a dipirona" });
    expect((await t.request({ method: "GET", url: `/api/patients/${created.id}`, session: t.session })).statusCode).toBe(200);

    const trail = await t.db.select().from(auditLog).where(eq(auditLog.entityId, created.id));
    expect(trail.map((e) => e.action).sort()).toEqual(["patient.created", "patient.updated", "patient.viewed"]);
    expect(trail.every((e) => e.professionalId === t.professionalId)).toBe(true);
  });
});
