import { z } from "zod";
import { requiredText } from "./common";
import {
  BOOKING_DAYS_AHEAD_MAX,
  BOOKING_EMAIL_MAX_LENGTH,
  BOOKING_MIN_NOTICE_MAX_HOURS,
  BOOKING_NAME_MAX_LENGTH,
  BOOKING_SLUG_MAX_LENGTH,
  BOOKING_SLUG_PATTERN,
  BOOKING_TEXTS,
  BOOKING_TYPE_DURATION_MAX,
  BOOKING_TYPE_DURATION_MIN,
  BOOKING_TYPE_NAME_MAX_LENGTH,
  BOOKING_TYPES_MAX,
} from "./booking-page-limits";

export * from "./booking-page-limits";

/** A consultation type the page offers, with its length in minutes. */
export const bookingAppointmentTypeSchema = z.object({
  name: requiredText("Informe o nome do tipo de consulta.", BOOKING_TYPE_NAME_MAX_LENGTH, `O nome pode ter no máximo ${BOOKING_TYPE_NAME_MAX_LENGTH} caracteres.`),
  duration: z
    .number("Informe a duração em minutos.")
    .int("A duração deve ser um número inteiro de minutos.")
    .min(BOOKING_TYPE_DURATION_MIN, `A duração mínima é de ${BOOKING_TYPE_DURATION_MIN} minutos.`)
    .max(BOOKING_TYPE_DURATION_MAX, `A duração máxima é de ${BOOKING_TYPE_DURATION_MAX} minutos.`),
});
export type BookingAppointmentType = z.infer<typeof bookingAppointmentTypeSchema>;

export const bookingSlugSchema = z
  .string(BOOKING_TEXTS.slugInvalid)
  .trim()
  .toLowerCase()
  .max(BOOKING_SLUG_MAX_LENGTH, BOOKING_TEXTS.slugInvalid)
  .regex(BOOKING_SLUG_PATTERN, BOOKING_TEXTS.slugInvalid);

/** GET/PUT /api/booking-page: the professional's booking page settings (shown in Configurações). */
export const bookingPageSettingsSchema = z.object({
  enabled: z.boolean().default(false),
  slug: bookingSlugSchema,
  /** The page's absolute address (PUBLIC_URL or the request's origin + /agendar/ + slug); read-only. */
  url: z.string(),
  min_notice_hours: z
    .number("Informe a antecedência mínima em horas.")
    .int("A antecedência deve ser um número inteiro de horas.")
    .min(0, "A antecedência não pode ser negativa.")
    .max(BOOKING_MIN_NOTICE_MAX_HOURS, `A antecedência máxima é de ${BOOKING_MIN_NOTICE_MAX_HOURS} horas.`)
    .default(2),
  days_ahead: z
    .number("Informe quantos dias à frente a página mostra.")
    .int("Informe um número inteiro de dias.")
    .min(1, "Mostre pelo menos 1 dia.")
    .max(BOOKING_DAYS_AHEAD_MAX, `No máximo ${BOOKING_DAYS_AHEAD_MAX} dias.`)
    .default(30),
  appointment_types: z
    .array(bookingAppointmentTypeSchema)
    .min(1, "Ofereça pelo menos um tipo de consulta.")
    .max(BOOKING_TYPES_MAX, `No máximo ${BOOKING_TYPES_MAX} tipos de consulta.`),
  /** Read-only: whether the page can confirm bookings by WhatsApp (a number that can send); else it says the clinic will call. */
  whatsapp_confirmation: z.boolean().default(false),
  /** Read-only: whether the clinic has a phone the page can show for changes and cancellations. */
  has_phone: z.boolean().default(false),
});
export type BookingPageSettings = z.infer<typeof bookingPageSettingsSchema>;

/** PUT /api/booking-page body: the settings without the read-only address and facts. */
export const bookingPageSettingsInputSchema = bookingPageSettingsSchema.omit({ url: true, whatsapp_confirmation: true, has_phone: true });
export type BookingPageSettingsInput = z.infer<typeof bookingPageSettingsInputSchema>;

export const bookingSlugParamSchema = z.object({ slug: z.string().max(100) });

/** GET /api/public/booking/:slug — what the page shows: the clinic and its consultation types. */
export const bookingPublicPageSchema = z.object({
  clinic_name: z.string(),
  professional_name: z.string(),
  address: z.string().nullable(),
  time_zone: z.string(),
  /** "horário de Brasília": shown next to the times, which are all in the practice's zone. */
  time_zone_label: z.string(),
  /** The clinic's phone as shown ("(11) 3214-5678"), for the patient to call to change or cancel; null when none is set. */
  phone: z.string().nullable(),
  /** Whether a WhatsApp confirmation can go at all (a sending number is set up); when not, the page says the clinic will call. */
  whatsapp_confirmation: z.boolean(),
  /** `price_cents`: the type's price when the professional shows prices on the page (docs/product/payments.md §6), else null. */
  appointment_types: z.array(bookingAppointmentTypeSchema.extend({ index: z.number().int(), price_cents: z.number().int().nullable() })),
});
export type BookingPublicPage = z.infer<typeof bookingPublicPageSchema>;

/** GET /api/public/booking/:slug/times?type=<index> — the next free times, per local day. */
export const bookingTimesQuerySchema = z.object({
  type: z.coerce.number(BOOKING_TEXTS.typeRequired).int(BOOKING_TEXTS.typeUnknown).min(0, BOOKING_TEXTS.typeUnknown).max(BOOKING_TYPES_MAX - 1, BOOKING_TEXTS.typeUnknown),
  token: z.string().max(100).optional(),
});

/** A free time: the local date and time the patient reads, and the instant it starts. */
export const bookingFreeTimeSchema = z.object({
  date: z.string(),
  time: z.string(),
  starts_at: z.string(),
});
export type BookingFreeTime = z.infer<typeof bookingFreeTimeSchema>;

export const bookingFreeDaySchema = z.object({
  date: z.string(),
  /** "terça-feira, 2 de dezembro" */
  label: z.string(),
  times: z.array(z.string()),
});
export const bookingTimesSchema = z.object({
  type: z.number().int(),
  duration: z.number().int(),
  days: z.array(bookingFreeDaySchema),
});
export type BookingTimes = z.infer<typeof bookingTimesSchema>;

/** A date of the calendar: 2030-02-31 has the shape but no day. */
const isCalendarDate = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === date;
};
const localDate = z
  .string(BOOKING_TEXTS.timeRequired)
  .regex(/^\d{4}-\d{2}-\d{2}$/, BOOKING_TEXTS.timeInvalid)
  .refine(isCalendarDate, BOOKING_TEXTS.dateImpossible);
const localTime = z.string(BOOKING_TEXTS.timeRequired).regex(/^([01]\d|2[0-3]):[0-5]\d$/, BOOKING_TEXTS.timeInvalid);

/** POST /api/public/booking/:slug/bookings */
export const bookingRequestSchema = z.object({
  type: z.number(BOOKING_TEXTS.typeRequired).int(BOOKING_TEXTS.typeUnknown).min(0, BOOKING_TEXTS.typeUnknown).max(BOOKING_TYPES_MAX - 1, BOOKING_TEXTS.typeUnknown),
  date: localDate,
  time: localTime,
  name: z.string(BOOKING_TEXTS.nameRequired).trim().min(2, BOOKING_TEXTS.nameRequired).max(BOOKING_NAME_MAX_LENGTH, BOOKING_TEXTS.nameTooLong),
  phone: requiredText(BOOKING_TEXTS.phoneRequired, 40, BOOKING_TEXTS.phoneInvalid),
  email: z
    .string()
    .trim()
    .max(BOOKING_EMAIL_MAX_LENGTH, BOOKING_TEXTS.emailInvalid)
    .optional()
    .transform((v) => v || null)
    .pipe(z.email(BOOKING_TEXTS.emailInvalid).nullable()),
  /** Channel "whatsapp_reminders": the confirmation and reminders of this appointment (required to book here). */
  consent_whatsapp: z.literal(true, BOOKING_TEXTS.consentRequired),
  /** Channel "whatsapp_assistant": answers of the virtual assistant on WhatsApp (optional). */
  consent_assistant: z.boolean().optional(),
  /** Left empty by people; filled by robots that fill every field. */
  website: z.string().max(500).optional(),
});
export type BookingRequest = z.input<typeof bookingRequestSchema>;

/** 201: booked (pending). 200 with reschedule_offered: the number already has an active future appointment. */
export const bookingResultSchema = z.object({
  status: z.enum(["booked", "reschedule_offered"]),
  message: z.string(),
  /** The booked time as the patient reads it ("terça-feira, 2 de dezembro às 14:00"); null when not booked. */
  when: z.string().nullable(),
});
export type BookingResult = z.infer<typeof bookingResultSchema>;

/** 409 when the time was taken meanwhile: the nearest free times of the same type. */
export const bookingConflictSchema = z.object({
  detail: z.string(),
  nearest: z.array(bookingFreeTimeSchema.extend({ label: z.string() })),
});
export type BookingConflict = z.infer<typeof bookingConflictSchema>;

/** POST /api/public/booking/:slug/reschedule-link — always the same answer, whether or not the number has an appointment. */
export const bookingRescheduleLinkRequestSchema = z.object({
  phone: bookingRequestSchema.shape.phone,
  website: z.string().max(500).optional(),
});

/** GET /api/public/booking/:slug/reschedule/:token — the appointment the link moves (only to the link's holder). */
export const bookingRescheduleInfoSchema = z.object({
  type: z.number().int(),
  type_name: z.string(),
  duration: z.number().int(),
  when: z.string(),
});
export type BookingRescheduleInfo = z.infer<typeof bookingRescheduleInfoSchema>;

/** POST /api/public/booking/:slug/reschedule/:token — the new time. */
export const bookingRescheduleSchema = z.object({
  date: localDate,
  time: localTime,
  website: z.string().max(500).optional(),
});
