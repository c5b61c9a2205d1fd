import { z } from "zod";
import { APPOINTMENT_SOURCES, APPOINTMENT_STATUSES, PATIENT_RESPONSES } from "./enums";
import { MSG } from "./messages";
import { isoDateSchema, optionalText, pageQuerySchema, requiredText } from "./common";
import { appointmentReminderSchema } from "./reminders";

export * from "./cancel-notice";

/** docs/product/settings.md §5 "Settings" / §9: the duration range of an appointment, in minutes. */
export const APPOINTMENT_DURATION_MIN = 15;
export const APPOINTMENT_DURATION_MAX = 180;

/** HH:MM with hours 0-23 and minutes 00-59; a one-digit hour ("9:30") is accepted (docs/product/appointments.md §5). */
const TIME_PATTERN = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/** A time of day as the API answers it: always zero-padded "HH:MM". */
export const appointmentTimeSchema = z
  .string(MSG.appointmentTimeInvalid)
  .trim()
  .regex(TIME_PATTERN, MSG.appointmentTimeInvalid)
  .transform((v) => v.padStart(5, "0"));

export const appointmentStatusSchema = z.enum(APPOINTMENT_STATUSES, "Status inválido");

/** An appointment as the API returns it (docs/product/appointments.md §3 "Appointment"); `date`, `time`, `type` mirror the long names. */
export const appointmentSchema = z.object({
  id: z.uuid(),
  patient_id: z.uuid(),
  patient_name: z.string(),
  patient_email: z.string().nullable(),
  patient_phone: z.string().nullable(),
  appointment_date: z.string(),
  /** HH:MM */
  appointment_time: z.string(),
  duration: z.number().int(),
  appointment_type: z.string(),
  notes: z.string().nullable(),
  status: z.enum(APPOINTMENT_STATUSES),
  /** "assistant" when the virtual assistant booked it for the patient, "booking_page" when the patient booked on the public page. */
  source: z.enum(APPOINTMENT_SOURCES),
  /** The patient confirmed or cancelled it themselves (a reminder reply or the assistant): "confirmado pelo paciente". */
  patient_response: z.enum(PATIENT_RESPONSES).nullable(),
  /** The latest WhatsApp reminder of its current time: sent, or skipped with the reason. */
  reminder: appointmentReminderSchema.nullable(),
  date: z.string(),
  time: z.string(),
  type: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

/** Create/update payload, with the messages of docs/product/appointments.md §5 "Appointment form". */
export const appointmentInputSchema = z.object({
  patient_id: z.uuid(MSG.appointmentPatientInvalid),
  appointment_date: requiredText(MSG.appointmentDateRequired).pipe(isoDateSchema),
  appointment_time: appointmentTimeSchema,
  appointment_type: requiredText(MSG.appointmentTypeRequired, 100),
  notes: optionalText(5000),
  status: appointmentStatusSchema.optional(),
  /** Minutes; when left out, a new appointment takes the professional's `appointment_duration`. */
  duration: z.coerce
    .number("Duração inválida")
    .int("Duração inválida")
    .min(APPOINTMENT_DURATION_MIN, `A duração deve estar entre ${APPOINTMENT_DURATION_MIN} e ${APPOINTMENT_DURATION_MAX} minutos`)
    .max(APPOINTMENT_DURATION_MAX, `A duração deve estar entre ${APPOINTMENT_DURATION_MIN} e ${APPOINTMENT_DURATION_MAX} minutos`)
    .optional(),
});
export type AppointmentInput = z.input<typeof appointmentInputSchema>;
export type AppointmentInputParsed = z.output<typeof appointmentInputSchema>;

/** GET /appointments: page size up to 100 (docs/product/appointments.md §9), ordered by date and time. */
export const appointmentListQuerySchema = pageQuerySchema.extend({
  per_page: pageQuerySchema.shape.per_page.default(100),
  status: appointmentStatusSchema.optional(),
  date: isoDateSchema.optional(),
  date_from: isoDateSchema.optional(),
  date_to: isoDateSchema.optional(),
  patient_id: z.uuid("Identificador inválido").optional(),
});
export type AppointmentListQuery = z.infer<typeof appointmentListQuerySchema>;

/** docs/product/appointments.md §3 "Today's appointment (dashboard)". */
export const todayAppointmentSchema = z.object({
  id: z.uuid(),
  patient_name: z.string(),
  /** HH:mm */
  time: z.string(),
  duration: z.number().int(),
  status: z.enum(APPOINTMENT_STATUSES),
  type: z.string(),
  /** The patient confirmed or cancelled it themselves. */
  patient_response: z.enum(PATIENT_RESPONSES).nullable(),
});
export type TodayAppointment = z.infer<typeof todayAppointmentSchema>;

/** POST /appointments/availability (docs/product/appointments.md §10.3). */
export const availabilityRequestSchema = z.object({
  date: requiredText(MSG.appointmentDateRequired).pipe(isoDateSchema),
  /** Minutes; defaults to the professional's `appointment_duration`. */
  duration: appointmentInputSchema.shape.duration,
  /** The appointment being edited, so that its own slot counts as free. */
  exclude_id: z.uuid("Identificador inválido").optional(),
});
export type AvailabilityRequest = z.input<typeof availabilityRequestSchema>;

export const timeSlotSchema = z.object({ time: z.string(), available: z.boolean() });
export type TimeSlot = z.infer<typeof timeSlotSchema>;

/** A busy range of the date in her zone, HH:mm to HH:mm ("24:00" when it runs past midnight). */
export const busyRangeSchema = z.object({ start: z.string(), end: z.string() });
export type BusyRange = z.infer<typeof busyRangeSchema>;

/**
 * The free times of the date; the appointment dialog also gets the busy ranges and her hours that day (null on a day
 * off), so the time field can say a clash or a time outside her hours before saving.
 */
export const availabilityResponseSchema = z.object({
  slots: z.array(timeSlotSchema),
  busy: z.array(busyRangeSchema).optional(),
  hours: z.object({ start: z.string(), end: z.string() }).nullable().optional(),
});
export type AvailabilityResponse = z.infer<typeof availabilityResponseSchema>;

/** POST /api/appointments/:id/cancel: "Cancelar consulta" keeps the appointment, cancelled; the patient is told only when asked. */
export const appointmentCancelSchema = z.object({
  notify_patient: z.boolean().default(false),
});
export type AppointmentCancel = z.input<typeof appointmentCancelSchema>;

export const cancelNoticeSchema = z.object({
  /** Whether the WhatsApp message was queued. */
  sent: z.boolean(),
  /** What happened, in Portuguese, for the professional (why not, and what to do instead). */
  text: z.string(),
});
export type CancelNotice = z.infer<typeof cancelNoticeSchema>;

export const appointmentCancelResultSchema = z.object({
  appointment: appointmentSchema,
  /** Null when the professional did not ask to tell the patient. */
  notice: cancelNoticeSchema.nullable(),
});
export type AppointmentCancelResult = z.infer<typeof appointmentCancelResultSchema>;
