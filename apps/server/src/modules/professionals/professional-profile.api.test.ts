import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { MSG } from "@clinora/contracts";
import { contextWithProfessional, type TestContext } from "../../../test/context";
import { auditLog } from "../audit/audit.schema";

let t: TestContext;
let session: string;
let professionalId: string;

beforeAll(async () => {
  ({ t, session, professional: { id: professionalId } } = await contextWithProfessional({ profile: { fullName: "Dra. Helena Prado", specialty: "Psicologia" } }));
});
afterAll(() => t.close());

const update = (payload: Record<string, unknown>) => t.request({ method: "PUT", url: "/api/professionals/me", payload, session });
/** `{field: message}` of a 422, a list item named like "business_days.0". */
const messagesOf = (res: { json(): { details: { loc: (string | number)[]; msg: string }[] } }) =>
  Object.fromEntries(res.json().details.map((d) => [d.loc.slice(1).join("."), d.msg]));

describe("PUT /api/professionals/me", () => {
  it("saves the clinic group, normalising state, CEP, phone and email, and keeps the other groups", async () => {
    const res = await update({
      clinic_name: "Espaço Helena",
      clinic_address: "Rua Augusta, 100",
      clinic_city: "São Paulo",
      clinic_state: "sp",
      clinic_zip: "01304001",
      clinic_phone: "(11) 3214-5678",
      clinic_email: "Contato@Helena.com.br",
      bio: "",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      clinic_name: "Espaço Helena",
      clinic_state: "SP",
      clinic_zip: "01304-001",
      clinic_phone: "+551132145678",
      clinic_email: "contato@helena.com.br",
      bio: null,
      full_name: "Dra. Helena Prado",
      appointment_duration: 50,
      business_start: "08:00",
    });
    const me = await t.request({ method: "GET", url: "/api/professionals/me", session });
    expect(me.json()).toMatchObject({ clinic_name: "Espaço Helena", clinic_zip: "01304-001" });
  });

  it("saves the personal group and records the change", async () => {
    const res = await update({ full_name: "Dra. Helena Prado Lima", phone: "11 98765-1111", email: "helena@exemplo.com", specialty: "Neuropsicologia" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ full_name: "Dra. Helena Prado Lima", name: "Dra. Helena Prado Lima", phone: "+5511987651111", specialty: "Neuropsicologia" });

    const trail = await t.db.select().from(auditLog).where(eq(auditLog.entityId, professionalId));
    expect(trail.map((e) => e.details)).toContainEqual({ fields: ["full_name", "phone", "email", "specialty"] });
  });

  it("saves the consultation group: duration, business days and hours, time zone", async () => {
    const res = await update({ appointment_duration: 40, business_days: [5, 1, 3, 3], business_start: "09:30", business_end: "19:00", timezone: "America/Manaus" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ appointment_duration: 40, business_days: [1, 3, 5], business_start: "09:30", business_end: "19:00", timezone: "America/Manaus" });
  });

  it("validates each group with Portuguese messages", async () => {
    const clinic = await update({ clinic_state: "SPX", clinic_zip: "123", clinic_email: "nao-email", clinic_phone: "123" });
    expect(clinic.statusCode).toBe(422);
    expect(messagesOf(clinic)).toMatchObject({ clinic_state: MSG.stateMax, clinic_zip: MSG.invalidZip, clinic_email: MSG.invalidEmail });
    const clinicPhone = await update({ clinic_phone: "123" });
    expect(messagesOf(clinicPhone)).toEqual({ clinic_phone: MSG.invalidPhone });

    const personal = await update({ full_name: "  ", specialty: "", email: "x@" });
    expect(messagesOf(personal)).toEqual({ full_name: MSG.fullNameRequired, specialty: MSG.specialtyRequired, email: MSG.invalidEmail });

    const consultation = await update({ appointment_duration: 10, business_days: [], business_start: "25:00", business_end: "7h", timezone: "Europe/Lisbon" });
    expect(messagesOf(consultation)).toEqual({
      appointment_duration: MSG.appointmentDurationRange,
      business_days: MSG.businessDaysRequired,
      business_start: MSG.businessTimeInvalid,
      business_end: MSG.businessTimeInvalid,
      timezone: MSG.timeZoneInvalid,
    });
    expect(messagesOf(await update({ appointment_duration: 181 }))).toEqual({ appointment_duration: MSG.appointmentDurationRange });
    expect(messagesOf(await update({ business_days: [7] }))).toEqual({ "business_days.0": MSG.businessDayInvalid });
  });

  it("keeps the business hours in order, also when only one end is sent", async () => {
    expect(messagesOf(await update({ business_start: "18:00", business_end: "08:00" }))).toEqual({ business_end: MSG.businessHoursOrder });
    // Stored hours are 09:30 to 19:00 (previous test).
    const lateStart = await update({ business_start: "19:00" });
    expect(lateStart.statusCode).toBe(422);
    expect(messagesOf(lateStart)).toEqual({ business_end: MSG.businessHoursOrder });
    expect((await update({ business_end: "09:00" })).statusCode).toBe(422);
    expect((await update({ business_start: "07:00" })).json()).toMatchObject({ business_start: "07:00", business_end: "19:00" });
  });

  it("applies new hours and duration from the very next request of the same session", async () => {
    await update({ appointment_duration: 30, business_days: [0, 1, 2, 3, 4, 5, 6], business_start: "10:00", business_end: "11:00", timezone: "America/Sao_Paulo" });
    const res = await t.request({ method: "POST", url: "/api/appointments/availability", payload: { date: "2030-01-07" }, session });
    expect(res.statusCode).toBe(200);
    expect(res.json().slots.map((s: { time: string }) => s.time)).toEqual(["10:00", "10:30"]);
  });
});
