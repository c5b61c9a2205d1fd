import { z } from "zod";
import { BRAZIL_TIME_ZONES } from "./enums";

export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** A professional as the API returns it (spec part 1 §3, part 2 §3, PRODUCT.md business hours and time zone). */
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
