import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../platform/lib/clock";
import { contextWithProfessional, type TestContext } from "../../../test/context";
import { upcomingAppointment, upcomingAppointmentsOf } from "./upcoming-appointments";

// 12:00 in São Paulo (UTC−3 all year).
const clock = fixedClock("2026-03-10T15:00:00Z");
const DATE = "2026-03-10";

let t: TestContext;
let session: string;
let professionalId: string;
let patientId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ({ t, session, professional: { id: professionalId } } = await contextWithProfessional({ clock }));
  patientId = (await t.make.patient(professionalId)).id;
  const at = async (name: string, time: string, status: "pending" | "confirmed" | "completed" | "cancelled") => {
    ids[name] = (await t.make.appointment(professionalId, patientId, { appointmentDate: DATE, appointmentTime: time, duration: 30, status })).id;
  };
  await at("begunAMinuteAgo", "11:59", "confirmed");
  await at("startsNow", "12:00", "pending");
  await at("inAMinute", "12:01", "pending");
  await at("cancelledLater", "13:00", "cancelled");
  await at("completedLater", "14:00", "completed");
  await at("confirmedLater", "15:00", "confirmed");
});
afterAll(() => t.close());

describe("a patient's upcoming appointment, the one rule", () => {
  it("is pending or confirmed and starts after now: one starting this very minute has begun", async () => {
    clock.set("2026-03-10T15:00:00Z");
    const upcoming = await upcomingAppointmentsOf(t.db, professionalId, [patientId], clock.now());
    expect(upcoming.map((a) => a.id)).toEqual([ids.inAMinute, ids.confirmedLater]);
    expect(await upcomingAppointment(t.db, professionalId, ids.startsNow!, clock.now())).toBeNull();
    expect((await upcomingAppointment(t.db, professionalId, ids.inAMinute!, clock.now()))?.appointment_time).toBe("12:01");
    expect(await upcomingAppointment(t.db, professionalId, ids.cancelledLater!, clock.now())).toBeNull();
  });

  it("stops being upcoming at the minute it starts, on the patients' list and in the anonymisation's refusal alike", async () => {
    clock.set("2026-03-10T15:00:00Z");
    const before = (await t.request({ method: "GET", url: `/api/patients/${patientId}`, session })).json();
    expect(before.next_appointment).toEqual({ date: DATE, time: "12:01" });

    clock.set("2026-03-10T15:01:00Z");
    const after = (await t.request({ method: "GET", url: `/api/patients/${patientId}`, session })).json();
    expect(after.next_appointment).toEqual({ date: DATE, time: "15:00" });
    const refused = await t.request({ method: "POST", url: `/api/patients/${patientId}/anonymize`, payload: { confirm: true }, session });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain("10/03/2026 às 15:00");
    expect(refused.json().detail).not.toContain("12:01");
  });

  it("is another professional's business only through her own id", async () => {
    const other = await t.make.professionalUser();
    expect(await upcomingAppointmentsOf(t.db, other.professional.id, [patientId], clock.now())).toEqual([]);
    expect(await upcomingAppointment(t.db, other.professional.id, ids.inAMinute!, clock.now())).toBeNull();
  });
});
