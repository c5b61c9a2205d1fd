import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingPages } from "../booking-page/booking-page.schema";
import { contextWithProfessional, type TestContext } from "../../../test/context";

let t: TestContext;
let session: string;
let professionalId: string;

beforeAll(async () => {
  ({ t, session } = await contextWithProfessional());
  const me = await t.request({ method: "GET", url: "/api/professionals/me", session });
  professionalId = me.json().id;
});
afterAll(() => t.close());

const firstSteps = async () => {
  const res = await t.request({ method: "GET", url: "/api/professionals/me/first-steps", session });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { steps: { key: string; done: boolean }[]; dismissed: boolean };
  return { done: Object.fromEntries(body.steps.map((s) => [s.key, s.done])), order: body.steps.map((s) => s.key), dismissed: body.dismissed };
};

describe("the first-steps checklist", () => {
  it("starts with nothing done, in the order the Painel shows", async () => {
    expect(await firstSteps()).toEqual({
      order: ["hours", "duration", "patient", "whatsapp", "booking_page"],
      done: { hours: false, duration: false, patient: false, whatsapp: false, booking_page: false },
      dismissed: false,
    });
  });

  it("ticks each step from what she does, not by hand", async () => {
    // Saving her name does not tick her hours.
    await t.request({ method: "PUT", url: "/api/professionals/me", payload: { bio: "Atendo adultos." }, session });
    expect((await firstSteps()).done).toMatchObject({ hours: false, duration: false });

    await t.request({ method: "PUT", url: "/api/professionals/me", payload: { business_start: "09:00", business_end: "17:00" }, session });
    expect((await firstSteps()).done).toMatchObject({ hours: true, duration: false });

    await t.request({ method: "PUT", url: "/api/professionals/me", payload: { appointment_duration: 45 }, session });
    expect((await firstSteps()).done).toMatchObject({ duration: true, patient: false });

    await t.make.patient(professionalId);
    await t.make.twilioNumber({ professionalId });
    expect((await firstSteps()).done).toMatchObject({ patient: true, whatsapp: true, booking_page: false });

    await t.db.insert(bookingPages).values({ professionalId, slug: `pagina-${professionalId.slice(0, 8)}`, enabled: true, appointmentTypes: [] });
    expect((await firstSteps()).done).toEqual({ hours: true, duration: true, patient: true, whatsapp: true, booking_page: true });
  });

  it("can be dismissed for good", async () => {
    const res = await t.request({ method: "POST", url: "/api/professionals/me/first-steps/dismiss", session });
    expect(res.statusCode).toBe(200);
    expect(res.json().dismissed).toBe(true);
    expect((await firstSteps()).dismissed).toBe(true);
  });

  it("is each professional's own: another practice's steps are not hers", async () => {
    const { user } = await t.make.professionalUser();
    const other = await t.login(user.email, user.password);
    const res = await t.request({ method: "GET", url: "/api/professionals/me/first-steps", session: other });
    expect(res.json().steps.every((s: { done: boolean }) => !s.done)).toBe(true);
    expect(res.json().dismissed).toBe(false);
  });
});
