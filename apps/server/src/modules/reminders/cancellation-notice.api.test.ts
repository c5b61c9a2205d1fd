import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { CANCEL_NOTICE_TEXTS } from "@clinora/contracts";
import * as s from "../../tables";
import { createAssistantHarness, type AssistantHarness, type Clinic } from "../../../test/assistant-harness";
import { nextBusinessDate } from "../../../test/business-dates";

/** "Cancelar consulta" (docs/decisions/033): the appointment is kept as cancelled; the patient is told only when asked, and only as WhatsApp allows. */
describe("cancelling an appointment, and telling the patient", () => {
  let h: AssistantHarness;
  let clinic: Clinic;
  let seq = 0;
  const D = nextBusinessDate();

  beforeAll(async () => {
    h = await createAssistantHarness();
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    h.twilio.reset();
    clinic = await h.clinic({ fullName: "Dra. Ana Souza" });
  });

  const booked = async () => {
    const phone = `+55119${String(70_000_000 + seq++).padStart(8, "0")}`;
    const patient = await h.make.patient(clinic.professionalId, { name: "Marina Costa", phone });
    const appointment = await h.make.appointment(clinic.professionalId, patient.id, { appointmentDate: D, appointmentTime: "10:00" });
    return { phone, appointment };
  };
  const cancel = (id: string, payload: Record<string, unknown>, session = clinic.session) => h.request({ method: "POST", url: `/api/appointments/${id}/cancel`, payload, session });
  const sentTo = (phone: string) => h.twilio.sent.filter((m) => m.to === `whatsapp:${phone}`);

  it("keeps the appointment as cancelled and tells nobody unless asked", async () => {
    const { phone, appointment } = await booked();
    const res = await cancel(appointment.id, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ appointment: { id: appointment.id, status: "cancelled" }, notice: null });
    const [row] = await h.db.select().from(s.appointments).where(eq(s.appointments.id, appointment.id));
    expect(row?.status).toBe("cancelled");
    await h.drain();
    expect(sentTo(phone)).toHaveLength(0);
  });

  it("sends the notice inside the patient's 24-hour window, in the words the dialog shows", async () => {
    const { phone, appointment } = await booked();
    await clinic.patientWrites(`whatsapp:${phone}`, "Oi, bom dia");
    await h.drain();
    h.twilio.reset();
    const res = await cancel(appointment.id, { notify_patient: true });
    expect(res.json().notice).toEqual({ sent: true, text: CANCEL_NOTICE_TEXTS.queued });
    await h.drain();
    const notice = sentTo(phone).find((m) => m.body.includes("foi cancelada"));
    expect(notice?.body, JSON.stringify(h.twilio.sent)).toMatch(/^Olá, Marina! Sua consulta de .+, às 10:00, com Clínica Bem Viver foi cancelada\./);
  });

  it("says plainly when no message can go: outside the window with no template, or with no sending number", async () => {
    const first = await booked();
    const closed = await cancel(first.appointment.id, { notify_patient: true });
    expect(closed.json().notice).toEqual({ sent: false, text: CANCEL_NOTICE_TEXTS.windowClosed });

    await h.db.delete(s.twilioNumbers).where(eq(s.twilioNumbers.professionalId, clinic.professionalId));
    const second = await booked();
    const noSender = await cancel(second.appointment.id, { notify_patient: true });
    expect(noSender.json()).toMatchObject({ appointment: { status: "cancelled" }, notice: { sent: false, text: CANCEL_NOTICE_TEXTS.noSender } });
    await h.drain();
    expect(sentTo(first.phone)).toHaveLength(0);
    expect(sentTo(second.phone)).toHaveLength(0);
  });

  it("answers 404 to another professional", async () => {
    const { appointment } = await booked();
    const other = await h.clinic({ fullName: "Dr. Outro" });
    expect((await cancel(appointment.id, { notify_patient: true }, other.session)).statusCode).toBe(404);
  });
});
