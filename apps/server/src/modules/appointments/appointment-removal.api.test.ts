import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { like } from "drizzle-orm";
import { MSG } from "@clinora/contracts";
import { createTestContext, type TestContext } from "../../../test/context";
import { fixedClock } from "../../platform/lib/clock";
import { jobs } from "../../tables";

/**
 * Deleting an appointment entered by mistake (docs/product/appointments.md §2.2), apart from cancelling it: it leaves
 * the agenda and the history, its reminder goes, an open charge is cancelled, the patient's access history says so;
 * refused when a prontuário entry or a payment hangs on it, and for another professional's appointment.
 */
const clock = fixedClock("2026-03-10T15:00:00Z"); // Tuesday 12:00 in São Paulo
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ clock, env: { TWILIO_REMINDER_CONTENT_SID: `HX${"d".repeat(32)}` } });
});
afterAll(() => t?.close());

async function practice() {
  const { user, professional } = await t.make.professionalUser({}, { specialty: "Psicologia" });
  await t.make.twilioNumber({ professionalId: professional.id });
  const session = await t.login(user.email, user.password);
  const patient = await t.make.patient(professional.id, { name: "Marina Costa", phone: "+5511912345678", cpf: "52998224725" });
  const call = (method: "GET" | "POST" | "PUT", url: string, payload?: Record<string, unknown>) => t.request({ method, url, payload, session });
  const book = async (date = "2026-03-20") => {
    const res = await call("POST", "/api/appointments", { patient_id: patient.id, appointment_date: date, appointment_time: "10:00", appointment_type: "Consulta" });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  return { professional, patient, session, call, book };
}

describe("deleting an appointment entered by mistake", () => {
  it("removes it from the agenda with its reminder, cancels its open charge, and the patient's history says so", async () => {
    const { patient, call, book } = await practice();
    const id = await book();
    expect(await t.db.select().from(jobs).where(like(jobs.dedupeKey, `reminder:${id}:%`))).toHaveLength(1);
    const charge = await call("POST", "/api/payments/charges", { patient_id: patient.id, appointment_id: id, amount_cents: 20_000 });
    expect(charge.statusCode, charge.body).toBe(201);

    const res = await call("POST", `/api/appointments/${id}/remove`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id });

    expect((await call("GET", `/api/appointments/${id}`)).statusCode).toBe(404);
    expect((await call("GET", "/api/appointments?date=2026-03-20")).json().items).toEqual([]);
    expect(await t.db.select().from(jobs).where(like(jobs.dedupeKey, `reminder:${id}:%`))).toHaveLength(0);
    expect((await call("GET", `/api/payments/charges/${charge.json().id}`)).json()).toMatchObject({ status: "cancelled", appointment_id: null });
    const history = (await call("GET", `/api/patients/${patient.id}/access-log`)).json();
    expect(JSON.stringify(history)).toContain("appointment.deleted");

    // Gone: a second delete is a 404, and the time is free again.
    expect((await call("POST", `/api/appointments/${id}/remove`)).statusCode).toBe(404);
    await book();
  });

  it("refuses while a prontuário entry names it, and says to cancel instead", async () => {
    const { patient, call, book } = await practice();
    const id = await book("2026-03-09");
    const entry = await call("POST", `/api/patients/${patient.id}/records`, {
      kind: "evolucao",
      template_id: "psicologia.evolucao",
      appointment_id: id,
      fields: { modalidade: "Presencial", resumo: "Sessão inicial." },
      free_text: "",
      session_at: "2026-03-09T13:00:00Z",
    });
    expect(entry.statusCode, entry.body).toBe(201);
    const res = await call("POST", `/api/appointments/${id}/remove`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: MSG.appointmentRemovalHasRecord });
    expect((await call("GET", `/api/appointments/${id}`)).statusCode).toBe(200);
  });

  it("refuses while a payment hangs on it", async () => {
    const { patient, call, book } = await practice();
    const id = await book("2026-03-09");
    const charge = (await call("POST", "/api/payments/charges", { patient_id: patient.id, appointment_id: id, amount_cents: 15_000 })).json();
    expect((await call("POST", `/api/payments/charges/${charge.id}/paid`, { method: "pix" })).statusCode).toBe(200);
    const res = await call("POST", `/api/appointments/${id}/remove`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: MSG.appointmentRemovalHasPayment });
    expect((await call("GET", `/api/appointments/${id}`)).json()).toMatchObject({ id, status: "pending" });
  });

  it("answers 404 for another professional's appointment and deletes nothing", async () => {
    const mine = await practice();
    const id = await mine.book();
    const other = await practice();
    expect((await other.call("POST", `/api/appointments/${id}/remove`)).statusCode).toBe(404);
    expect((await mine.call("GET", `/api/appointments/${id}`)).statusCode).toBe(200);
  });
});
