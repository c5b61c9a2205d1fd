import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, weekdayOf } from "@clinora/contracts/zoned-time";
import { contextWithProfessional, type TestContext } from "../../../test/context";
import { nextBusinessDate } from "../../../test/business-dates";

let t: TestContext;
let session: string;
let professionalId: string;
const D = nextBusinessDate(3);

beforeAll(async () => {
  ({ t, session } = await contextWithProfessional({ profile: { appointmentDuration: 50, businessStart: "08:00", businessEnd: "12:00" } }));
  professionalId = (await t.request({ method: "GET", url: "/api/professionals/me", session })).json().id;
  const patient = await t.make.patient(professionalId);
  await t.make.appointment(professionalId, patient.id, { appointmentDate: D, appointmentTime: "08:30", duration: 50 });
});
afterAll(() => t.close());

const agenda = async (date: string, extra: Record<string, unknown> = {}) => {
  const res = await t.request({ method: "POST", url: "/api/appointments/availability", payload: { date, ...extra }, session });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe("the appointment dialog's view of a date", () => {
  it("offers the real gaps from the one availability service, with the busy ranges and her hours", async () => {
    const day = await agenda(D);
    expect(day.hours).toEqual({ start: "08:00", end: "12:00" });
    expect(day.busy).toEqual([{ start: "08:30", end: "09:20" }]);
    // The 50-minute grid's 08:00 and 08:50 clash; 09:20, where the appointment ends, is a real gap.
    expect(day.slots.filter((s: { available: boolean }) => s.available).map((s: { time: string }) => s.time)).toEqual(["09:20", "09:40", "10:30"]);
  });

  it("has no hours on a day she does not work", async () => {
    let sunday = D;
    while (weekdayOf(sunday) !== 0) sunday = addDays(sunday, 1);
    expect(await agenda(sunday)).toEqual({ slots: [], busy: [], hours: null });
  });
});
