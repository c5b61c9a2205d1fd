import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { BOOKING_LIMIT_PER_PHONE_PER_DAY, BOOKING_TEXTS, DEFAULT_TIME_ZONE } from "@clinora/contracts";
import { addDays, todayIn, weekdayOf } from "@clinora/contracts/zoned-time";
import * as s from "../../tables";
import { createAssistantHarness, type AssistantHarness, type Clinic } from "../../../test/assistant-harness";
import { nextBusinessDate } from "../../../test/business-dates";

const REMINDER_SID = `HX${"1".repeat(32)}`;
const TOKEN_HEADER = "x-booking-token";

describe("the public booking page", () => {
  let h: AssistantHarness;
  let clinic: Clinic;
  let slug: string;
  let address = 0;
  /** Each test books from its own address and numbers, so the limits of one test never touch another. */
  let ip = "";
  let phoneSeq = 0;
  const nextPhone = () => `(11) 9${String(10_000_000 + phoneSeq++).padStart(8, "0")}`;
  const e164 = (national: string) => `+55${national.replace(/\D/g, "")}`;
  const D = nextBusinessDate();

  const book = (body: Record<string, unknown>, options: { slug?: string; ip?: string } = {}) =>
    h.request({ method: "POST", url: `/api/public/booking/${options.slug ?? slug}/bookings`, payload: body, remoteAddress: options.ip ?? ip });
  const booking = (over: Record<string, unknown> = {}) => ({ type: 0, date: D, time: "10:30", name: "Maria Clara", phone: nextPhone(), consent_whatsapp: true, ...over });
  const appointmentsOf = (professionalId: string) => h.db.select().from(s.appointments).where(eq(s.appointments.professionalId, professionalId));

  beforeAll(async () => {
    h = await createAssistantHarness({ env: { TWILIO_REMINDER_CONTENT_SID: REMINDER_SID } });
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    h.twilio.reset();
    ip = `10.1.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;
    clinic = await h.clinic({ fullName: "Dra. Ana Souza", appointmentDuration: 50 });
    const settings = await h.request({ method: "GET", url: "/api/booking-page", session: clinic.session });
    expect(settings.statusCode).toBe(200);
    slug = settings.json().slug;
    const on = await h.request({
      method: "PUT",
      url: "/api/booking-page",
      session: clinic.session,
      payload: { enabled: true, slug, min_notice_hours: 2, days_ahead: 30, appointment_types: [{ name: "Consulta", duration: 50 }, { name: "Retorno", duration: 30 }] },
    });
    expect(on.statusCode, on.body).toBe(200);
  });

  it("gives each professional a page made from the name, off until turned on; the address must be free and well-formed", async () => {
    const other = await h.clinic({ fullName: "Dra. Ana Souza" });
    const first = (await h.request({ method: "GET", url: "/api/booking-page", session: other.session })).json();
    expect(first).toEqual({
      enabled: false,
      slug: expect.stringMatching(/^ana-souza(-\d+)?$/),
      url: `${h.publicUrl}/agendar/${first.slug}`,
      min_notice_hours: 2,
      days_ahead: 30,
      appointment_types: [{ name: "Consulta", duration: 50 }],
      whatsapp_confirmation: true,
      has_phone: false,
    });
    expect(first.slug).not.toBe(slug);
    // Off: the page does not exist for the public.
    expect((await h.request({ method: "GET", url: `/api/public/booking/${first.slug}`, remoteAddress: ip })).statusCode).toBe(404);

    const taken = await h.request({ method: "PUT", url: "/api/booking-page", session: other.session, payload: { ...first, url: undefined, whatsapp_confirmation: undefined, has_phone: undefined, slug } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ detail: BOOKING_TEXTS.slugTaken });
    for (const bad of ["ab", "Ana Souza", "-ana", "ana-", "a".repeat(41), "ana--souza"]) {
      const res = await h.request({ method: "PUT", url: "/api/booking-page", session: other.session, payload: { ...first, url: undefined, whatsapp_confirmation: undefined, has_phone: undefined, slug: bad } });
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().details[0].msg, bad).toBe(BOOKING_TEXTS.slugInvalid);
    }
    const badTypes = await h.request({ method: "PUT", url: "/api/booking-page", session: other.session, payload: { ...first, url: undefined, whatsapp_confirmation: undefined, has_phone: undefined, appointment_types: [], min_notice_hours: 500 } });
    expect(badTypes.statusCode).toBe(422);
    expect(badTypes.json().details.map((d: { msg: string }) => d.msg)).toEqual(expect.arrayContaining(["Ofereça pelo menos um tipo de consulta.", "A antecedência máxima é de 168 horas."]));

    const renamed = await h.request({ method: "PUT", url: "/api/booking-page", session: other.session, payload: { ...first, url: undefined, whatsapp_confirmation: undefined, has_phone: undefined, slug: "dra-ana-centro", enabled: true } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ slug: "dra-ana-centro", enabled: true, url: `${h.publicUrl}/agendar/dra-ana-centro` });

    const qr = await h.request({ method: "GET", url: "/api/booking-page/qr.svg?download=1", session: other.session });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers["content-type"]).toContain("image/svg+xml");
    expect(qr.headers["content-disposition"]).toContain("attachment");
    expect(qr.body).toMatch(/^<svg[^>]*viewBox/);
    expect((await h.request({ method: "GET", url: "/api/booking-page" })).statusCode).toBe(401);
  });

  it("shows the clinic, its types and the free times from the one availability service, never what is booked", async () => {
    const patient = await h.make.patient(clinic.professionalId, { name: "Paciente Secreto", phone: "+5511911112222" });
    await h.make.appointment(clinic.professionalId, patient.id, { appointmentDate: D, appointmentTime: "08:50", duration: 50 });

    const page = await h.request({ method: "GET", url: `/api/public/booking/${slug}`, remoteAddress: ip });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({
      clinic_name: "Clínica Bem Viver",
      professional_name: "Dra. Ana Souza",
      address: "Rua das Flores, 100, São Paulo/SP",
      time_zone: DEFAULT_TIME_ZONE,
      time_zone_label: "horário de Brasília",
      phone: null,
      whatsapp_confirmation: true,
      appointment_types: [{ name: "Consulta", duration: 50, index: 0, price_cents: null }, { name: "Retorno", duration: 30, index: 1, price_cents: null }],
    });
    const times = await h.request({ method: "GET", url: `/api/public/booking/${slug}/times?type=0`, remoteAddress: ip });
    expect(times.statusCode).toBe(200);
    const day = times.json().days.find((d: { date: string }) => d.date === D);
    expect(day.times).toContain("08:00");
    expect(day.times).not.toContain("08:50");
    expect(day.times).toContain("09:40");
    expect(times.body).not.toContain("Secreto");
    expect(times.body).not.toContain("11911112222");
    // The shorter type steps by its own length (08:30 to 09:30 overlap the booked 08:50), and the real gap where the
    // booked one ends (09:40) is offered too.
    const retorno = (await h.request({ method: "GET", url: `/api/public/booking/${slug}/times?type=1`, remoteAddress: ip })).json();
    expect(retorno.duration).toBe(30);
    expect(retorno.days.find((d: { date: string }) => d.date === D).times.slice(0, 3)).toEqual(["08:00", "09:40", "10:00"]);
    expect((await h.request({ method: "GET", url: `/api/public/booking/${slug}/times?type=7`, remoteAddress: ip })).statusCode).toBe(422);

    // The gap it offers off the 30-minute grid can be booked: an offered time is never "outside hours".
    const gap = await book(booking({ type: 1, time: "09:40" }));
    expect(gap.statusCode, gap.body).toBe(201);
    // Taken now, the gap is no gap any more: a second patient who picked it is told it was taken, with the nearest
    // free times, not that it is outside the hours.
    const late = await book(booking({ type: 1, time: "09:40" }));
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().detail).toBe(BOOKING_TEXTS.slotTaken);
    expect(late.json().nearest.length).toBeGreaterThan(0);
    // A time off the grid that is no gap is still one the page never offers.
    expect((await book(booking({ type: 1, time: "10:15" }))).statusCode).toBe(422);

    // Indisponível: no times at all.
    await h.db.update(s.professionals).set({ isAvailable: false }).where(eq(s.professionals.id, clinic.professionalId));
    expect((await h.request({ method: "GET", url: `/api/public/booking/${slug}/times?type=0`, remoteAddress: ip })).json().days).toEqual([]);
  });

  it("lists the same free times as the appointment dialog, day by day, across a change of the zone's offset", async () => {
    // Chile leaves summer time in April: 180 days ahead from any date of the year cross at least one change.
    for (const timezone of ["America/Santiago", "America/New_York", DEFAULT_TIME_ZONE]) {
      await h.db.update(s.professionals).set({ timezone, businessDays: [0, 1, 2, 3, 4, 5, 6] }).where(eq(s.professionals.id, clinic.professionalId));
      await h.db.update(s.bookingPages).set({ daysAhead: 180 }).where(eq(s.bookingPages.professionalId, clinic.professionalId));
      const session = await h.login(clinic.email, clinic.password);
      const page = (await h.request({ method: "GET", url: `/api/public/booking/${slug}/times?type=1`, remoteAddress: ip })).json();
      expect(page.days.length, timezone).toBe(14);
      for (const day of page.days as { date: string; times: string[] }[]) {
        const dialog = await h.request({ method: "POST", url: "/api/appointments/availability", session, payload: { date: day.date, duration: 30 } });
        const free = (dialog.json().slots as { time: string; available: boolean }[]).filter((t) => t.available).map((t) => t.time);
        // The page leaves out only what falls inside the minimum notice (2 hours), on the first day.
        expect(free.slice(free.length - day.times.length), `${timezone} ${day.date}`).toEqual(day.times);
      }
    }
  });

  it("books a pending appointment marked as from the page, with the patient, their consent per channel and the WhatsApp confirmation", async () => {
    const phone = nextPhone();
    const res = await book(booking({ phone, time: "10:30", email: "maria@example.com", consent_assistant: true }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ status: "booked", message: BOOKING_TEXTS.booked, when: expect.stringContaining("às 10:30") });

    const [appointment] = await appointmentsOf(clinic.professionalId);
    expect(appointment).toMatchObject({ status: "pending", source: "booking_page", appointmentType: "Consulta", duration: 50, appointmentTime: "10:30:00", appointmentDate: D });
    const [patient] = await h.db.select().from(s.patients).where(eq(s.patients.id, appointment!.patientId));
    expect(patient).toMatchObject({ name: "Maria Clara", phone: e164(phone), email: "maria@example.com" });
    const consents = await h.db.select().from(s.consentEvents).where(eq(s.consentEvents.patientId, patient!.id));
    expect(consents.map((c) => [c.channel, c.status, c.method]).sort()).toEqual([
      ["whatsapp_assistant", "given", "booking_page"],
      ["whatsapp_reminders", "given", "booking_page"],
    ]);
    // The professional sees it through the usual API, marked as from the page.
    const listed = await h.request({ method: "GET", url: `/api/appointments?date=${D}`, session: clinic.session });
    expect(listed.json().items[0]).toMatchObject({ source: "booking_page", patient_name: "Maria Clara", status: "pending" });

    await h.drain();
    // Outside the 24-hour window: the approved template.
    const sent = h.twilio.sent.filter((m) => m.to === `whatsapp:${e164(phone)}`);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.contentSid).toBe(REMINDER_SID);
    expect(JSON.parse(sent[0]!.contentVariables!)).toMatchObject({ "1": "Maria", "3": "10:30", "4": "Clínica Bem Viver" });
  });

  it("promises nothing WhatsApp cannot do: with no sending number the page and its answers say the clinic will call, and show its phone", async () => {
    await h.db.delete(s.twilioNumbers).where(eq(s.twilioNumbers.professionalId, clinic.professionalId));
    await h.db.update(s.professionals).set({ clinicPhone: "+551132145678" }).where(eq(s.professionals.id, clinic.professionalId));

    const settings = (await h.request({ method: "GET", url: "/api/booking-page", session: clinic.session })).json();
    expect(settings).toMatchObject({ enabled: true, whatsapp_confirmation: false, has_phone: true });
    const page = (await h.request({ method: "GET", url: `/api/public/booking/${slug}`, remoteAddress: ip })).json();
    expect(page).toMatchObject({ whatsapp_confirmation: false, phone: "(11) 3214-5678", time_zone_label: "horário de Brasília" });

    const phone = nextPhone();
    const res = await book(booking({ phone, time: "10:30" }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ status: "booked", message: BOOKING_TEXTS.bookedByCall, when: expect.stringContaining("às 10:30") });
    expect(res.body).not.toContain("WhatsApp");
    await h.drain();
    expect(h.twilio.sent).toHaveLength(0);

    // The same number again: no link can go, so the answer says to talk to the clinic.
    const again = await book(booking({ phone, time: "14:40" }));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: "reschedule_offered", message: BOOKING_TEXTS.hasActiveAppointmentByCall });
    const link = await h.request({ method: "POST", url: `/api/public/booking/${slug}/reschedule-link`, payload: { phone }, remoteAddress: ip });
    expect(link.json()).toMatchObject({ message: BOOKING_TEXTS.rescheduleByCall });
    expect(h.twilio.sent).toHaveLength(0);
  });

  it("answers a time taken meanwhile with the nearest free ones; two patients racing for one time: exactly one wins", async () => {
    const first = await book(booking({ time: "14:40" }));
    expect(first.statusCode).toBe(201);
    const late = await book(booking({ time: "14:40" }));
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe(BOOKING_TEXTS.slotTaken);
    expect(late.json().nearest).toHaveLength(3);
    expect(late.json().nearest.map((n: { time: string }) => n.time)).not.toContain("14:40");
    expect(late.json().nearest[0]).toMatchObject({ date: D, label: expect.stringContaining("às") });

    const race = await Promise.all([book(booking({ time: "16:20" }), { ip: `${ip}1` }), book(booking({ time: "16:20" }), { ip: `${ip}2` })].map(async (p) => p));
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const loser = race.find((r) => r.statusCode === 409)!;
    expect(loser.json().nearest.length).toBeGreaterThan(0);
    const rows = (await appointmentsOf(clinic.professionalId)).filter((a) => a.appointmentTime === "16:20:00");
    expect(rows).toHaveLength(1);
    // The loser's patient record was not left behind: only two patients exist (the two winners).
    expect(await h.db.select().from(s.patients).where(eq(s.patients.professionalId, clinic.professionalId))).toHaveLength(2);
  });

  it("refuses bad input in Portuguese and writes nothing: landlines, no consent, a filled honeypot, times the page does not offer", async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [booking({ phone: "(11) 3456-7890" }), 422, BOOKING_TEXTS.phoneInvalid],
      [booking({ phone: "+14155552671" }), 422, BOOKING_TEXTS.phoneInvalid],
      [booking({ phone: "" }), 422, BOOKING_TEXTS.phoneRequired],
      [booking({ consent_whatsapp: false }), 422, BOOKING_TEXTS.consentRequired],
      [booking({ name: " " }), 422, BOOKING_TEXTS.nameRequired],
      [booking({ email: "não-é-email" }), 422, BOOKING_TEXTS.emailInvalid],
      [booking({ time: "25:00" }), 422, BOOKING_TEXTS.timeInvalid],
      [booking({ type: 5 }), 422, BOOKING_TEXTS.typeUnknown],
      [booking({ website: "http://spam.example" }), 422, "Não foi possível enviar. Atualize a página e tente novamente."],
    ];
    for (const [body, status, msg] of cases) {
      const res = await book(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().details.map((d: { msg: string }) => d.msg), JSON.stringify(body)).toContain(msg);
    }
    // Times the page never offers: 422 saying why, on the field (only a time taken meanwhile is 409).
    const saturday = (() => {
      let d = D;
      while (weekdayOf(d) !== 6) d = addDays(d, 1);
      return d;
    })();
    const today = todayIn(DEFAULT_TIME_ZONE, new Date());
    const never: [Record<string, unknown>, string, string][] = [
      [booking({ time: "10:31" }), "time", BOOKING_TEXTS.timeOutsideHours],
      [booking({ time: "07:00" }), "time", BOOKING_TEXTS.timeOutsideHours],
      [booking({ time: "03:00" }), "time", BOOKING_TEXTS.timeOutsideHours],
      [booking({ date: saturday }), "date", BOOKING_TEXTS.dayClosed],
      [booking({ date: addDays(D, 60) }), "date", BOOKING_TEXTS.dateBeyond(30)],
      [booking({ date: addDays(today, -1) }), "date", BOOKING_TEXTS.datePast],
      [booking({ date: "2030-02-31" }), "date", BOOKING_TEXTS.dateImpossible],
      [booking({ date: "2026-13-01" }), "date", BOOKING_TEXTS.dateImpossible],
    ];
    for (const [body, field, msg] of never) {
      const res = await book(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json(), JSON.stringify(body)).toEqual({ detail: "Dados inválidos", details: [{ loc: ["body", field], msg, type: expect.any(String) }] });
    }
    expect(await appointmentsOf(clinic.professionalId)).toEqual([]);
    expect(await h.db.select().from(s.patients).where(eq(s.patients.professionalId, clinic.professionalId))).toEqual([]);
    // Unknown or switched-off pages: 404.
    expect((await book(booking(), { slug: "nao-existe" })).statusCode).toBe(404);
    expect((await book(booking(), { slug: "../../api" })).statusCode).toBe(404);
  });

  it("counts attempts per phone number and per address in the database", async () => {
    const phone = nextPhone();
    const times = ["08:00", "08:50", "09:40", "10:30"];
    const results = [];
    for (const [i, time] of times.entries()) results.push((await book(booking({ phone, time, date: addDays(D, 0) }), { ip: `${ip}.${i}` })).statusCode);
    // The first books; the next two are offered a reschedule (an active appointment); the fourth is over the limit.
    expect(results).toEqual([201, 200, 200, 429]);
    expect(BOOKING_LIMIT_PER_PHONE_PER_DAY).toBe(3);
    const over = await book(booking({ phone, time: "11:20" }), { ip: `${ip}.9` });
    expect(over.json()).toEqual({ detail: BOOKING_TEXTS.tooManyRequests });

    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await book(booking({ time: "07:00" }))).statusCode);
    expect(statuses.slice(0, 10).every((st) => st === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("offers a patient with an active appointment a one-time reschedule link on WhatsApp, never their data on the page", async () => {
    const phone = nextPhone();
    expect((await book(booking({ phone, time: "09:40" }))).statusCode).toBe(201);
    await h.drain();
    h.twilio.reset();

    const again = await book(booking({ phone, time: "11:20", name: "Outra Pessoa" }));
    expect(again.statusCode).toBe(200);
    // Outside the patient's window and with no resend template the link cannot go: the page says so, no false promise.
    expect(again.json()).toEqual({ status: "reschedule_offered", message: BOOKING_TEXTS.hasActiveAppointmentByCall, when: null });
    expect(again.body).not.toContain("09:40");
    expect((await appointmentsOf(clinic.professionalId)).filter((a) => a.status !== "cancelled")).toHaveLength(1);

    // The link request answers the same for any number.
    const unknown = await h.request({ method: "POST", url: `/api/public/booking/${slug}/reschedule-link`, payload: { phone: nextPhone() }, remoteAddress: ip });
    expect(unknown.json()).toEqual({ status: "reschedule_offered", message: BOOKING_TEXTS.rescheduleLinkSent, when: null });

    // No 24-hour window and no resend template: the link cannot go now. Once the patient writes, it goes as text.
    await h.drain();
    expect(h.twilio.sent.filter((m) => m.to === `whatsapp:${e164(phone)}`)).toHaveLength(0);
    await clinic.patientWrites(`whatsapp:${e164(phone)}`, "Oi");
    await h.drain();
    h.twilio.reset();
    const asked = await h.request({ method: "POST", url: `/api/public/booking/${slug}/reschedule-link`, payload: { phone }, remoteAddress: ip });
    expect(asked.statusCode).toBe(200);
    await h.drain();
    const link = h.twilio.sent.find((m) => m.to === `whatsapp:${e164(phone)}` && m.body.includes("/agendar/"));
    expect(link, JSON.stringify(h.twilio.sent)).toBeDefined();
    const token = /#remarcar=([A-Za-z0-9_-]{43})/.exec(link!.body)![1]!;

    const info = await h.request({ method: "GET", url: `/api/public/booking/${slug}/reschedule`, headers: { [TOKEN_HEADER]: token }, remoteAddress: ip });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ type: 0, type_name: "Consulta", duration: 50, when: expect.stringContaining("às 09:40") });
    const times = (await h.request({ method: "GET", url: `/api/public/booking/${slug}/reschedule/times`, headers: { [TOKEN_HEADER]: token }, remoteAddress: ip })).json();
    // Its own time is free to it (the appointment being moved does not block itself).
    expect(times.days.find((d: { date: string }) => d.date === D).times).toContain("09:40");

    const moved = await h.request({ method: "POST", url: `/api/public/booking/${slug}/reschedule`, headers: { [TOKEN_HEADER]: token }, payload: { date: D, time: "15:30" }, remoteAddress: ip });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ status: "booked", message: BOOKING_TEXTS.rescheduled, when: expect.stringContaining("às 15:30") });
    const [row] = await appointmentsOf(clinic.professionalId);
    expect(row).toMatchObject({ appointmentTime: "15:30:00", status: "pending" });

    // One time only; a wrong token looks the same.
    for (const t of [token, "x".repeat(43), undefined]) {
      const reuse = await h.request({ method: "POST", url: `/api/public/booking/${slug}/reschedule`, headers: t ? { [TOKEN_HEADER]: t } : {}, payload: { date: D, time: "16:20" }, remoteAddress: ip });
      expect(reuse.statusCode).toBe(404);
      expect(reuse.json()).toEqual({ detail: BOOKING_TEXTS.tokenInvalid });
    }
    // Another professional's page never takes this token.
    const other = await h.clinic({ fullName: "Dr. Outro" });
    const otherSlug = (await h.request({ method: "GET", url: "/api/booking-page", session: other.session })).json().slug;
    await h.db.update(s.bookingPages).set({ enabled: true }).where(and(eq(s.bookingPages.professionalId, other.professionalId)));
    expect((await h.request({ method: "GET", url: `/api/public/booking/${otherSlug}/reschedule`, headers: { [TOKEN_HEADER]: token }, remoteAddress: ip })).statusCode).toBe(404);
  });
});
