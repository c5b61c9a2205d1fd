import { MSG, type Appointment, type AppointmentInputParsed, type AppointmentListQuery, type AppointmentSource, type AvailabilityResponse, type PatientResponse } from "@clinora/contracts";
import { minutesOfDay, todayIn, toLocal, weekdayOf } from "@clinora/contracts/zoned-time";
import type { Db, DbOrTx } from "../../platform/db/client";
import { AppError } from "../../platform/lib/app-error";
import type { Clock } from "../../platform/lib/clock";
import { pageOf, pageWindow } from "../../platform/lib/pagination";
import type { PracticeSettings, TenantCaller } from "../../platform/lib/caller";
import { recordAudit, type AuditActor } from "../audit";
import { queueCalendarSync, readBusyWindow } from "../google-calendar";
import { lockProfessional } from "../professionals";
import { toAppointmentDto, toTodayAppointmentDto } from "./appointment.mapper";
import { appointmentRepository, type AppointmentWrite, type InstantRange } from "./appointment.repository";
import { appointmentRange, daySlots, localDayRange } from "./appointment-slots";

export type AppointmentService = ReturnType<typeof appointmentService>;

const DAY_MS = 24 * 60 * 60_000;
/** Whole calendar days from one YYYY-MM-DD to another. */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * How a booking made outside the professional's screens is written (the public booking page, docs/decisions/028):
 * who made it, the earliest start its own rules still allow, checked under the schedule lock, and whether a reminder
 * inside the lead time goes at once. The screens and the assistant get their terms from `create` and `update`.
 */
export interface BookingTerms {
  source: AppointmentSource;
  /** Refused with 409 when the appointment would start before this, seen under the lock (the page's minimum notice). */
  notBefore?: Date;
  /** A reminder due already (inside the lead time) is sent at once; false when the booker just got a confirmation. */
  lateReminder: boolean;
}

/**
 * Who changes a schedule: a professional from the screens (a TenantCaller is one), or the virtual assistant on
 * a patient's behalf. Both go through the same checks and the same lock.
 */
export type ScheduleActor = AuditActor & { professionalId: string; practice: PracticeSettings };

const NOT_FOUND = "Compromisso não encontrado";

/**
 * What became of a patient's answer after someone else changes the appointment: it stands while the appointment
 * keeps its time and a status that agrees with it, and goes when the time moves or the status says otherwise
 * (a professional re-opening a cancellation, or cancelling a confirmed visit).
 */
export function keptPatientResponse(
  current: { patientResponse: PatientResponse | null; startsAt: Date },
  next: Pick<AppointmentWrite, "status" | "startsAt">,
): PatientResponse | null {
  const response = current.patientResponse;
  if (!response || current.startsAt.getTime() !== next.startsAt.getTime()) return null;
  if (response === "confirmed") return next.status === "confirmed" || next.status === "completed" ? response : null;
  return next.status === "cancelled" ? response : null;
}

/** What a patient's answer did to the appointment, for the message they get back. */
export type PatientResponseOutcome =
  | { result: "confirmed" | "cancelled" | "already_cancelled"; appointment: Appointment }
  /** Already started, completed, or not the patient's to change any more. */
  | { result: "closed"; appointment: Appointment | null };

export interface AppointmentServiceDeps {
  /** Starts queued jobs of this process at once (a busy-times read a request asked for). */
  wake?: () => void;
  /**
   * Puts the appointment's WhatsApp reminder in line with its new state, in the same transaction. The reminders
   * build on appointments, so the app passes their scheduler in rather than this module importing it.
   */
  queueReminder: (tx: DbOrTx, professionalId: string, appointmentId: string, options: { late: boolean }) => Promise<void>;
  /**
   * Keeps the appointment's charge in line with it, in the same transaction (a new session is charged at its price;
   * a cancelled one cancels its open charge). Payments build on appointments, so the app passes this in.
   */
  appointmentChanged?: (tx: DbOrTx, professionalId: string, appointmentId: string, change: "created" | "updated" | "cancelled") => Promise<void>;
  /**
   * Why an appointment may not be deleted, or null: what hangs on it and must be kept (a prontuário entry, a
   * payment). The modules that own those build on appointments, so the app passes this in.
   */
  removalRefusal?: (tx: DbOrTx, professionalId: string, appointmentId: string) => Promise<string | null>;
}

export function appointmentService(db: Db, clock: Clock, deps: AppointmentServiceDeps) {
  /**
   * What keeps a time from being offered: the professional's other appointments (but `exceptId`'s) and the busy
   * times of their chosen Google calendars, from the cache (docs/decisions/027).
   */
  const takenWindow = async (professionalId: string, range: InstantRange, exceptId?: string): Promise<{ ranges: InstantRange[]; until: number }> => {
    const own = await appointmentRepository(db, professionalId).findOverlapping(range, exceptId);
    const google = await readBusyWindow(db, clock, professionalId, range, deps.wake);
    return { ranges: google.ranges.length > 0 ? [...own, ...google.ranges] : own, until: google.until };
  };
  const takenRanges = async (professionalId: string, range: InstantRange, exceptId?: string) => (await takenWindow(professionalId, range, exceptId)).ranges;

  /** The columns of a write; a left-out duration or status takes the `fallback` value. */
  const toWrite = (input: AppointmentInputParsed, practice: PracticeSettings, fallback: { duration: number; status: AppointmentWrite["status"] }): AppointmentWrite => {
    const duration = input.duration ?? fallback.duration;
    return {
      patientId: input.patient_id,
      appointmentDate: input.appointment_date,
      appointmentTime: input.appointment_time,
      duration,
      appointmentType: input.appointment_type,
      notes: input.notes ?? null,
      status: input.status ?? fallback.status,
      ...appointmentRange(input.appointment_date, input.appointment_time, duration, practice.timeZone),
    };
  };

  /**
   * Refuses a patient of another professional with the form's own message, and a non-cancelled appointment
   * that overlaps another one (docs/product/appointments.md §10.2). Runs after `lockSchedule`, inside the write's transaction.
   */
  const checkWrite = async (repo: ReturnType<typeof appointmentRepository>, values: AppointmentWrite, exceptId?: string) => {
    if (!(await repo.patientExists(values.patientId))) {
      throw AppError.validation([{ field: "patient_id", msg: MSG.appointmentPatientInvalid }]);
    }
    if (values.status === "cancelled") return;
    const overlapping = await repo.findOverlapping(values, exceptId);
    if (overlapping.length > 0) throw AppError.conflict(MSG.slotAlreadyBooked);
  };

  /**
   * Locks the professional's row until the transaction ends, so that bookings of one professional run one after
   * the other and two requests for the same slot cannot both pass the overlap check (docs/decisions/007).
   */
  const lockSchedule = (tx: DbOrTx, caller: ScheduleActor) => lockProfessional(tx, caller.professionalId);

  const loadDto = async (tx: DbOrTx, caller: ScheduleActor, id: string) => {
    const row = await appointmentRepository(tx, caller.professionalId).findById(id);
    if (!row) throw AppError.notFound(NOT_FOUND);
    return toAppointmentDto(row);
  };

  /**
   * The same slots for several dates (ascending) with one read of what is busy over all of them: the public booking
   * page lists weeks of free times (docs/decisions/028). THE availability: `availability` is this for one date, so
   * whatever makes a time busy is added here once.
   */
  /**
   * The slots of some dates from one read of what is taken, and until when that read stands without a write
   * (`readBusyWindow`). `anyHour`: a slot that has already started is not refused, for an answer kept across the
   * hours of a day and filtered by the clock when used (docs/decisions/039).
   */
  const slotsOfDates = async (caller: ScheduleActor, request: { dates: string[]; duration?: number; exclude_id?: string }, anyHour: boolean) => {
    const { practice } = caller;
    if (!request.dates.length) return { days: [], until: Number.POSITIVE_INFINITY };
    const duration = request.duration ?? practice.appointmentDuration;
    const hours = { days: practice.businessDays, start: practice.businessStart, end: practice.businessEnd, timeZone: practice.timeZone };
    // Converting local midnights costs about 50 µs each: when the zone keeps one offset from the first date's midnight
    // to the day after the last (almost always), every midnight between is the first plus whole days. Checked every
    // 28 days too: a zone's two offset changes a year are months apart, so a change and its return never both hide
    // between two checks.
    const first = localDayRange(request.dates[0]!, hours.timeZone);
    const last = request.dates.length > 1 ? localDayRange(request.dates.at(-1)!, hours.timeZone) : first;
    const offsetKept = (date: string) => localDayRange(date, hours.timeZone).startsAt.getTime() === first.startsAt.getTime() + daysBetween(request.dates[0]!, date) * DAY_MS;
    const steady =
      last.endsAt.getTime() - first.startsAt.getTime() === (daysBetween(request.dates[0]!, request.dates.at(-1)!) + 1) * DAY_MS &&
      request.dates.every((date, i) => i === 0 || i % 28 !== 0 || offsetKept(date));
    const days = request.dates.map((date) => {
      if (!steady) return { date, range: localDayRange(date, hours.timeZone), steadyMidnight: undefined };
      const midnight = first.startsAt.getTime() + daysBetween(request.dates[0]!, date) * DAY_MS;
      return { date, range: { startsAt: new Date(midnight), endsAt: new Date(midnight + DAY_MS) }, steadyMidnight: midnight };
    });
    const range = { startsAt: first.startsAt, endsAt: last.endsAt };
    const taken = await takenWindow(caller.professionalId, range, request.exclude_id);
    const busy = taken.ranges.map((b) => ({ ...b, from: b.startsAt.getTime(), to: b.endsAt.getTime() }));
    const now = anyHour ? new Date(0) : clock.now();
    // Each day is checked against its own busy ranges only (weeks of a full agenda are hundreds of them).
    const found = days.map(({ date, range: day, steadyMidnight }) => {
      const from = day.startsAt.getTime();
      const to = day.endsAt.getTime();
      const dayBusy = busy.filter((b) => b.from < to && b.to > from);
      return { date, busy: dayBusy, slots: daySlots({ date, duration, hours, busy: dayBusy, now, steadyMidnight }) };
    });
    return { days: found, until: taken.until };
  };
  const availabilityOfDates = async (caller: ScheduleActor, request: { dates: string[]; duration?: number; exclude_id?: string }) =>
    (await slotsOfDates(caller, request, false)).days;

  /** Refuses a start before the terms' earliest, under the lock (another rule of the booker's, given as a value). */
  const checkTerms = (values: AppointmentWrite, terms: Pick<BookingTerms, "notBefore">) => {
    if (terms.notBefore && values.startsAt.getTime() < terms.notBefore.getTime()) throw AppError.conflict(MSG.slotAlreadyBooked);
  };

  /**
   * Books an appointment in the caller's transaction, under the schedule lock, on the given terms: what the public
   * booking page writes together with its patient, consent and confirmation (docs/decisions/028).
   */
  const bookIn = async (tx: DbOrTx, caller: ScheduleActor, input: AppointmentInputParsed, terms: BookingTerms) => {
    await lockSchedule(tx, caller);
    const repo = appointmentRepository(tx, caller.professionalId);
    const values = { ...toWrite(input, caller.practice, { duration: caller.practice.appointmentDuration, status: "pending" }), source: terms.source };
    checkTerms(values, terms);
    await checkWrite(repo, values);
    const id = await repo.insert(values);
    await recordAudit(tx, caller, { action: "appointment.created", entityType: "appointment", entityId: id, details: terms.source === "manual" ? undefined : { source: terms.source } });
    await queueCalendarSync(tx, clock, caller.professionalId, id);
    await deps.queueReminder(tx, caller.professionalId, id, { late: terms.lateReminder });
    await deps.appointmentChanged?.(tx, caller.professionalId, id, "created");
    return loadDto(tx, caller, id);
  };

  /** Moves or changes an appointment in the caller's transaction, under the schedule lock, on the given terms. */
  const moveIn = async (tx: DbOrTx, caller: ScheduleActor, id: string, input: AppointmentInputParsed, terms: Omit<BookingTerms, "source">) => {
    await lockSchedule(tx, caller);
    const repo = appointmentRepository(tx, caller.professionalId);
    const current = await repo.findById(id);
    if (!current) throw AppError.notFound(NOT_FOUND);
    const values = toWrite(input, caller.practice, current);
    checkTerms(values, terms);
    await checkWrite(repo, values, id);
    const patientResponse = keptPatientResponse(current, values);
    await repo.update(id, { ...values, patientResponse, ...(patientResponse ? {} : { patientRespondedAt: null }) });
    await recordAudit(tx, caller, { action: "appointment.updated", entityType: "appointment", entityId: id });
    await queueCalendarSync(tx, clock, caller.professionalId, id);
    await deps.queueReminder(tx, caller.professionalId, id, { late: terms.lateReminder });
    await deps.appointmentChanged?.(tx, caller.professionalId, id, "updated");
    return loadDto(tx, caller, id);
  };

  return {
    /** One page of the caller's appointments, ordered by date and time. */
    async list(caller: TenantCaller, q: AppointmentListQuery) {
      const filters = { status: q.status, date: q.date, dateFrom: q.date_from, dateTo: q.date_to, patientId: q.patient_id };
      const { rows, total } = await appointmentRepository(db, caller.professionalId).list(filters, pageWindow(q));
      return pageOf(rows.map(toAppointmentDto), total, q);
    },

    get(caller: TenantCaller, id: string) {
      return loadDto(db, caller, id);
    },

    /**
     * Books an appointment; 409 `Time slot already booked` when it overlaps another one, even under a race.
     * `source` marks bookings the assistant made for a patient.
     */
    create(caller: ScheduleActor, input: AppointmentInputParsed, source: AppointmentSource = "manual") {
      // A patient who books through the assistant inside the lead time just got the booking confirmation.
      return db.transaction((tx) => bookIn(tx, caller, input, { source, lateReminder: caller.role !== "assistant" }));
    },

    /** Changes any field, status included; a left-out duration or status keeps its current value. */
    update(caller: ScheduleActor, id: string, input: AppointmentInputParsed) {
      return db.transaction((tx) => moveIn(tx, caller, id, input, { lateReminder: caller.role !== "assistant" }));
    },

    lockSchedule,
    bookIn,
    moveIn,

    /** Cancels without deleting, so the history stays (docs/product/appointments.md §2.2: cancelling cannot be undone). */
    cancel(caller: ScheduleActor, id: string) {
      return db.transaction(async (tx) => {
        const repo = appointmentRepository(tx, caller.professionalId);
        const current = await repo.findById(id);
        if (!current) throw AppError.notFound(NOT_FOUND);
        const patientResponse = keptPatientResponse(current, { status: "cancelled", startsAt: current.startsAt });
        await repo.update(id, { status: "cancelled", patientResponse, ...(patientResponse ? {} : { patientRespondedAt: null }) });
        await recordAudit(tx, caller, { action: "appointment.cancelled", entityType: "appointment", entityId: id });
        await queueCalendarSync(tx, clock, caller.professionalId, id);
        await deps.queueReminder(tx, caller.professionalId, id, { late: false });
        await deps.appointmentChanged?.(tx, caller.professionalId, id, "cancelled");
        return loadDto(tx, caller, id);
      });
    },

    /**
     * Deletes an appointment entered by mistake (docs/product/appointments.md §2.2): it leaves the agenda and the
     * history, its reminder and its Google Calendar event go, an open charge is cancelled. Refused (409, saying why
     * and to cancel instead) when something that must be kept hangs on it. The patient is not told: it never was.
     */
    remove(caller: ScheduleActor, id: string) {
      return db.transaction(async (tx) => {
        await lockSchedule(tx, caller);
        const repo = appointmentRepository(tx, caller.professionalId);
        const current = await repo.findById(id);
        if (!current) throw AppError.notFound(NOT_FOUND);
        const refusal = await deps.removalRefusal?.(tx, caller.professionalId, id);
        if (refusal) throw AppError.conflict(refusal);
        // Cancelled first, so whatever follows a cancellation (an open charge cancelled) follows a deletion too.
        await repo.update(id, { status: "cancelled" });
        await deps.appointmentChanged?.(tx, caller.professionalId, id, "cancelled");
        await repo.delete(id);
        // Kept on the patient: the appointment's own rows are gone, the patient's access history still shows it.
        await recordAudit(tx, caller, { action: "appointment.deleted", entityType: "patient", entityId: current.patientId, details: { appointment_id: id } });
        // Both find the appointment gone: the Google event is deleted, the pending reminder dropped.
        await queueCalendarSync(tx, clock, caller.professionalId, id);
        await deps.queueReminder(tx, caller.professionalId, id, { late: false });
        return { id };
      });
    },

    /**
     * The patient confirms or cancels their own coming appointment (a reply to a reminder, or the assistant's tool):
     * the same schedule lock, audit trail, calendar sync and reminder queue as the screens, and the appointment
     * remembers it was the patient ("confirmado pelo paciente"). `then` runs in the same transaction with the
     * outcome, so the message that tells the patient is stored together with the change, or not at all.
     */
    respondAsPatient<T>(
      actor: ScheduleActor,
      id: string,
      response: PatientResponse,
      then: (tx: DbOrTx, outcome: PatientResponseOutcome) => Promise<T>,
    ): Promise<T> {
      return db.transaction(async (tx) => {
        await lockSchedule(tx, actor);
        const repo = appointmentRepository(tx, actor.professionalId);
        const current = await repo.findById(id);
        const open = current && current.startsAt.getTime() > clock.now().getTime() && (current.status === "pending" || current.status === "confirmed");
        if (!current || !open) {
          if (current?.status === "cancelled" && response === "cancelled") return then(tx, { result: "already_cancelled", appointment: toAppointmentDto(current) });
          return then(tx, { result: "closed", appointment: current ? toAppointmentDto(current) : null });
        }
        const status = response === "confirmed" ? "confirmed" : "cancelled";
        await repo.update(id, { status, patientResponse: response, patientRespondedAt: clock.now() });
        await recordAudit(tx, actor, {
          action: response === "confirmed" ? "appointment.confirmed_by_patient" : "appointment.cancelled_by_patient",
          entityType: "appointment",
          entityId: id,
        });
        await queueCalendarSync(tx, clock, actor.professionalId, id);
        await deps.queueReminder(tx, actor.professionalId, id, { late: false });
        await deps.appointmentChanged?.(tx, actor.professionalId, id, status === "cancelled" ? "cancelled" : "updated");
        return then(tx, { result: response, appointment: await loadDto(tx, actor, id) });
      });
    },

    /**
     * THE free times of a professional, for every path that offers times (the appointment dialog's suggestions, the
     * assistant on WhatsApp and "Testar assistente", the web chat, the booking page): free and taken slots of one
     * date inside the caller's business hours (docs/product/appointments.md §10.3), a slot taken when it overlaps another
     * appointment or a busy time of the professional's chosen Google calendars (in the practice's zone).
     */
    async availability(caller: ScheduleActor, request: { date: string; duration?: number; exclude_id?: string }) {
      const [day] = await availabilityOfDates(caller, { dates: [request.date], duration: request.duration, exclude_id: request.exclude_id });
      return { slots: day!.slots };
    },

    availabilityOfDates,

    /**
     * The slots of some dates as if no hour had passed yet (a slot already started still counts as free when nothing
     * takes it), and until when (epoch ms) the Google busy times they were made from stand without a write: what a
     * cache keyed by the professional's schedule version keeps, filtering by the clock on every use (docs/decisions/039).
     */
    async candidateDays(caller: ScheduleActor, request: { dates: string[]; duration: number; exclude_id?: string }) {
      const { days, until } = await slotsOfDates(caller, request, true);
      return { days: days.map(({ date, slots }) => ({ date, slots })), until };
    },

    /**
     * The appointment dialog's view of one date (docs/product/appointments.md §10.3): the free times of
     * `availability`, the busy ranges as local times (her appointments and Google busy times, so the field can say a
     * time clashes before saving) and her hours that day (null on a day off).
     */
    async dayAgenda(caller: ScheduleActor, request: { date: string; duration?: number; exclude_id?: string }): Promise<AvailabilityResponse> {
      const [day] = await availabilityOfDates(caller, { dates: [request.date], duration: request.duration, exclude_id: request.exclude_id });
      const { practice } = caller;
      const zone = practice.timeZone;
      const localTime = (instant: Date, edge: "start" | "end") => {
        const local = toLocal(instant, zone);
        if (local.date < request.date) return "00:00";
        if (local.date > request.date) return edge === "end" ? "24:00" : "00:00";
        return local.time.slice(0, 5);
      };
      const working = practice.businessDays.includes(weekdayOf(request.date));
      return {
        slots: day!.slots,
        busy: day!.busy.map((b) => ({ start: localTime(b.startsAt, "start"), end: localTime(b.endsAt, "end") })),
        hours: working ? { start: practice.businessStart.slice(0, 5), end: practice.businessEnd.slice(0, 5) } : null,
      };
    },

    /**
     * Whether `date` `time` for `duration` minutes could be booked now: a business day, inside business hours, not
     * past, overlapping no appointment and no Google busy time. A read: `create` checks the overlap with appointments
     * again under the schedule lock (a professional may still book over their own Google event from the dialog).
     */
    async bookable(caller: ScheduleActor, request: { date: string; time: string; duration?: number; exceptId?: string }) {
      const { practice } = caller;
      const duration = request.duration ?? practice.appointmentDuration;
      const range = appointmentRange(request.date, request.time, duration, practice.timeZone);
      const start = minutesOfDay(request.time);
      const inHours =
        practice.businessDays.includes(weekdayOf(request.date)) &&
        start >= minutesOfDay(practice.businessStart) &&
        start + duration <= minutesOfDay(practice.businessEnd);
      if (!inHours) return "outside_hours" as const;
      if (range.startsAt.getTime() <= clock.now().getTime()) return "past" as const;
      const busy = await takenRanges(caller.professionalId, range, request.exceptId);
      return busy.length > 0 ? ("taken" as const) : ("free" as const);
    },

    /** A patient's coming appointments (not cancelled), soonest first: what the assistant may show them. */
    async upcomingOfPatient(caller: ScheduleActor, patientId: string, limit = 10) {
      const rows = await appointmentRepository(db, caller.professionalId).listUpcomingOfPatient(patientId, clock.now(), limit);
      return rows.map(toAppointmentDto);
    },

    /** Today's appointments in the caller's time zone, every status, in time order (docs/product/appointments.md §2.1). */
    async today(caller: TenantCaller) {
      const rows = await appointmentRepository(db, caller.professionalId).listOnDate(todayIn(caller.practice.timeZone, clock.now()));
      return rows.map(toTodayAppointmentDto);
    },
  };
}
