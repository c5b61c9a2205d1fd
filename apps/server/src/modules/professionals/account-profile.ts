import { MSG, type Professional, type ProfessionalAccountCreate, toE164BR } from "@clinora/contracts";
import type { DbOrTx } from "../../platform/db/client";
import { AppError } from "../../platform/lib/app-error";
import { toProfessionalDto } from "./professional.mapper";
import { professionalRepository, type NewProfessional } from "./professional.repository";

/** The profile a new professional account makes, checked before the account's transaction opens. */
export type AccountProfile = Omit<NewProfessional, "id" | "createdAt" | "updatedAt"> & { phone: string | null };

/**
 * A professional's phones as stored, in E.164 (docs/product/patients.md §10.1), or a 422 naming every unreadable one;
 * the clinic's phone falls back to her own. Used by a new account and by her profile's edits alike.
 */
export function phonesOf(input: { phone?: string | null; clinic_phone?: string | null }) {
  const issues: { field: string; msg: string }[] = [];
  const convert = (field: "phone" | "clinic_phone") => {
    const raw = input[field];
    if (!raw) return null;
    const e164 = toE164BR(raw);
    if (!e164) issues.push({ field, msg: MSG.phoneInvalid });
    return e164;
  };
  const phone = convert("phone");
  const clinicPhone = convert("clinic_phone");
  if (issues.length > 0) throw AppError.validation(issues);
  return { phone, clinicPhone: clinicPhone ?? phone };
}

/**
 * The profile of a new professional account (docs/product/admin.md §2.4 "Nova conta profissional"), from the
 * administrator's form: the phones in E.164, or 422 naming each unreadable one; the contact email falls back to the
 * login email and the clinic phone to the main phone (docs/product/admin.md §3).
 */
export function accountProfileOf(input: ProfessionalAccountCreate): AccountProfile {
  const { phone, clinicPhone } = phonesOf(input);
  return {
    fullName: input.full_name,
    specialty: input.specialty,
    phone,
    email: input.contact_email ?? input.email,
    licenseNumber: input.license_number ?? null,
    licenseState: input.license_state ?? null,
    licenseType: input.license_type ?? null,
    clinicName: input.clinic_name ?? null,
    clinicAddress: input.clinic_address ?? null,
    clinicCity: input.clinic_city ?? null,
    clinicState: input.clinic_state ?? null,
    clinicZip: input.clinic_zip ?? null,
    clinicPhone,
    appointmentDuration: input.appointment_duration,
    bio: input.bio ?? null,
  };
}

/** Creates the account's profile in the caller's transaction (the login is written with it) and answers it as the API does. */
export async function createAccountProfile(tx: DbOrTx, profile: AccountProfile, at: Date): Promise<Professional> {
  return toProfessionalDto(await professionalRepository(tx).insert({ ...profile, createdAt: at, updatedAt: at }));
}
