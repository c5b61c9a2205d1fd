import type { Professional } from "@clinora/contracts";
import type { professionals } from "./professionals.schema";
import { hhmm, isoInstant } from "../../platform/db/rows";

export type ProfessionalRow = typeof professionals.$inferSelect;

/** Database row -> API shape (docs/product/admin.md §3 "Professional"); `name` mirrors `full_name` as the spec reads both. */
export function toProfessionalDto(row: ProfessionalRow): Professional {
  return {
    id: row.id,
    full_name: row.fullName,
    name: row.fullName,
    specialty: row.specialty,
    phone: row.phone,
    email: row.email,
    clinic_name: row.clinicName,
    clinic_address: row.clinicAddress,
    clinic_city: row.clinicCity,
    clinic_state: row.clinicState,
    clinic_zip: row.clinicZip,
    clinic_phone: row.clinicPhone,
    clinic_email: row.clinicEmail,
    bio: row.bio,
    license_number: row.licenseNumber,
    license_state: row.licenseState,
    license_type: row.licenseType,
    appointment_duration: row.appointmentDuration,
    is_available: row.isAvailable,
    zen_mode: row.zenMode,
    timezone: row.timezone,
    business_days: row.businessDays,
    business_start: hhmm(row.businessStart),
    business_end: hhmm(row.businessEnd),
    created_at: isoInstant(row.createdAt),
    updated_at: isoInstant(row.updatedAt),
  };
}
