import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { MSG } from "@clinora/contracts";
import { createTestContext, type TestContext } from "../../../test/context";
import { fixedClock } from "../../platform/lib/clock";
import { auditLog } from "../audit/audit.schema";

const NOW = "2026-03-10T15:00:00Z"; // Tuesday 12:00 in São Paulo
const clock = fixedClock(NOW);
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ clock });
});
afterAll(() => t.close());

/** A professional of its own with one patient, so each test reads only its own data. */
async function practice(profile: Parameters<TestContext["make"]["professional"]>[0] = {}) {
  const { user, professional } = await t.make.professionalUser({}, profile);
  const session = await t.login(user.email, user.password);
  const patient = await t.make.patient(professional.id, { name: "Marina Costa", email: "marina@exemplo.com", phone: "+5511912345678" });
  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: Record<string, unknown>) =>
    t.request({ method, url, payload, session });
  const book = (fields: Record<string, unknown>) =>
    call("POST", "/api/appointments", { patient_id: patient.id, appointment_date: "2026-03-20", appointment_time: "10:00", appointment_type: "Consulta", ...fields });
  return { professional, patient, session, call, book };
}

const messagesByField = (body: { details: { loc: string[]; msg: string }[] }) =>
  Object.fromEntries(body.details.map((d) => [d.loc.at(-1), d.msg]));

describe("booking", () => {
  it("creates a pending appointment with the professional's duration and its instant range", async () => {
    const { book, patient, professional } = await practice({ appointmentDuration: 45 });
    const res = await book({ appointment_time: "9:30", appointment_type: "Retorno", notes: "Trazer exames" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      patient_id: patient.id,
      patient_name: "Marina Costa",
      patient_email: "marina@exemplo.com",
      patient_phone: "+5511912345678",
      appointment_date: "2026-03-20",
      appointment_time: "09:30",
      duration: 45,
      appointment_type: "Retorno",
      notes: "Trazer exames",
      status: "pending",
      date: "2026-03-20",
      time: "09:30",
      type: "Retorno",
      starts_at: "2026-03-20T12:30:00.000Z",
      ends_at: "2026-03-20T13:15:00.000Z",
    });
    const trail = await t.db.select().from(auditLog).where(eq(auditLog.entityId, res.json().id));
    expect(trail).toMatchObject([{ action: "appointment.created", professionalId: professional.id }]);
  });

  it("takes an explicit status and duration, and stores empty notes as null", async () => {
    const { book } = await practice();
    const res = await book({ status: "confirmed", duration: 90, notes: "" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: "confirmed", duration: 90, notes: null, ends_at: "2026-03-20T14:30:00.000Z" });
  });

  it("answers the form's messages for missing and malformed fields", async () => {
    const { call, book } = await practice();
    const empty = await call("POST", "/api/appointments", {});
    expect(empty.statusCode).toBe(422);
    expect(messagesByField(empty.json())).toEqual({
      patient_id: MSG.appointmentPatientInvalid,
      appointment_date: MSG.appointmentDateRequired,
      appointment_time: MSG.appointmentTimeInvalid,
      appointment_type: MSG.appointmentTypeRequired,
    });

    const blank = await book({ patient_id: "nao-e-uuid", appointment_date: "", appointment_time: "", appointment_type: "  " });
    expect(messagesByField(blank.json())).toEqual({
      patient_id: MSG.appointmentPatientInvalid,
      appointment_date: MSG.appointmentDateRequired,
      appointment_time: MSG.appointmentTimeInvalid,
      appointment_type: MSG.appointmentTypeRequired,
    });

    for (const time of ["24:00", "12:60", "1230", "12:5", "aa:bb"]) {
      const res = await book({ appointment_time: time });
      expect(res.statusCode, time).toBe(422);
      expect(messagesByField(res.json()), time).toEqual({ appointment_time: MSG.appointmentTimeInvalid });
    }
    for (const [date, msg] of [["2026-02-31", "Data inválida"], ["20/03/2026", "Data inválida (formato: AAAA-MM-DD)"]]) {
      const res = await book({ appointment_date: date });
      expect(res.statusCode, date).toBe(422);
      expect(messagesByField(res.json()), date).toEqual({ appointment_date: msg });
    }
    expect((await book({ status: "talvez" })).statusCode).toBe(422);
    expect((await book({ duration: 5 })).statusCode).toBe(422);
  });

  it("refuses another professional's patient with 'Selecione um paciente válido'", async () => {
    const mine = await practice();
    const theirs = await practice();
    const res = await mine.book({ patient_id: theirs.patient.id });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      detail: MSG.invalidData,
      details: [{ loc: ["body", "patient_id"], msg: MSG.appointmentPatientInvalid, type: "value_error" }],
    });
  });
});

describe("slot conflicts", () => {
  it("refuses the same slot and an overlapping one with 409, allows the adjacent slot", async () => {
    const { book } = await practice();
    expect((await book({ appointment_time: "10:00" })).statusCode).toBe(201);

    const same = await book({ appointment_time: "10:00" });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toEqual({ detail: MSG.slotAlreadyBooked });

    const overlapping = await book({ appointment_time: "10:30" });
    expect(overlapping.statusCode).toBe(409);
    const before = await book({ appointment_time: "09:20", duration: 45 });
    expect(before.statusCode).toBe(409);

    expect((await book({ appointment_time: "10:50" })).statusCode).toBe(201);
    expect((await book({ appointment_time: "09:10" })).statusCode).toBe(201);
  });

  it("ignores cancelled appointments and stores a cancelled one without checking", async () => {
    const { book, call } = await practice();
    const first = (await book({ appointment_time: "14:00" })).json();
    expect((await call("DELETE", `/api/appointments/${first.id}`)).statusCode).toBe(200);
    expect((await book({ appointment_time: "14:00" })).statusCode).toBe(201);
    expect((await book({ appointment_time: "14:00", status: "cancelled" })).statusCode).toBe(201);
  });

  it("refuses an edit into a taken slot but lets an appointment keep or shift its own slot", async () => {
    const { book, call, patient } = await practice();
    await book({ appointment_time: "08:00" });
    const second = (await book({ appointment_time: "09:00" })).json();
    const payload = { patient_id: patient.id, appointment_date: "2026-03-20", appointment_type: "Consulta" };

    const into = await call("PUT", `/api/appointments/${second.id}`, { ...payload, appointment_time: "08:30" });
    expect(into.statusCode).toBe(409);
    expect(into.json()).toEqual({ detail: MSG.slotAlreadyBooked });

    expect((await call("PUT", `/api/appointments/${second.id}`, { ...payload, appointment_time: "09:00", status: "confirmed" })).statusCode).toBe(200);
    expect((await call("PUT", `/api/appointments/${second.id}`, { ...payload, appointment_time: "09:20" })).statusCode).toBe(200);
  });

  it("lets exactly one of two simultaneous requests for the same slot win", async () => {
    const { book } = await practice();
    const results = await Promise.all([book({ appointment_time: "16:00" }), book({ appointment_time: "16:00" })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it("lets exactly one of several simultaneous overlapping requests win", async () => {
    const { book, call } = await practice();
    const times = ["11:00", "11:10", "11:20", "11:30", "11:40"];
    const results = await Promise.all(times.map((time) => book({ appointment_date: "2026-03-23", appointment_time: time })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(4);
    const stored = await call("GET", "/api/appointments?date=2026-03-23");
    expect(stored.json().total).toBe(1);
  });

  it("does not see another professional's appointments as conflicts", async () => {
    const a = await practice();
    const b = await practice();
    expect((await a.book({ appointment_time: "15:00" })).statusCode).toBe(201);
    expect((await b.book({ appointment_time: "15:00" })).statusCode).toBe(201);
  });
});

describe("editing and cancelling", () => {
  it("updates every field, keeps the duration when left out, and 404s an unknown id", async () => {
    const { book, call, professional } = await practice();
    const other = await t.make.patient(professional.id, { name: "Rafael Lima" });
    const created = (await book({ duration: 30 })).json();
    const res = await call("PUT", `/api/appointments/${created.id}`, {
      patient_id: other.id,
      appointment_date: "2026-03-21",
      appointment_time: "11:15",
      appointment_type: "Avaliação",
      notes: "Primeira sessão",
      status: "completed",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      patient_name: "Rafael Lima",
      appointment_date: "2026-03-21",
      appointment_time: "11:15",
      appointment_type: "Avaliação",
      notes: "Primeira sessão",
      status: "completed",
      duration: 30,
      starts_at: "2026-03-21T14:15:00.000Z",
      ends_at: "2026-03-21T14:45:00.000Z",
    });
    const unknown = await call("PUT", "/api/appointments/7b0c5a52-5d1e-4e0c-9c8e-7c2f0e6f9a11", {
      patient_id: other.id,
      appointment_date: "2026-03-21",
      appointment_time: "11:15",
      appointment_type: "Consulta",
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: "Compromisso não encontrado" });
  });

  it("cancels by DELETE, keeping the appointment for history", async () => {
    const { book, call } = await practice();
    const created = (await book({})).json();
    const res = await call("DELETE", `/api/appointments/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, status: "cancelled" });
    expect((await call("GET", `/api/appointments/${created.id}`)).json().status).toBe("cancelled");
    const trail = await t.db.select().from(auditLog).where(eq(auditLog.entityId, created.id));
    expect(trail.map((e) => e.action).sort()).toEqual(["appointment.cancelled", "appointment.created"]);
    expect((await call("DELETE", "/api/appointments/7b0c5a52-5d1e-4e0c-9c8e-7c2f0e6f9a11")).statusCode).toBe(404);
  });
});

describe("listing", () => {
  it("orders by date and time, filters and pages", async () => {
    const { professional, patient, call } = await practice();
    const bruno = await t.make.patient(professional.id, { name: "Bruno Alves" });
    const at = (patientId: string, appointmentDate: string, appointmentTime: string, status: "pending" | "confirmed" | "completed" | "cancelled" = "pending") =>
      t.make.appointment(professional.id, patientId, { appointmentDate, appointmentTime, status });
    await at(patient.id, "2026-03-12", "14:00", "confirmed");
    await at(bruno.id, "2026-03-11", "09:00", "completed");
    await at(patient.id, "2026-03-12", "08:00", "cancelled");
    await at(bruno.id, "2026-03-13", "10:00");
    await at(patient.id, "2026-03-14", "10:00");

    const keys = async (query: string) => {
      const res = await call("GET", `/api/appointments${query}`);
      expect(res.statusCode, query).toBe(200);
      return res.json().items.map((a: { date: string; time: string }) => `${a.date} ${a.time}`);
    };
    expect(await keys("")).toEqual(["2026-03-11 09:00", "2026-03-12 08:00", "2026-03-12 14:00", "2026-03-13 10:00", "2026-03-14 10:00"]);
    expect(await keys("?status=confirmed")).toEqual(["2026-03-12 14:00"]);
    expect(await keys("?date=2026-03-12")).toEqual(["2026-03-12 08:00", "2026-03-12 14:00"]);
    expect(await keys("?date_from=2026-03-12&date_to=2026-03-13")).toEqual(["2026-03-12 08:00", "2026-03-12 14:00", "2026-03-13 10:00"]);
    expect(await keys(`?patient_id=${bruno.id}`)).toEqual(["2026-03-11 09:00", "2026-03-13 10:00"]);
    expect(await keys(`?patient_id=${bruno.id}&status=pending`)).toEqual(["2026-03-13 10:00"]);

    const page = (await call("GET", "/api/appointments?per_page=2&page=2")).json();
    expect(page).toMatchObject({ total: 5, page: 2, per_page: 2 });
    expect(page.items.map((a: { time: string }) => a.time)).toEqual(["14:00", "10:00"]);
    expect((await call("GET", "/api/appointments")).json().per_page).toBe(100);

    for (const query of ["per_page=101", "status=talvez", "date=amanha", "date_from=2026-13-01", "patient_id=123"]) {
      expect((await call("GET", `/api/appointments?${query}`)).statusCode, query).toBe(422);
    }
  });
});

describe("availability", () => {
  it("steps by the duration inside business hours; past and taken slots are unavailable", async () => {
    const { professional, patient, call } = await practice();
    await t.make.appointment(professional.id, patient.id, { appointmentDate: "2026-03-10", appointmentTime: "14:00", duration: 60 });
    await t.make.appointment(professional.id, patient.id, { appointmentDate: "2026-03-10", appointmentTime: "16:00", status: "cancelled" });

    const res = await call("POST", "/api/appointments/availability", { date: "2026-03-10", duration: 60 });
    expect(res.statusCode).toBe(200);
    const slots = res.json().slots as { time: string; available: boolean }[];
    expect(slots.map((s) => s.time)).toEqual(["08:00", "09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00"]);
    // 12:00 has just started at the fixed clock (12:00 in São Paulo): still bookable; 11:00 is past.
    expect(slots.filter((s) => s.available).map((s) => s.time)).toEqual(["12:00", "13:00", "15:00", "16:00", "17:00"]);
  });

  it("defaults to the professional's duration and working hours, and has no slots on a day off", async () => {
    const { call } = await practice({ appointmentDuration: 50, businessDays: [1, 2, 3, 4, 5, 6], businessStart: "09:00", businessEnd: "12:00" });
    const saturday = (await call("POST", "/api/appointments/availability", { date: "2026-03-14" })).json();
    expect(saturday.slots).toEqual([
      { time: "09:00", available: true },
      { time: "09:50", available: true },
      { time: "10:40", available: true },
    ]);
    expect((await call("POST", "/api/appointments/availability", { date: "2026-03-15" })).json()).toEqual({ slots: [], busy: [], hours: null });
  });

  it("frees the slot of the appointment being edited", async () => {
    const { book, call } = await practice();
    const created = (await book({ appointment_date: "2026-03-16", appointment_time: "08:00", duration: 60 })).json();
    const ask = (extra: Record<string, unknown>) =>
      call("POST", "/api/appointments/availability", { date: "2026-03-16", duration: 60, ...extra }).then((r) => r.json().slots[0]);
    expect(await ask({})).toEqual({ time: "08:00", available: false });
    expect(await ask({ exclude_id: created.id })).toEqual({ time: "08:00", available: true });
  });

  it("reads 'past' in the professional's own time zone", async () => {
    // 12:00 in São Paulo is 11:00 in Manaus: the 11:00 slot there has just started and is still bookable.
    const { call } = await practice({ timezone: "America/Manaus" });
    const slots = (await call("POST", "/api/appointments/availability", { date: "2026-03-10", duration: 60 })).json().slots;
    expect(slots.find((s: { time: string }) => s.time === "10:00")).toEqual({ time: "10:00", available: false });
    expect(slots.find((s: { time: string }) => s.time === "11:00")).toEqual({ time: "11:00", available: true });
  });

  it("validates its input", async () => {
    const { call } = await practice();
    const res = await call("POST", "/api/appointments/availability", { date: "", duration: 1 });
    expect(res.statusCode).toBe(422);
    expect(messagesByField(res.json())).toMatchObject({ date: MSG.appointmentDateRequired });
  });
});

describe("today's list", () => {
  it("uses the professional's date, not UTC's, and lists every status in time order", async () => {
    const { professional, patient, call } = await practice();
    const at = (appointmentDate: string, appointmentTime: string, status: "pending" | "cancelled" = "pending") =>
      t.make.appointment(professional.id, patient.id, { appointmentDate, appointmentTime, status, appointmentType: "Retorno", duration: 40 });
    await at("2026-03-10", "18:00");
    await at("2026-03-10", "09:00", "cancelled");
    await at("2026-03-11", "08:00");

    clock.set("2026-03-11T02:30:00Z"); // 23:30 on the 10th in São Paulo, already the 11th in UTC
    try {
      const res = await call("GET", "/api/appointments/today/list");
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        { id: expect.any(String), patient_name: "Marina Costa", time: "09:00", duration: 40, status: "cancelled", type: "Retorno", patient_response: null },
        { id: expect.any(String), patient_name: "Marina Costa", time: "18:00", duration: 40, status: "pending", type: "Retorno", patient_response: null },
      ]);
    } finally {
      clock.set(NOW);
    }
  });
});
