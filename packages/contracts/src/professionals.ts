import { z } from "zod";
import { BRAZIL_TIME_ZONES } from "./enums";
import { MSG } from "./messages";
import { optionalText, optionalUf, pageQuerySchema, requiredText } from "./common";

export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** A professional as the API returns it (docs/product/admin.md §3, docs/product/settings.md §3 and §10.1). */
export const professionalSchema = z.object({
  id: z.uuid(),
  full_name: z.string(),
  name: z.string(),
  specialty: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  clinic_name: z.string().nullable(),
  clinic_address: z.string().nullable(),
  clinic_city: z.string().nullable(),
  clinic_state: z.string().nullable(),
  clinic_zip: z.string().nullable(),
  clinic_phone: z.string().nullable(),
  clinic_email: z.string().nullable(),
  bio: z.string().nullable(),
  license_number: z.string().nullable(),
  license_state: z.string().nullable(),
  license_type: z.string().nullable(),
  appointment_duration: z.number().int(),
  is_available: z.boolean(),
  zen_mode: z.boolean(),
  timezone: z.enum(BRAZIL_TIME_ZONES).or(z.string()),
  business_days: z.array(z.number().int().min(0).max(6)),
  business_start: z.string(),
  business_end: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Professional = z.infer<typeof professionalSchema>;

/** Admin professional dialogs (docs/product/admin.md §5, §9): default 50 minutes, from 15 to 180. */
export const APPOINTMENT_DURATION = { default: 50, min: 15, max: 180 } as const;

/** Professionals list page size (docs/product/admin.md §9); selection lists ask for MAX_PER_PAGE instead. */
export const PROFESSIONALS_PAGE_SIZE = 20;

const fullName = requiredText(MSG.fullNameRequired, 200);
const specialty = requiredText(MSG.specialtyRequired, 200);

const appointmentDuration = z
  .number(MSG.professionalDurationRange)
  .int(MSG.professionalDurationRange)
  .min(APPOINTMENT_DURATION.min, MSG.professionalDurationRange)
  .max(APPOINTMENT_DURATION.max, MSG.professionalDurationRange);

/**
 * What the administrator edits in the create and edit dialogs (docs/product/admin.md §2.2, §5). PUT replaces these
 * fields; the professional's own settings (time zone, business hours, licence) are not part of it.
 */
export const professionalInputSchema = z.object({
  full_name: fullName,
  specialty,
  phone: optionalText(40),
  email: optionalText(254).pipe(z.email(MSG.invalidEmail).nullish()),
  clinic_name: optionalText(200),
  clinic_address: optionalText(500),
  clinic_city: optionalText(120),
  clinic_state: optionalUf(),
  clinic_zip: optionalText(20),
  bio: optionalText(5000),
  appointment_duration: appointmentDuration.default(APPOINTMENT_DURATION.default),
  is_available: z.boolean("Disponibilidade inválida").default(true),
  zen_mode: z.boolean("Modo zen inválido").default(false),
});
export type ProfessionalInput = z.input<typeof professionalInputSchema>;
export type ProfessionalInputParsed = z.output<typeof professionalInputSchema>;

export const professionalListQuerySchema = pageQuerySchema.extend({
  specialty: z.string().trim().max(200).optional(),
  city: z.string().trim().max(120).optional(),
  is_available: z.stringbool("Use true ou false").optional(),
});
export type ProfessionalListQuery = z.infer<typeof professionalListQuerySchema>;

/** docs/product/admin.md §3 "Professional stats"; each list is ordered by count, then by name. */
export const professionalStatsSchema = z.object({
  total: z.number().int(),
  available: z.number().int(),
  unavailable: z.number().int(),
  by_specialty: z.array(z.object({ specialty: z.string(), count: z.number().int() })),
  by_city: z.array(z.object({ city: z.string(), count: z.number().int() })),
});
export type ProfessionalStats = z.infer<typeof professionalStatsSchema>;

/** The Painel's first-steps checklist, in the order it is shown (docs/product/settings.md "First steps"). */
export const FIRST_STEPS = ["hours", "duration", "patient", "whatsapp", "booking_page"] as const;
export type FirstStepKey = (typeof FIRST_STEPS)[number];

/** GET /professionals/me/first-steps: each step ticks itself from her data; `dismissed` once she puts it away. */
export const firstStepsSchema = z.object({
  steps: z.array(z.object({ key: z.enum(FIRST_STEPS), done: z.boolean() })),
  dismissed: z.boolean(),
});
export type FirstSteps = z.infer<typeof firstStepsSchema>;
