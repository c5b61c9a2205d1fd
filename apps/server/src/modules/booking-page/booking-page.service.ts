import { randomBytes } from "node:crypto";
import QRCode from "qrcode";
import {
  BOOKING_LIMIT_PER_ADDRESS_PER_HOUR,
  BOOKING_LIMIT_PER_PHONE_PER_DAY,
  BOOKING_NEAREST_FREE_COUNT,
  BOOKING_PAGE_PATH,
  BOOKING_RESCHEDULE_TOKEN_HOURS,
  BOOKING_SLUG_PATTERN,
  BOOKING_TEXTS,
  BOOKING_TOKEN_PATTERN,
  DEFAULT_APPOINTMENT_TYPE,
  formatPhoneBR,
  timeZoneLabel,
  toE164BR,
  type Appointment,
  type BookingAppointmentType,
  type BookingFreeTime,
  type BookingPageSettings,
  type BookingPageSettingsInput,
  type BookingPublicPage,
  type BookingRescheduleInfo,
  type BookingResult,
  type BookingTimes,
} from "@clinora/contracts";
import { longDate } from "@clinora/contracts/date-display";
import { addDays, localToInstant, minutesOfDay, todayIn, toLocal, weekdayOf } from "@clinora/contracts/zoned-time";
import type { Db, DbOrTx } from "../../platform/db/client";
import type { MessagingGateway } from "../../platform/integrations/twilio/messaging-gateway";
import { AppError } from "../../platform/lib/app-error";
import type { TenantCaller } from "../../platform/lib/caller";
import type { Clock } from "../../platform/lib/clock";
import { sha256Hex } from "../../platform/lib/crypto";
import { isUniqueViolation } from "../../platform/lib/db-errors";
import type { AppointmentService, ScheduleActor } from "../appointments";
import { recordAudit } from "../audit";
import { createPatientFrom } from "../patients";
import { canSendBusinessInitiated, recordConsentsGiven } from "../consent";
import { rateLimitRepository } from "../../platform/plugins/rate-limit-store";
import { FREE_TEXT_WINDOW_MS } from "../reminders";
import { reminderText, reminderVariables } from "../reminders";
import type { MessagingService } from "../messaging";
import { bookingPagePrices } from "../payments";
import { bookingPageRepository, type BookingPageRow } from "./booking-page.repository";

export type BookingPageService = ReturnType<typeof bookingPageService>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The page lists at most this many days that have free times (the next ones; enough to choose from). */
const DAYS_SHOWN = 14;
/** A Brazilian mobile in E.164: +55, a DDD and nine digits starting with 9. */
const BRAZILIAN_MOBILE = /^\+55[1-9]\d9\d{8}$/;

/** "ana-souza" from "Dra. Ana Souza": lowercase ASCII letters and digits joined by hyphens, 3 to 40 characters. */
export function slugOf(name: string): string {
  const words = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\b(dra?|prof(a)?|sr(a)?)\.\s*/g, "")
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = "";
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > 34) break;
    slug = next;
  }
  return slug.length >= 3 ? slug : `agenda-${slug || "clinica"}`.slice(0, 34);
}

type Professional = NonNullable<Awaited<ReturnType<ReturnType<typeof bookingPageRepository>["findEnabledBySlug"]>>>["professional"];
interface Context {
  page: BookingPageRow;
  professional: Professional;
  actor: ScheduleActor;
}

const clinicNameOf = (p: Professional) => p.clinicName?.trim() || p.fullName;
const addressOf = (p: Professional) =>
  [p.clinicAddress, [p.clinicCity, p.clinicState].filter(Boolean).join("/")].filter(Boolean).join(", ") || null;
/** The phone the page shows for changes and cancellations: the clinic's, else the professional's own. */
const phoneOfClinic = (p: Professional) => {
  const raw = p.clinicPhone?.trim() || p.phone?.trim();
  return raw ? formatPhoneBR(raw) : null;
};
/** "quinta-feira, 27 de novembro às 14:00" */
const whenOf = (date: string, time: string) => `${longDate(date)} às ${time}`;

/**
 * The public booking page (docs/decisions/028): a professional's settings, the free times the page offers
 * (from the one availability service the assistant and the appointment dialog use), the booking itself (the same
 * create, schedule lock and overlap check as every booking, with the patient, the consent and the WhatsApp
 * confirmation in its transaction), and the one-time reschedule link sent to a patient who already has an appointment.
 */
export function bookingPageService(
  db: Db,
  clock: Clock,
  deps: {
    appointments: AppointmentService;
    messaging: Pick<MessagingService, "queue" | "senderOf" | "lockWhatsappConversation" | "openWhatsappConversation" | "patientByPhone">;
    gateway: Pick<MessagingGateway, "configured">;
    /** TWILIO_REMINDER_CONTENT_SID: the approved appointment template, for the confirmation outside the 24-hour window. */
    reminderContentSid: string | undefined;
    /** TWILIO_RESEND_CONTENT_SID: the approved template carrying one text, for the reschedule link outside the window. */
    resendContentSid: string | undefined;
    publicUrl: string | undefined;
    wake: () => void;
  },
) {
  const repo = bookingPageRepository(db);

  const pageUrl = (origin: string, slug: string) => `${deps.publicUrl ?? origin}${BOOKING_PAGE_PATH}/${slug}`;

  /** Whether any WhatsApp message can go from this practice: the server has Twilio and the practice a sending number. */
  /** The page's types, each with its price when the professional shows prices there (docs/product/payments.md §6). */
  const withPrices = async (professionalId: string, types: BookingAppointmentType[]) => {
    const prices = await bookingPagePrices(db, professionalId);
    return types.map((t, index) => ({ ...t, index, price_cents: prices.get(t.name) ?? null }));
  };
  const canSendWhatsapp = async (professionalId: string) => deps.gateway.configured && Boolean(await deps.messaging.senderOf(db, professionalId));

  const toSettings = async (row: BookingPageRow, origin: string): Promise<BookingPageSettings> => {
    const professional = await db.query.professionals.findFirst({ where: (p, { eq }) => eq(p.id, row.professionalId) });
    return {
      enabled: row.enabled,
      slug: row.slug,
      url: pageUrl(origin, row.slug),
      min_notice_hours: row.minNoticeHours,
      days_ahead: row.daysAhead,
      appointment_types: row.appointmentTypes,
      whatsapp_confirmation: await canSendWhatsapp(row.professionalId),
      has_phone: Boolean(professional?.clinicPhone?.trim() || professional?.phone?.trim()),
    };
  };

  /** The page of a professional, made (off, with a slug from the name) the first time it is asked for. */
  const ensurePage = async (professionalId: string): Promise<BookingPageRow> => {
    const existing = await repo.findByProfessional(professionalId);
    if (existing) return existing;
    const professional = await db.query.professionals.findFirst({ where: (p, { eq }) => eq(p.id, professionalId) });
    if (!professional) throw AppError.notFound();
    const base = slugOf(professional.fullName);
    for (let n = 1; n <= 50; n++) {
      const slug = n === 1 ? base : `${base}-${n}`;
      if (await repo.slugTaken(slug)) continue;
      const types: BookingAppointmentType[] = [{ name: DEFAULT_APPOINTMENT_TYPE, duration: Math.min(180, Math.max(15, professional.appointmentDuration)) }];
      const created = await repo.insertIfMissing(professionalId, { enabled: false, slug, minNoticeHours: 2, daysAhead: 30, appointmentTypes: types });
      const row = await repo.findByProfessional(professionalId);
      if (row) return row;
      if (created) break;
    }
    throw AppError.conflict(BOOKING_TEXTS.slugTaken);
  };

  /** An enabled page by its address, or 404: a page that is off looks exactly like one that does not exist. */
  const contextOf = async (slug: string): Promise<Context> => {
    const found = BOOKING_SLUG_PATTERN.test(slug) ? await repo.findEnabledBySlug(slug) : null;
    if (!found) throw AppError.notFound(BOOKING_TEXTS.pageNotFound);
    const p = found.professional;
    return {
      ...found,
      actor: {
        userId: null,
        role: "patient",
        professionalId: p.id,
        ip: null,
        practice: { timeZone: p.timezone, appointmentDuration: p.appointmentDuration, businessDays: p.businessDays, businessStart: p.businessStart, businessEnd: p.businessEnd },
      },
    };
  };

  const typeOf = (ctx: Context, index: number) => {
    const type = ctx.page.appointmentTypes[index];
    if (!type) throw AppError.validation([{ field: "type", msg: BOOKING_TEXTS.typeUnknown }]);
    return type;
  };

  /** The first instant the page may offer: now plus the minimum notice. */
  const earliest = (ctx: Context) => new Date(clock.now().getTime() + ctx.page.minNoticeHours * HOUR);

  /** The local dates the page offers, today first (the last is today + days ahead − 1). */
  const offeredDates = (ctx: Context) => {
    const today = todayIn(ctx.actor.practice.timeZone, clock.now());
    return Array.from({ length: ctx.page.daysAhead }, (_, i) => addDays(today, i));
  };

  /**
   * The free times of one date for `duration` minutes, as the page offers them: the one availability service
   * (business hours, appointments, and whatever else it subtracts), none while the professional is Indisponível,
   * none before the minimum notice.
   */
  const freeTimesOfDates = async (ctx: Context, dates: string[], duration: number, excludeId?: string): Promise<Map<string, string[]>> => {
    const found = new Map<string, string[]>();
    // The minimum notice as a local date and time: only the day it falls on needs comparing slot by slot.
    const cutoff = toLocal(earliest(ctx), ctx.actor.practice.timeZone);
    const open = dates.filter((date) => date >= cutoff.date && ctx.actor.practice.businessDays.includes(weekdayOf(date)));
    if (!ctx.professional.isAvailable || !open.length) return found;
    const days = await deps.appointments.availabilityOfDates(ctx.actor, { dates: open, duration, exclude_id: excludeId });
    for (const { date, slots } of days) {
      const times = slots.filter((s) => s.available && (date > cutoff.date || s.time >= cutoff.time)).map((s) => s.time);
      if (times.length) found.set(date, times);
    }
    return found;
  };
  const freeTimesOn = async (ctx: Context, date: string, duration: number, excludeId?: string) => (await freeTimesOfDates(ctx, [date], duration, excludeId)).get(date) ?? [];

  /** The next days with free times (at most DAYS_SHOWN), from one read of the offered dates. */
  const freeDays = async (ctx: Context, duration: number, excludeId?: string) => {
    const dates = offeredDates(ctx);
    const found = await freeTimesOfDates(ctx, dates, duration, excludeId);
    const days: BookingTimes["days"] = [];
    for (const date of dates) {
      const times = found.get(date);
      if (times && days.length < DAYS_SHOWN) days.push({ date, label: longDate(date), times });
    }
    return days;
  };

  /** The free times nearest to a wanted one: that day first (closest in time), then the following offered days. */
  const nearestFree = async (ctx: Context, date: string, time: string, duration: number, excludeId?: string) => {
    const dates = offeredDates(ctx);
    const tz = ctx.actor.practice.timeZone;
    const wanted = minutesOfDay(time);
    const found: { date: string; time: string }[] = [];
    if (dates.includes(date)) {
      const sameDay = (await freeTimesOn(ctx, date, duration, excludeId)).sort((a, b) => Math.abs(minutesOfDay(a) - wanted) - Math.abs(minutesOfDay(b) - wanted));
      found.push(...sameDay.slice(0, BOOKING_NEAREST_FREE_COUNT).sort().map((t) => ({ date, time: t })));
    }
    const following = dates.filter((d) => d > date || !dates.includes(date));
    const later = found.length < BOOKING_NEAREST_FREE_COUNT ? await freeTimesOfDates(ctx, following, duration, excludeId) : new Map<string, string[]>();
    for (const next of following) {
      for (const t of later.get(next) ?? []) if (found.length < BOOKING_NEAREST_FREE_COUNT) found.push({ date: next, time: t });
    }
    return found.map((f): BookingFreeTime & { label: string } => ({ ...f, starts_at: localToInstant(f.date, f.time, tz).toISOString(), label: whenOf(f.date, f.time) }));
  };

  /** 409 with the nearest free times: the route sends it as it is. */
  class SlotTaken extends AppError {
    constructor(readonly nearest: (BookingFreeTime & { label: string })[]) {
      super(409, BOOKING_TEXTS.slotTaken, "conflict");
    }
  }

  const phoneOf = (input: string) => {
    const phone = toE164BR(input);
    if (!phone || !BRAZILIAN_MOBILE.test(phone)) throw AppError.validation([{ field: "phone", msg: BOOKING_TEXTS.phoneInvalid }]);
    return phone;
  };

  /**
   * The page's limits, counted in the database (shared by every server process): attempts per address per hour and
   * per phone number per day, whatever their outcome. Over either: 429 in Portuguese, nothing written.
   */
  const takeAttempt = async (ctx: Context, ip: string, phone: string) => {
    const now = clock.now().getTime();
    const hourStart = now - (now % HOUR);
    const dayStart = now - (now % DAY);
    const totals = await rateLimitRepository(db).addHits([
      { scope: "booking-page:address", client: ip, windowStart: hourStart, windowMs: HOUR, hits: 1 },
      // Only a hash of the number: the counts table is no place for patients' phones.
      { scope: "booking-page:phone", client: sha256Hex(`${ctx.page.professionalId}:${phone}`), windowStart: dayStart, windowMs: DAY, hits: 1 },
    ]);
    const over = totals.some((t) => t.total > (t.scope === "booking-page:address" ? BOOKING_LIMIT_PER_ADDRESS_PER_HOUR : BOOKING_LIMIT_PER_PHONE_PER_DAY));
    if (over) throw AppError.tooManyRequests(BOOKING_TEXTS.tooManyRequests);
  };

  /** A filled honeypot: people never see the field, robots fill every field. Nothing is written. */
  const refuseRobot = (website: string | undefined) => {
    if (website && website.trim() !== "") throw AppError.validation([{ field: "website", msg: "Não foi possível enviar. Atualize a página e tente novamente." }]);
  };

  /**
   * A WhatsApp message to a patient, in the caller's transaction, through the outbound path: free text inside the
   * patient's 24-hour window, else the approved `template` when there is one; nothing when WhatsApp is not set up,
   * the clinic has no sender number, or the patient withdrew WhatsApp messages. Answers whether it was queued.
   */
  const sendWhatsapp = async (
    tx: DbOrTx,
    m: { professionalId: string; patientId: string | null; patientName: string | null; phone: string; text: string; template?: { contentSid: string; variables: Record<string, string>; content: string } },
  ) => {
    if (!deps.gateway.configured || !(await deps.messaging.senderOf(tx, m.professionalId))) return false;
    if (!(await canSendBusinessInitiated(tx, m.professionalId, { patientId: m.patientId, phone: m.phone }))) return false;
    const now = clock.now();
    const conversation =
      (await deps.messaging.lockWhatsappConversation(tx, m.professionalId, m.phone)) ??
      (await deps.messaging.openWhatsappConversation(tx, { professionalId: m.professionalId, phone: m.phone, patientId: m.patientId, patientName: m.patientName }));
    const windowOpen = conversation.lastInboundAt !== null && now.getTime() - conversation.lastInboundAt.getTime() < FREE_TEXT_WINDOW_MS;
    if (windowOpen) {
      await deps.messaging.queue(tx, { conversation, content: m.text, sender: "assistant", at: now });
      return true;
    }
    if (!m.template) return false;
    await deps.messaging.queue(tx, { conversation, content: m.template.content, sender: "assistant", at: now, template: { contentSid: m.template.contentSid, variables: m.template.variables } });
    return true;
  };

  const confirmationText = (ctx: Context, a: { date: string; time: string; appointment_type: string }, rescheduled: boolean) => {
    const address = addressOf(ctx.professional);
    return [
      `${rescheduled ? "Sua consulta foi remarcada" : "Recebemos seu agendamento"}: ${a.appointment_type} em ${whenOf(a.date, a.time)}, com ${clinicNameOf(ctx.professional)}.`,
      address ? `Endereço: ${address}.` : null,
      "O horário aguarda a confirmação da clínica. Para parar de receber mensagens, envie PARAR.",
    ]
      .filter(Boolean)
      .join(" ");
  };

  const confirmationTemplate = (ctx: Context, patientName: string, a: { date: string; time: string }) => {
    if (!deps.reminderContentSid) return undefined;
    const facts = { patientName, date: a.date, time: a.time, practiceName: clinicNameOf(ctx.professional) };
    return { contentSid: deps.reminderContentSid, variables: reminderVariables(facts), content: reminderText(facts) };
  };

  /** A patient's active coming appointment (pending or confirmed, not started): the one a reschedule link moves. */
  const activeAppointmentOf = async (ctx: Context, patientId: string) => {
    const upcoming = await deps.appointments.upcomingOfPatient(ctx.actor, patientId, 5);
    return upcoming.find((a) => a.status === "pending" || a.status === "confirmed") ?? null;
  };

  /**
   * Makes a one-time link to move `appointment` and sends it to the patient's WhatsApp, in one transaction. Answers
   * whether the message was queued (nothing can go without a sending number, consent, or the window/template).
   */
  const sendRescheduleLink = async (ctx: Context, origin: string, patient: { id: string; name: string }, phone: string, appointment: Appointment) => {
    const token = randomBytes(32).toString("base64url");
    const link = `${pageUrl(origin, ctx.page.slug)}#remarcar=${token}`;
    const text = `Olá! Para remarcar sua consulta de ${whenOf(appointment.date, appointment.time)} com ${clinicNameOf(ctx.professional)}, use este link (vale por ${BOOKING_RESCHEDULE_TOKEN_HOURS} horas, uma vez): ${link}`;
    const sent = await db.transaction(async (tx) => {
      await bookingPageRepository(tx).insertToken({
        professionalId: ctx.page.professionalId,
        appointmentId: appointment.id,
        tokenHash: sha256Hex(token),
        expiresAt: new Date(clock.now().getTime() + BOOKING_RESCHEDULE_TOKEN_HOURS * HOUR),
      });
      const queued = await sendWhatsapp(tx, {
        professionalId: ctx.page.professionalId,
        patientId: patient.id,
        patientName: patient.name,
        phone,
        text,
        template: deps.resendContentSid ? { contentSid: deps.resendContentSid, variables: { "1": text }, content: text } : undefined,
      });
      if (queued) await recordAudit(tx, ctx.actor, { action: "booking_page.reschedule_link_sent", entityType: "appointment", entityId: appointment.id });
      return queued;
    });
    deps.wake();
    return sent;
  };

  /** The appointment a reschedule token moves, or 404 with the same text for a wrong, used or expired token. */
  const tokenTarget = async (ctx: Context, token: string | undefined) => {
    const row = token && BOOKING_TOKEN_PATTERN.test(token) ? await repo.findUsableToken(ctx.page.professionalId, sha256Hex(token), clock.now()) : null;
    const appointment = row ? await deps.appointments.get({ ...ctx.actor, userId: "", sessionId: "", email: "", ip: "" } as never, row.appointmentId).catch(() => null) : null;
    const active = appointment && (appointment.status === "pending" || appointment.status === "confirmed") && new Date(appointment.starts_at).getTime() > clock.now().getTime();
    if (!row || !appointment || !active) throw AppError.notFound(BOOKING_TEXTS.tokenInvalid);
    return { row, appointment };
  };

  /** Checked under the schedule lock, at commit: the time is still as far ahead as the page asks. */
  const checkNotice = (ctx: Context, date: string, time: string) => async () => {
    if (localToInstant(date, time, ctx.actor.practice.timeZone).getTime() < earliest(ctx).getTime()) throw AppError.conflict(BOOKING_TEXTS.slotUnavailable);
  };

  /**
   * Why the page never offers `date` `time` for `duration` minutes, or null when it is one of the times it offers
   * (free or not): a past date, one beyond its days ahead, a day without business hours, a time off the day's grid of
   * slots, or one before the minimum notice (docs/product/appointments.md §10.4).
   */
  const neverOffered = (ctx: Context, date: string, time: string, duration: number): { field: "date" | "time"; msg: string } | null => {
    const dates = offeredDates(ctx);
    if (date < dates[0]!) return { field: "date", msg: BOOKING_TEXTS.datePast };
    if (date > dates[dates.length - 1]!) return { field: "date", msg: BOOKING_TEXTS.dateBeyond(ctx.page.daysAhead) };
    const { businessDays, businessStart, businessEnd, timeZone } = ctx.actor.practice;
    if (!businessDays.includes(weekdayOf(date))) return { field: "date", msg: BOOKING_TEXTS.dayClosed };
    const start = minutesOfDay(time);
    const open = minutesOfDay(businessStart);
    const onGrid = start >= open && start + duration <= minutesOfDay(businessEnd) && (start - open) % duration === 0;
    if (!onGrid) return { field: "time", msg: BOOKING_TEXTS.timeOutsideHours };
    if (localToInstant(date, time, timeZone).getTime() < earliest(ctx).getTime()) return { field: "time", msg: BOOKING_TEXTS.timeTooSoon(ctx.page.minNoticeHours) };
    return null;
  };

  /**
   * A time the page never offers answers 422 saying why; one it offers that is no longer free (taken since the
   * patient saw it) answers 409 with the nearest free ones.
   */
  const checkOffered = async (ctx: Context, date: string, time: string, duration: number, excludeId?: string) => {
    const reason = neverOffered(ctx, date, time, duration);
    // A real gap (a free time where a busy range ends, docs/product/appointments.md §10.3) is off the grid but offered.
    if (reason?.field === "time" && reason.msg === BOOKING_TEXTS.timeOutsideHours && (await freeTimesOn(ctx, date, duration, excludeId)).includes(time)) return;
    if (reason) throw AppError.validation([reason]);
    if (!(await freeTimesOn(ctx, date, duration, excludeId)).includes(time)) throw new SlotTaken(await nearestFree(ctx, date, time, duration, excludeId));
  };

  /** A conflict at commit (another booking won the lock): the nearest free times instead. */
  const orNearest = async <T>(ctx: Context, date: string, time: string, duration: number, excludeId: string | undefined, write: () => Promise<T>) => {
    try {
      return await write();
    } catch (error) {
      if (error instanceof AppError && error.status === 409 && !(error instanceof SlotTaken)) throw new SlotTaken(await nearestFree(ctx, date, time, duration, excludeId));
      throw error;
    }
  };

  return {
    SlotTaken,

    async settings(caller: TenantCaller, origin: string): Promise<BookingPageSettings> {
      return await toSettings(await ensurePage(caller.professionalId), origin);
    },

    async updateSettings(caller: TenantCaller, origin: string, input: BookingPageSettingsInput): Promise<BookingPageSettings> {
      await ensurePage(caller.professionalId);
      const values = {
        enabled: input.enabled ?? false,
        slug: input.slug,
        minNoticeHours: input.min_notice_hours ?? 2,
        daysAhead: input.days_ahead ?? 30,
        appointmentTypes: input.appointment_types,
      };
      try {
        await db.transaction(async (tx) => {
          if (await bookingPageRepository(tx).slugTaken(values.slug, caller.professionalId)) throw AppError.conflict(BOOKING_TEXTS.slugTaken);
          await bookingPageRepository(tx).update(caller.professionalId, values);
          await recordAudit(tx, caller, { action: "booking_page.updated", entityType: "booking_page", entityId: caller.professionalId, details: { enabled: values.enabled, slug: values.slug } });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw AppError.conflict(BOOKING_TEXTS.slugTaken);
        throw error;
      }
      return await toSettings((await repo.findByProfessional(caller.professionalId))!, origin);
    },

    /** The page's address as a QR code (SVG), to print or post. */
    async qrSvg(caller: TenantCaller, origin: string): Promise<string> {
      const page = await ensurePage(caller.professionalId);
      return QRCode.toString(pageUrl(origin, page.slug), { type: "svg", errorCorrectionLevel: "M", margin: 2 });
    },

    /** What the page shows: the clinic and its consultation types. Nothing about any patient or booking. */
    async page(slug: string): Promise<BookingPublicPage> {
      const ctx = await contextOf(slug);
      return {
        clinic_name: clinicNameOf(ctx.professional),
        professional_name: ctx.professional.fullName,
        address: addressOf(ctx.professional),
        time_zone: ctx.actor.practice.timeZone,
        time_zone_label: timeZoneLabel(ctx.actor.practice.timeZone),
        phone: phoneOfClinic(ctx.professional),
        whatsapp_confirmation: await canSendWhatsapp(ctx.professional.id),
        appointment_types: await withPrices(ctx.professional.id, ctx.page.appointmentTypes),
      };
    },

    async times(slug: string, type: number): Promise<BookingTimes> {
      const ctx = await contextOf(slug);
      const { duration } = typeOf(ctx, type);
      return { type, duration, days: await freeDays(ctx, duration) };
    },

    /**
     * Books a pending appointment for the patient with this WhatsApp number (found by phone, or created), records
     * their consent per channel and queues the confirmation, all in the booking's one transaction under the schedule
     * lock. A number with an active coming appointment gets a reschedule link on WhatsApp instead.
     */
    async book(
      slug: string,
      input: { type: number; date: string; time: string; name: string; phone: string; email: string | null; consent_whatsapp: true; consent_assistant?: boolean; website?: string },
      meta: { ip: string; origin: string },
    ): Promise<{ status: 201 | 200; body: BookingResult }> {
      const ctx = await contextOf(slug);
      refuseRobot(input.website);
      const type = typeOf(ctx, input.type);
      const phone = phoneOf(input.phone);
      await takeAttempt(ctx, meta.ip, phone);
      const professionalId = ctx.page.professionalId;

      const known = await deps.messaging.patientByPhone(db, professionalId, phone);
      const active = known ? await activeAppointmentOf(ctx, known.id) : null;
      if (known && active) {
        const sent = await sendRescheduleLink(ctx, meta.origin, known, phone, active);
        return { status: 200, body: { status: "reschedule_offered", message: sent ? BOOKING_TEXTS.hasActiveAppointment : BOOKING_TEXTS.hasActiveAppointmentByCall, when: null } };
      }

      await checkOffered(ctx, input.date, input.time, type.duration);
      const actor = { ...ctx.actor, ip: meta.ip };
      let patientName = input.name;
      let confirmed = false as boolean;
      const appointment = await orNearest(ctx, input.date, input.time, type.duration, undefined, () =>
        deps.appointments.create(
          actor,
          { patient_id: "", appointment_date: input.date, appointment_time: input.time, appointment_type: type.name, duration: type.duration, notes: null, status: "pending" },
          "booking_page",
          {
            beforeCheck: checkNotice(ctx, input.date, input.time),
            patient: async (tx) => {
              const found = await deps.messaging.patientByPhone(tx, professionalId, phone);
              if (found) {
                patientName = found.name;
                return found.id;
              }
              const values = { name: input.name, phone, email: input.email?.toLowerCase() ?? null, birthDate: null, cpf: null, address: null, preferredTime: null, notes: null, medicalHistory: null, emergencyContact: null };
              const row = await createPatientFrom(tx, actor, values, "booking_page");
              return row.id;
            },
            after: async (tx, booked) => {
              const channels = input.consent_assistant ? (["whatsapp_reminders", "whatsapp_assistant"] as const) : (["whatsapp_reminders"] as const);
              await recordConsentsGiven(tx, actor, {
                patientId: booked.patient_id,
                phone,
                channels,
                method: "booking_page",
                note: "Marcado pelo paciente na página de agendamento",
                at: clock.now(),
              });
              confirmed = await sendWhatsapp(tx, {
                professionalId,
                patientId: booked.patient_id,
                patientName,
                phone,
                text: confirmationText(ctx, { date: booked.date, time: booked.time, appointment_type: booked.appointment_type }, false),
                template: confirmationTemplate(ctx, patientName, booked),
              });
            },
          },
        ),
      );
      deps.wake();
      // Only what will happen: the WhatsApp confirmation when one was queued, else the clinic's call.
      return { status: 201, body: { status: "booked", message: confirmed ? BOOKING_TEXTS.booked : BOOKING_TEXTS.bookedByCall, when: whenOf(appointment.date, appointment.time) } };
    },

    /** "Já tenho consulta": the link goes to the number's WhatsApp when it has an active appointment; the answer is the same either way. */
    async requestRescheduleLink(slug: string, input: { phone: string; website?: string }, meta: { ip: string; origin: string }): Promise<BookingResult> {
      const ctx = await contextOf(slug);
      refuseRobot(input.website);
      const phone = phoneOf(input.phone);
      await takeAttempt(ctx, meta.ip, phone);
      const known = await deps.messaging.patientByPhone(db, ctx.page.professionalId, phone);
      const active = known ? await activeAppointmentOf(ctx, known.id) : null;
      // With no number that can send, no link can reach anyone: say so, whoever asks (the answer reveals nothing).
      if (!(await canSendWhatsapp(ctx.page.professionalId))) return { status: "reschedule_offered", message: BOOKING_TEXTS.rescheduleByCall, when: null };
      if (known && active) await sendRescheduleLink(ctx, meta.origin, known, phone, active);
      return { status: "reschedule_offered", message: BOOKING_TEXTS.rescheduleLinkSent, when: null };
    },

    /** What a reschedule link moves, shown only to whoever holds the link (it went to the patient's WhatsApp). */
    async rescheduleInfo(slug: string, token: string | undefined): Promise<BookingRescheduleInfo> {
      const ctx = await contextOf(slug);
      const { appointment } = await tokenTarget(ctx, token);
      const index = ctx.page.appointmentTypes.findIndex((t) => t.name === appointment.appointment_type);
      return { type: index, type_name: appointment.appointment_type, duration: appointment.duration, when: whenOf(appointment.date, appointment.time) };
    },

    async rescheduleTimes(slug: string, token: string | undefined): Promise<BookingTimes> {
      const ctx = await contextOf(slug);
      const { appointment } = await tokenTarget(ctx, token);
      return { type: -1, duration: appointment.duration, days: await freeDays(ctx, appointment.duration, appointment.id) };
    },

    /** Moves the link's appointment to a new free time, once: the token is used up in the same transaction. */
    async reschedule(slug: string, token: string | undefined, input: { date: string; time: string; website?: string }, meta: { ip: string }): Promise<BookingResult> {
      const ctx = await contextOf(slug);
      refuseRobot(input.website);
      const { row, appointment } = await tokenTarget(ctx, token);
      await checkOffered(ctx, input.date, input.time, appointment.duration, appointment.id);
      const actor = { ...ctx.actor, ip: meta.ip };
      const phone = (await db.query.patients.findFirst({ where: (p, { eq }) => eq(p.id, appointment.patient_id) }))?.phone ?? null;
      let confirmed = false as boolean;
      const moved = await orNearest(ctx, input.date, input.time, appointment.duration, appointment.id, () =>
        deps.appointments.update(
          actor,
          appointment.id,
          {
            patient_id: appointment.patient_id,
            appointment_date: input.date,
            appointment_time: input.time,
            appointment_type: appointment.appointment_type,
            duration: appointment.duration,
            notes: appointment.notes ?? null,
            status: "pending",
          },
          {
            beforeCheck: async (tx) => {
              // Used once: a second request with the same link (another tab, a double tap) finds it used.
              const usable = await bookingPageRepository(tx).findUsableToken(ctx.page.professionalId, row.tokenHash, clock.now(), true);
              if (!usable) throw AppError.notFound(BOOKING_TEXTS.tokenInvalid);
              await bookingPageRepository(tx).markTokenUsed(row.id, clock.now());
              await checkNotice(ctx, input.date, input.time)();
            },
            after: async (tx, updated) => {
              if (!phone) return;
              confirmed = await sendWhatsapp(tx, {
                professionalId: ctx.page.professionalId,
                patientId: updated.patient_id,
                patientName: updated.patient_name ?? null,
                phone,
                text: confirmationText(ctx, { date: updated.date, time: updated.time, appointment_type: updated.appointment_type }, true),
                template: confirmationTemplate(ctx, updated.patient_name ?? "", updated),
              });
            },
          },
        ),
      );
      deps.wake();
      return { status: "booked", message: confirmed ? BOOKING_TEXTS.rescheduled : BOOKING_TEXTS.rescheduledByCall, when: whenOf(moved.date, moved.time) };
    },
  };
}

