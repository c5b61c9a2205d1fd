import { z } from "zod";
import { optionalText, requiredText } from "./common";
import { BRAZIL_TIME_ZONES } from "./enums";
import { MSG } from "./messages";

/** docs/product/settings.md §5 and §9: consultation length in minutes. */
export const DEFAULT_APPOINTMENT_DURATION = 50;
export const MIN_APPOINTMENT_DURATION = 15;
export const MAX_APPOINTMENT_DURATION = 180;

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;


/** Brazilian postal code: 8 digits, stored as 00000-000. */
const zipCode = optionalText(20)
  .refine((v) => v == null || v.replace(/\D/g, "").length === 8, MSG.invalidZip)
  .transform((v) => (v == null ? v : v.replace(/\D/g, "").replace(/^(\d{5})(\d{3})$/, "$1-$2")));

const optionalEmail = optionalText(254).pipe(z.email(MSG.invalidEmail).nullish());

/** Settings > Atendimento: the practice as patients see it. */
export const clinicInfoSchema = z.object({
  clinic_name: optionalText(200),
  clinic_address: optionalText(300),
  clinic_city: optionalText(120),
  clinic_state: z
    .string()
    .trim()
    .max(2, MSG.stateMax)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v === "" || v === null ? null : v.toUpperCase())),
  clinic_zip: zipCode,
  /** Normalised to E.164 by the server. */
  clinic_phone: optionalText(40),
  clinic_email: optionalEmail,
  bio: optionalText(2000),
});

/** Settings > Pessoal. */
export const personalInfoSchema = z.object({
  full_name: requiredText(MSG.fullNameRequired, 200),
  phone: optionalText(40),
  email: optionalEmail,
  specialty: requiredText(MSG.specialtyRequired, 200),
});

/** 0 = Sunday … 6 = Saturday, as JavaScript's getDay(). */
const weekday = z.number(MSG.businessDayInvalid).int(MSG.businessDayInvalid).min(0, MSG.businessDayInvalid).max(6, MSG.businessDayInvalid);

const businessTime = z.string(MSG.businessTimeInvalid).regex(HH_MM, MSG.businessTimeInvalid);

/** Settings > Consultas: length of a consultation and business hours (docs/product/appointments.md §10.1, docs/product/time-and-dates.md §2). */
export const consultationSettingsObject = z.object({
  appointment_duration: z
    .number(MSG.appointmentDurationRange)
    .int(MSG.appointmentDurationRange)
    .min(MIN_APPOINTMENT_DURATION, MSG.appointmentDurationRange)
    .max(MAX_APPOINTMENT_DURATION, MSG.appointmentDurationRange),
  business_days: z
    .array(weekday, MSG.businessDaysRequired)
    .min(1, MSG.businessDaysRequired)
    .max(7)
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  business_start: businessTime,
  business_end: businessTime,
  timezone: z.enum(BRAZIL_TIME_ZONES, MSG.timeZoneInvalid),
});

/** "HH:MM" texts compare in time order. */
export function businessHoursInOrder(start: string, end: string): boolean {
  return start < end;
}

const hoursInOrder = <T extends { business_start?: string; business_end?: string }>(value: T, ctx: z.RefinementCtx) => {
  const { business_start: start, business_end: end } = value;
  if (start && end && !businessHoursInOrder(start, end)) {
    ctx.addIssue({ code: "custom", path: ["business_end"], message: MSG.businessHoursOrder });
  }
};

export const consultationSettingsSchema = consultationSettingsObject.superRefine(hoursInOrder);

/**
 * PUT /api/professionals/me: any subset of the three groups (docs/product/settings.md §7 "Update own profile"). A field left
 * out is kept; an empty optional text is cleared.
 */
export const professionalProfileUpdateSchema = z
  .object({ ...clinicInfoSchema.shape, ...personalInfoSchema.shape, ...consultationSettingsObject.shape })
  .partial()
  .superRefine(hoursInOrder);
export type ProfessionalProfileUpdate = z.input<typeof professionalProfileUpdateSchema>;
export type ProfessionalProfileUpdateParsed = z.output<typeof professionalProfileUpdateSchema>;
