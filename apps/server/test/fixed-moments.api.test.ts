import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { like } from "drizzle-orm";
import * as s from "../src/tables";
import { fixedClock } from "../src/platform/lib/clock";
import { createAssistantHarness, type AssistantHarness, type Clinic } from "./assistant-harness";
import { FIXED_MOMENTS, shiftDate, type FixedMoment } from "./fixed-moments";

/**
 * The date-dependent surfaces besides the booking page (which has its own file) at fixed moments — a Saturday, a
 * Sunday, 29 February, 23:59 and 00:01 in São Paulo — through the injected clock: the assistant's "today", the
 * reminder's time, the dialog's free times and the Painel's list of today. Every expected value is worked out here
 * from the moment's hand-written local date and time (fixed-moments.ts), never with the product's date functions.
 * One server for all moments: each moment gets its own clinic, so nothing of one moment is seen by the next.
 */
const WEEKDAYS = ["domingo", "segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado"];
/** Every day of the week, 08:00 to 18:00: a weekend moment still has working hours to check. */
const HOURS = ["08:00", "09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00"];
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** A São Paulo local date and time as an instant (UTC−3 all year since 2019). */
const instant = (date: string, time: string) => new Date(`${date}T${time}:00-03:00`);
const PATIENT_PHONE = "+5511987004455";

describe("date-dependent surfaces at fixed moments", () => {
  const clock = fixedClock(FIXED_MOMENTS[0]!.at);
  let h: AssistantHarness;

  beforeAll(async () => {
    h = await createAssistantHarness({ clock, env: { TWILIO_REMINDER_CONTENT_SID: `HX${"b".repeat(32)}` } });
  });
  afterAll(() => h?.close());

  describe.each(FIXED_MOMENTS)("at $name ($at)", (moment: FixedMoment) => {
    let clinic: Clinic;
    let patientId = "";
    const yesterday = shiftDate(moment.today, -1);
    const tomorrow = shiftDate(moment.today, 1);
    const api = async (method: "GET" | "POST", url: string, payload?: object) => {
      // A fresh session: the clock jumps by months between moments, past any session's idle limit.
      const session = await h.login(clinic.email, clinic.password);
      return h.request({ method, url, session, ...(payload ? { payload } : {}) });
    };

    beforeAll(async () => {
      clock.set(moment.at);
      clinic = await h.clinic({ businessDays: [0, 1, 2, 3, 4, 5, 6], businessStart: "08:00", businessEnd: "18:00", appointmentDuration: 60 });
      patientId = (await h.make.patient(clinic.professionalId, { name: "Helena Prado", phone: PATIENT_PHONE })).id;
    });

    it("tells the assistant the local weekday, date and time", async () => {
      clock.set(moment.at);
      h.llm.reset();
      h.llm.script([{ text: "Olá! Como posso ajudar?" }]);
      await clinic.patientWrites(PATIENT_PHONE, "Oi, bom dia");
      await h.drain();
      const system = h.llm.requests[0]?.system ?? "";
      expect(system).toContain(`Hoje é ${WEEKDAYS[moment.weekday]}, ${moment.today}, ${moment.time} (fuso America/Sao_Paulo).`);
    });

    it("offers today's free times from now on, and tomorrow's all", async () => {
      clock.set(moment.at);
      const available = async (date: string) => {
        const res = await api("POST", "/api/appointments/availability", { date, duration: 60 });
        expect(res.statusCode, res.body).toBe(200);
        return (res.json().slots as { time: string; available: boolean }[]).filter((slot) => slot.available).map((slot) => slot.time);
      };
      // A slot that starts this very minute is still bookable; one that started before is past.
      expect(await available(moment.today)).toEqual(HOURS.filter((time) => minutes(time) >= minutes(moment.time)));
      expect(await available(tomorrow)).toEqual(HOURS);
      expect(await available(yesterday)).toEqual([]);
    });

    it("lists on the Painel only the appointments of the local today", async () => {
      clock.set(moment.at);
      const at = (appointmentDate: string, appointmentTime: string) =>
        h.make.appointment(clinic.professionalId, patientId, { appointmentDate, appointmentTime, duration: 60, appointmentType: "Retorno" });
      await at(yesterday, "17:00");
      await at(moment.today, "08:00");
      await at(moment.today, "17:00");
      await at(tomorrow, "08:00");
      const res = await api("GET", "/api/appointments/today/list");
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as { time: string }[]).map((a) => a.time)).toEqual(["08:00", "17:00"]);
    });

    it("schedules the reminder 24 h before, or at once when that moment has passed", async () => {
      clock.set(moment.at);
      const book = async (date: string, time: string) => {
        const res = await api("POST", "/api/appointments", { patient_id: patientId, appointment_date: date, appointment_time: time, appointment_type: "Consulta" });
        expect(res.statusCode, res.body).toBe(201);
        return res.json().id as string;
      };
      const reminderAt = async (id: string) => {
        const jobs = await h.db.select().from(s.jobs).where(like(s.jobs.dedupeKey, `reminder:${id}:%`));
        expect(jobs).toHaveLength(1);
        return jobs[0]!.runAt.toISOString();
      };
      const now = new Date(moment.at);
      const expected = (date: string, time: string) => {
        const dayBefore = new Date(instant(date, time).getTime() - 24 * 3_600_000);
        return (dayBefore < now ? now : dayBefore).toISOString();
      };
      const inTwoDays = shiftDate(moment.today, 2);
      expect(await reminderAt(await book(inTwoDays, "09:00"))).toBe(expected(inTwoDays, "09:00"));
      expect(await reminderAt(await book(tomorrow, "12:00"))).toBe(expected(tomorrow, "12:00"));
    });
  });
});
