import { DEFAULT_APPOINTMENT_TYPE, isoDateSchema, patientInputSchema, toE164BR, type Appointment } from "@clinora/contracts";
import type { LlmTool } from "../../platform/integrations/llm/llm-client";
import { AppError } from "../../platform/lib/app-error";
import { weekdayDayMonth, weekdayName } from "@clinora/contracts/date-display";
import { addDays, minutesOfDay, todayIn, weekdayOf } from "@clinora/contracts/zoned-time";
import type { AppointmentService, ScheduleActor } from "../appointments";
import type { PatientService } from "../patients";
import { PAYMENT_TEXTS, PAYMENT_TOOLS, type AssistantPayments } from "./assistant-payments";
import { TEXTS } from "./assistant-texts";
import { TOOL_TEXTS } from "./assistant-tool-texts";

const dateParam = { type: "string", description: "Data no formato YYYY-MM-DD" };
const timeParam = { type: "string", description: "Horário no formato HH:MM (24 horas)" };
const appointmentParam = { type: "string", description: "O id da consulta, como listado por list_my_appointments" };

/** The tools the model may call (docs/decisions/014); the server runs them with the screens' own services. */
export const ASSISTANT_TOOLS: LlmTool[] = [
  {
    name: "check_availability",
    description: "Lista os horários livres de uma data para uma consulta.",
    parameters: { type: "object", properties: { date: dateParam }, required: ["date"] },
  },
  {
    name: "book_appointment",
    description:
      "Agenda uma consulta para o paciente desta conversa. Para paciente sem cadastro, envie patient_name (nome completo); no chat do site, envie também patient_phone (WhatsApp com DDD).",
    parameters: {
      type: "object",
      properties: {
        date: dateParam,
        time: timeParam,
        patient_name: { type: "string", description: "Nome completo do paciente" },
        patient_phone: { type: "string", description: "Número de WhatsApp do paciente com DDD (obrigatório no chat do site)" },
        duration_minutes: { type: "integer", description: "Só se o paciente pedir uma duração: a duração pedida, em minutos" },
      },
      required: ["date", "time"],
    },
  },
  {
    name: "list_my_appointments",
    description: "Lista as próximas consultas do paciente desta conversa.",
    parameters: { type: "object", properties: {} },
  },
  {
    name: "reschedule_appointment",
    description: "Remarca uma consulta do paciente para outra data e horário.",
    parameters: { type: "object", properties: { appointment_id: appointmentParam, date: dateParam, time: timeParam }, required: ["appointment_id", "date", "time"] },
  },
  {
    name: "cancel_appointment",
    description: "Cancela uma consulta do paciente.",
    parameters: { type: "object", properties: { appointment_id: appointmentParam }, required: ["appointment_id"] },
  },
  {
    name: "confirm_appointment",
    description: "Confirma a presença do paciente numa consulta (por exemplo, em resposta a um lembrete).",
    parameters: { type: "object", properties: { appointment_id: appointmentParam }, required: ["appointment_id"] },
  },
  {
    name: "report_risk",
    description:
      "Chame quando o paciente falar, mesmo indiretamente, em suicídio, em se machucar, em não querer viver, em ser um peso, em se despedir, ou disser que tomou remédios demais ou veneno. O sistema envia a resposta de crise (CVV 188, SAMU 192) e avisa a profissional; não escreva nada além.",
    parameters: { type: "object", properties: { reason: { type: "string" } }, required: ["reason"] },
  },
  {
    name: "handoff_to_human",
    description: "Passa a conversa para a profissional (pedido do paciente, urgência, ou quando você não souber ajudar).",
    parameters: { type: "object", properties: { reason: { type: "string" } }, required: ["reason"] },
  },
];

/** The tools as offered to one practice's model: the booking tool names the professional's consultation length. */
export function assistantTools(durationMinutes: number, withPayments = false): LlmTool[] {
  return [...ASSISTANT_TOOLS, ...(withPayments ? PAYMENT_TOOLS : [])].map((tool) =>
    tool.name === "book_appointment" ? { ...tool, description: `${tool.description} ${TOOL_TEXTS.durationRule(durationMinutes)}` } : tool,
  );
}

/** Calls that change the agenda: at most one success of each kind per patient message. */
const CHANGES = ["book_appointment", "reschedule_appointment", "cancel_appointment"] as const;
type ChangeKind = (typeof CHANGES)[number];
const isChange = (name: string): name is ChangeKind => (CHANGES as readonly string[]).includes(name);
/**
 * Tools that change the agenda, with the status of their success: the reply is decided by what they did
 * (docs/decisions/030). A tool not listed here (reads, handoff, any added later) changes nothing the patient is told of.
 */
export const STATE_CHANGING: Readonly<Record<string, string>> = {
  book_appointment: "booked",
  reschedule_appointment: "rescheduled",
  cancel_appointment: "cancelled",
  confirm_appointment: "confirmed",
};
/** Tries of one kind of change per patient message (a taken slot may be tried again, a few times at most). */
const CHANGE_TRIES = 3;

/** What a tool call did: its JSON result for the model, and what the server must say or do about it. */
export interface ToolOutcome {
  result: Record<string, unknown>;
  /** A confirmation the server sends the patient (never written by the model). */
  confirmation?: string;
  /** The conversation goes to the professional; `message` replaces the usual handoff text to the patient. */
  handoff?: { reason: string; message?: string };
  /** A line for the professional ("Testar assistente" shows them). */
  summary?: string;
  /** Set by the toolbox for a state-changing tool (STATE_CHANGING): whether it succeeded, and its status. */
  change?: { tool: string; ok: boolean; status: string };
  /** The model raised the alarm (report_risk): the server sends the crisis text and ends the turn. */
  risk?: { reason: string };
}

export interface ToolScope {
  actor: ScheduleActor;
  appointments: AppointmentService;
  patients: PatientService;
  /** The patient of this conversation (matched by phone), if any. */
  patient: { id: string; name: string } | null;
  /** The patient's phone, E.164, for a new patient record. */
  phone: string | null;
  acceptingBookings: boolean;
  address: string | null;
  now: Date;
  /** "Testar assistente": reads are real, writes are only simulated. */
  dryRun: boolean;
  /** Prices and the patient's charges (docs/product/payments.md §6); without it the payment tools are not offered. */
  payments?: AssistantPayments;
  /** A patient record created at the first booking (the conversation links it). */
  onPatientCreated(patient: { id: string; name: string }): Promise<void>;
  /**
   * Web chat (docs/decisions/016): nobody is known by a phone yet, so a booking needs the visitor's name and an
   * E.164 WhatsApp number; the conversation then links to the patient with that phone (found or created).
   */
  webChat?: {
    findPatientByPhone(phone: string): Promise<{ id: string; name: string } | null>;
    /** Links the conversation to the patient, keeping the name and phone the visitor gave. */
    onContactLinked(patient: { id: string; name: string }, contact: { name: string; phone: string }): Promise<void>;
    /**
     * Appointments made before the chat started are not shown or changed here: whoever types a phone number is
     * not proven to own it, so the visitor only sees what was booked in this chat.
     */
    since: Date;
  };
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const NEAREST_COUNT = 3;
const SEARCH_DAYS = 7;

const str = (v: unknown) => (typeof v === "string" ? v.trim() : "");
const validDate = (v: unknown) => (isoDateSchema.safeParse(str(v)).success ? str(v) : null);
const validTime = (v: unknown) => {
  const t = str(v).padStart(5, "0");
  return TIME.test(t) ? t : null;
};

/** "sexta-feira, 27/11, às 08:00": a date and time as the patient reads them ("Testar assistente"), never ISO. */
export const patientDate = (date: string, time: string) => `${weekdayDayMonth(date)}, às ${time}`;

/** The patient's coming appointments this conversation may see (on web chat, only those booked in it). */
export async function visibleUpcoming(scope: Pick<ToolScope, "actor" | "appointments" | "patient" | "webChat">, limit = 10): Promise<Appointment[]> {
  if (!scope.patient) return [];
  const since = scope.webChat?.since;
  const upcoming = await scope.appointments.upcomingOfPatient(scope.actor, scope.patient.id, since ? 50 : limit);
  if (!since) return upcoming;
  return upcoming.filter((a) => a.source === "assistant" && new Date(a.created_at).getTime() >= since.getTime()).slice(0, limit);
}

/** The tools bound to one conversation's patient: they can only see and change that patient's appointments. */
export function assistantToolbox(scope: ToolScope) {
  const { actor, appointments } = scope;
  const today = () => todayIn(actor.practice.timeZone, scope.now);

  /**
   * THE assistant's free times, for the WhatsApp assistant, the web chat and "Testar assistente" alike: none while the
   * professional is Indisponível, so no tool ever offers a time the agenda would not take.
   */
  const freeTimes = async (date: string) => {
    if (!scope.acceptingBookings) return [];
    const { slots } = await appointments.availability(actor, { date });
    return slots.filter((s) => s.available).map((s) => s.time);
  };

  /** Free times nearest to the requested one: that day first, then the following days. */
  const nearestFree = async (date: string, time: string) => {
    const wanted = minutesOfDay(time);
    const sameDay = (await freeTimes(date)).sort((a, b) => Math.abs(minutesOfDay(a) - wanted) - Math.abs(minutesOfDay(b) - wanted));
    const found = sameDay.slice(0, NEAREST_COUNT).sort().map((t) => ({ date, time: t }));
    for (let d = 1; found.length < NEAREST_COUNT && d <= SEARCH_DAYS; d++) {
      const next = addDays(date, d);
      for (const t of await freeTimes(next)) if (found.length < NEAREST_COUNT) found.push({ date: next, time: t });
    }
    return found.map((f) => ({ ...f, weekday: weekdayName(weekdayOf(f.date)) }));
  };

  const ownAppointment = async (id: unknown): Promise<Appointment | null> => {
    if (!scope.patient || typeof id !== "string") return null;
    const upcoming = await visibleUpcoming(scope, 20);
    return upcoming.find((a) => a.id === id) ?? null;
  };

  const slotProblem = async (date: string, time: string, exceptId?: string): Promise<ToolOutcome | null> => {
    const state = await appointments.bookable(actor, { date, time, exceptId });
    if (state === "free") return null;
    if (state === "taken") return { result: { status: "taken", nearest_free_times: await nearestFree(date, time) } };
    const reason = state === "past" ? "horário já passou" : "fora do horário de atendimento";
    return { result: { status: "invalid", reason, nearest_free_times: await nearestFree(date < today() ? today() : date, time) } };
  };

  const booked = (a: { id: string; date: string; time: string }) => ({ id: a.id, date: a.date, time: a.time, weekday: weekdayName(weekdayOf(a.date)) });
  const duration = actor.practice.appointmentDuration;

  /** The agenda is closed: no times, and the patient is told plainly that the clinic gets back (the conversation waits for it). */
  const notAccepting = (): ToolOutcome => ({
    result: { status: "not_accepting", free_times: [], instruction: TOOL_TEXTS.notAcceptingForModel },
    handoff: { reason: "agenda indisponível", message: TOOL_TEXTS.notAccepting },
    summary: "Agenda indisponível: nenhum horário oferecido; o consultório retoma o contato",
  });

  const tools = new Map<string, (args: Record<string, unknown>) => Promise<ToolOutcome>>(Object.entries({
    async check_availability(args) {
      const date = validDate(args.date);
      if (!date) return { result: { error: "Data inválida: use YYYY-MM-DD." } };
      if (!scope.acceptingBookings) return notAccepting();
      return { result: { date, weekday: weekdayName(weekdayOf(date)), free_times: await freeTimes(date) } };
    },

    async book_appointment(args) {
      const date = validDate(args.date);
      const time = validTime(args.time);
      if (!date || !time) return { result: { status: "invalid", reason: "Data ou horário inválido: use YYYY-MM-DD e HH:MM." } };
      if (!scope.acceptingBookings) return notAccepting();
      // The professional sets the length: another one asked for is said plainly, and nothing is booked.
      const asked = Number(args.duration_minutes);
      if (args.duration_minutes !== undefined && args.duration_minutes !== null && Number.isFinite(asked) && asked > 0 && Math.round(asked) !== duration) {
        return {
          result: { status: "duration_fixed", duration_minutes: duration, instruction: "Nada foi agendado. O sistema já explicou a duração ao paciente." },
          confirmation: TOOL_TEXTS.durationFixed(duration, Math.round(asked)),
          summary: `Pedido de ${Math.round(asked)} min recusado: as consultas duram ${duration} min`,
        };
      }
      const name = str(args.patient_name);
      const webChat = scope.webChat;
      const phone = webChat ? toE164BR(str(args.patient_phone)) : scope.phone;
      if (webChat && !scope.patient && (name.length < 3 || !phone)) {
        const missing = [name.length < 3 ? "patient_name" : null, phone ? null : "patient_phone"].filter(Boolean);
        return { result: { status: "contact_required", missing, instruction: TEXTS.contactRequired } };
      }
      if (!scope.patient && name.length < 3) return { result: { status: "name_required" } };
      const problem = await slotProblem(date, time);
      if (problem) return problem;
      const confirmation = TEXTS.booked({ date, time, address: scope.address, durationMinutes: duration });
      if (scope.dryRun) {
        return {
          result: { status: "booked", appointment: { ...booked({ id: "teste", date, time }), duration_minutes: duration } },
          confirmation,
          summary: `Agendaria ${patientDate(date, time)} (teste: nada foi gravado)`,
        };
      }
      let patient = scope.patient;
      if (!patient && webChat && phone) {
        // The same phone on WhatsApp later finds this same patient record (matched by E.164 phone).
        const existing = await webChat.findPatientByPhone(phone);
        patient = existing ?? (await scope.patients.create(actor, patientInputSchema.parse({ name, phone })));
        patient = { id: patient.id, name: patient.name };
        scope.patient = patient;
        await webChat.onContactLinked(patient, { name, phone });
      }
      if (!patient) {
        const created = await scope.patients.create(actor, patientInputSchema.parse({ name, phone: scope.phone }));
        patient = { id: created.id, name: created.name };
        scope.patient = patient;
        await scope.onPatientCreated(patient);
      }
      try {
        const appointment = await appointments.create(
          actor,
          { patient_id: patient.id, appointment_date: date, appointment_time: time, appointment_type: DEFAULT_APPOINTMENT_TYPE, notes: null, status: "pending" },
          "assistant",
        );
        return { result: { status: "booked", appointment: { ...booked(appointment), duration_minutes: appointment.duration } }, confirmation, summary: `Agendou ${patientDate(date, time)}` };
      } catch (error) {
        // Taken between the check and the booking: the schedule lock decided, offer what is still free.
        if (error instanceof AppError && error.status === 409) return { result: { status: "taken", nearest_free_times: await nearestFree(date, time) } };
        throw error;
      }
    },

    async list_my_appointments() {
      if (!scope.patient) return { result: { appointments: [] } };
      const upcoming = await visibleUpcoming(scope);
      return {
        result: {
          appointments: upcoming.map((a) => ({ ...booked(a), type: a.appointment_type, status: a.status })),
        },
      };
    },

    async reschedule_appointment(args) {
      const current = await ownAppointment(args.appointment_id);
      if (!current) return { result: { status: "not_found" } };
      // A new time is a new booking: none while the agenda is closed.
      if (!scope.acceptingBookings) return notAccepting();
      const date = validDate(args.date);
      const time = validTime(args.time);
      if (!date || !time) return { result: { status: "invalid", reason: "Data ou horário inválido: use YYYY-MM-DD e HH:MM." } };
      const problem = await slotProblem(date, time, current.id);
      if (problem) return problem;
      const confirmation = TEXTS.rescheduled({ date, time, address: scope.address, durationMinutes: current.duration });
      if (scope.dryRun) return { result: { status: "rescheduled", appointment: booked({ id: current.id, date, time }) }, confirmation, summary: `Remarcaria para ${patientDate(date, time)} (teste)` };
      try {
        await appointments.update(actor, current.id, {
          patient_id: current.patient_id,
          appointment_date: date,
          appointment_time: time,
          appointment_type: current.appointment_type,
          notes: current.notes,
          status: "pending",
          duration: current.duration,
        });
      } catch (error) {
        if (error instanceof AppError && error.status === 409) return { result: { status: "taken", nearest_free_times: await nearestFree(date, time) } };
        throw error;
      }
      return { result: { status: "rescheduled", appointment: booked({ id: current.id, date, time }) }, confirmation, summary: `Remarcou para ${patientDate(date, time)}` };
    },

    async cancel_appointment(args) {
      const current = await ownAppointment(args.appointment_id);
      if (!current) return { result: { status: "not_found" } };
      const confirmation = TEXTS.cancelled({ date: current.date, time: current.time });
      // The patient cancels through the assistant: Compromissos shows "cancelado pelo paciente".
      if (!scope.dryRun) await appointments.respondAsPatient(actor, current.id, "cancelled", async () => undefined);
      return { result: { status: "cancelled", appointment: booked(current) }, confirmation, summary: `${scope.dryRun ? "Cancelaria" : "Cancelou"} ${patientDate(current.date, current.time)}` };
    },

    async confirm_appointment(args) {
      const current = await ownAppointment(args.appointment_id);
      if (!current) return { result: { status: "not_found" } };
      const confirmation = TEXTS.confirmed({ date: current.date, time: current.time });
      if (scope.dryRun) return { result: { status: "confirmed", appointment: booked(current) }, confirmation, summary: `Confirmaria ${patientDate(current.date, current.time)} (teste)` };
      const outcome = await appointments.respondAsPatient(actor, current.id, "confirmed", async (_tx, o) => o.result);
      if (outcome !== "confirmed") return { result: { status: "not_confirmable", reason: "consulta cancelada ou já começou" } };
      return { result: { status: "confirmed", appointment: booked(current) }, confirmation, summary: `Confirmou ${patientDate(current.date, current.time)}` };
    },

    async consultation_price(args) {
      if (!scope.payments) return { result: { error: "Ferramenta indisponível" } };
      // A patient's own price is hers alone: only where she is known by her WhatsApp number, never on the web chat.
      const own = scope.webChat ? null : scope.patient;
      const { types, ownCents } = await scope.payments.pricesFor(actor.professionalId, own?.id ?? null);
      if (ownCents !== null) return { result: { status: "told", amount_text: PAYMENT_TEXTS.price(null, ownCents) }, confirmation: PAYMENT_TEXTS.price(null, ownCents), summary: "Informou o valor da consulta" };
      const asked = str(args.appointment_type).toLowerCase();
      const match = types.find((t) => t.appointmentType.toLowerCase() === asked) ?? (types.length === 1 ? types[0] : undefined);
      if (!match) {
        return { result: { status: types.length === 0 ? "no_price" : "choose_type", types: types.map((t) => t.appointmentType), instruction: "Não invente valores: pergunte o tipo de consulta, ou diga que o consultório informa o valor." } };
      }
      const text = PAYMENT_TEXTS.price(match.appointmentType, match.amountCents);
      return { result: { status: "told", amount_text: text }, confirmation: text, summary: "Informou o valor da consulta" };
    },

    async send_my_open_charge() {
      if (!scope.payments) return { result: { error: "Ferramenta indisponível" } };
      // On the web chat nobody is proven to own a phone number: no charge of anyone's is sent there.
      if (scope.webChat || !scope.patient) return { result: { status: "not_available", instruction: "Diga que o consultório envia a cobrança pelo WhatsApp." } };
      const charges = await scope.payments.chargesOfPatient(actor.professionalId, scope.patient.id);
      const open = charges.filter((c) => c.status === "open").sort((a, b) => a.dueDate.localeCompare(b.dueDate))[0];
      if (!open) return { result: { status: "none_open" }, confirmation: PAYMENT_TEXTS.noOpenCharge, summary: "Nenhuma cobrança em aberto" };
      const note = await scope.payments.chargeNoteFor(actor.professionalId, open.id, { prepare: !scope.dryRun });
      const text = PAYMENT_TEXTS.openCharge(open.description, note ?? "");
      return {
        result: { status: "sent", description: open.description, instruction: "O sistema já enviou o valor e o Pix. Não diga que o pagamento foi recebido." },
        confirmation: scope.dryRun ? `${text}\n${PAYMENT_TEXTS.testOnly}` : text,
        summary: `Enviou a cobrança em aberto: ${open.description}`,
      };
    },

    async report_risk(args) {
      const reason = str(args.reason) || "risco relatado pelo assistente";
      return { result: { status: "reported" }, risk: { reason }, summary: `Alerta de risco: ${reason}` };
    },

    async handoff_to_human(args) {
      const reason = str(args.reason) || "pedido do paciente";
      return { result: { status: "handed_off" }, handoff: { reason }, summary: `Passou para a profissional: ${reason}` };
    },
  } satisfies Record<string, (args: Record<string, unknown>) => Promise<ToolOutcome>>));

  // One toolbox answers one patient message: these count what it changed (and tried to) in that answer.
  const changed = new Set<ChangeKind>();
  const tries = new Map<ChangeKind, number>();
  const SUCCESS: Record<ChangeKind, string> = { book_appointment: "booked", reschedule_appointment: "rescheduled", cancel_appointment: "cancelled" };

  /** At most one success of each kind of change, and a few tries, per patient message. */
  const limited = async (name: string, input: Record<string, unknown>, tool: (args: Record<string, unknown>) => Promise<ToolOutcome>): Promise<ToolOutcome> => {
    if (!isChange(name)) return tool(input);
    if (changed.has(name)) return { result: { status: "one_at_a_time", error: TOOL_TEXTS.oneAtATime } };
    const tried = (tries.get(name) ?? 0) + 1;
    if (tried > CHANGE_TRIES) return { result: { status: "too_many_tries", error: TOOL_TEXTS.tooManyTries } };
    tries.set(name, tried);
    const outcome = await tool(input);
    if (outcome.result.status === SUCCESS[name]) changed.add(name);
    return outcome;
  };

  return {
    /** The tools offered to the model, the booking tool naming this practice's consultation length. */
    definitions: assistantTools(duration, Boolean(scope.payments)),

    /**
     * Runs one tool call. Looked up by its own name only (a Map): an unknown or odd name ("__proto__",
     * "constructor") answers an error the model can read, never an exception. At most one booking, one
     * rescheduling and one cancellation per patient message; further calls answer "one at a time".
     */
    async call(name: string, args: unknown): Promise<ToolOutcome> {
      const tool = typeof name === "string" ? tools.get(name) : undefined;
      if (!tool) return { result: { error: `Ferramenta desconhecida: ${String(name).slice(0, 60)}` } };
      const input = typeof args === "object" && args !== null && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
      const outcome = await limited(name, input, tool);
      const success = Object.hasOwn(STATE_CHANGING, name) ? STATE_CHANGING[name] : undefined;
      if (success === undefined) return outcome;
      const status = typeof outcome.result.status === "string" ? outcome.result.status : outcome.result.error ? "error" : "unknown";
      return { ...outcome, change: { tool: name, ok: status === success, status } };
    },
  };
}
