import { z } from "zod";
import { MSG } from "./messages";
import { optionalIsoDate, optionalText, pageQuerySchema, requiredText } from "./common";
import { isValidCpf, normalizeCpf } from "./cpf";
import { toE164BR } from "./phone";

/** A patient as the API returns it (docs/product/patients.md §3 "Patient"); phone in E.164, CPF as 11 digits. */
export const patientSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  birth_date: z.string().nullable(),
  cpf: z.string().nullable(),
  address: z.string().nullable(),
  preferred_time: z.string().nullable(),
  notes: z.string().nullable(),
  medical_history: z.string().nullable(),
  emergency_contact: z.string().nullable(),
  created_date: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Date (YYYY-MM-DD) of the last completed appointment. */
  last_appointment: z.string().nullable(),
  /** Date and time of the next non-cancelled appointment from today on. */
  next_appointment: z.object({ date: z.string(), time: z.string() }).nullable(),
  /** Set once the record was anonymised at the patient's request; it can no longer be edited. */
  anonymized_at: z.string().nullable(),
  /** A WhatsApp channel was withdrawn (e.g. the patient wrote PARAR): nothing business-initiated goes out. */
  whatsapp_opted_out: z.boolean(),
});
export type Patient = z.infer<typeof patientSchema>;

/** Create/update payload; every empty optional field arrives as null (docs/product/patients.md §5 "Patient form"). */
export const patientInputSchema = z.object({
  name: requiredText(MSG.patientNameRequired, 200),
  /** Stored in E.164 (docs/product/patients.md §10.1). */
  phone: optionalText(40)
    .refine((v) => v == null || toE164BR(v) !== null, MSG.phoneInvalid)
    .transform((v) => (v == null ? v : toE164BR(v))),
  email: optionalText(254).pipe(z.email(MSG.invalidEmail).nullish()),
  birth_date: optionalIsoDate(),
  cpf: optionalText(20).refine((v) => v == null || isValidCpf(v), "CPF inválido").transform((v) => (v == null ? v : normalizeCpf(v))),
  address: optionalText(500),
  preferred_time: optionalText(100),
  notes: optionalText(5000),
  medical_history: optionalText(10000),
  emergency_contact: optionalText(200),
});
export type PatientInput = z.input<typeof patientInputSchema>;
export type PatientInputParsed = z.output<typeof patientInputSchema>;

export const PATIENT_SORTS = ["name", "recent", "last_appointment"] as const;

export const patientListQuerySchema = pageQuerySchema.extend({
  per_page: pageQuerySchema.shape.per_page.default(100),
  search: z.string().trim().max(200).optional(),
  sort: z.enum(PATIENT_SORTS, "Ordenação inválida").default("name"),
});
export type PatientListQuery = z.infer<typeof patientListQuerySchema>;

/** Patient search of the appointment dialog: 2+ characters, 10 results (docs/product/appointments.md §2.2, §9). */
export const patientSearchQuerySchema = z.object({
  q: z.string().trim().min(2, "Digite pelo menos 2 caracteres").max(200),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const patientSearchItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
