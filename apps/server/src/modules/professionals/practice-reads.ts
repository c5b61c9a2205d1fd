import type { Professional } from "@clinora/contracts";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db/client";
import type { PracticeSettings } from "../../platform/lib/caller";
import { toProfessionalDto } from "./professional.mapper";
import { professionalRepository } from "./professional.repository";
import { professionals } from "./professionals.schema";

/*
 * What other modules read of a professional, each read answering one question with a typed result rather than her
 * whole row (docs/decisions/037 "Public faces that say what they do"). Plain functions of a connection: the callers
 * often run them inside their own transaction (a booking, a reply, a new account). Each answers null for an unknown id.
 */

const byId = (id: string) => eq(professionals.id, id);

/** Whether a professional with this id exists. */
export async function professionalExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: professionals.id }).from(professionals).where(byId(id)).limit(1);
  return row !== undefined;
}

/** How a practice is named to its patients: the professional's full name and her clinic's name, if she gave one. */
export interface PracticeNames {
  fullName: string;
  clinicName: string | null;
}

/** The name a patient knows the practice by: the clinic's, else the professional's own. */
export const practiceNameOf = (names: PracticeNames): string => names.clinicName?.trim() || names.fullName;

export async function practiceNamesOf(db: DbOrTx, id: string): Promise<PracticeNames | null> {
  const [row] = await db.select({ fullName: professionals.fullName, clinicName: professionals.clinicName }).from(professionals).where(byId(id)).limit(1);
  return row ?? null;
}

/** The zone her calendar dates and hours are written in (an IANA name such as America/Sao_Paulo). */
export async function timeZoneOf(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db.select({ timeZone: professionals.timezone }).from(professionals).where(byId(id)).limit(1);
  return row?.timeZone ?? null;
}

const settingsFields = {
  timeZone: professionals.timezone,
  appointmentDuration: professionals.appointmentDuration,
  businessDays: professionals.businessDays,
  businessStart: professionals.businessStart,
  businessEnd: professionals.businessEnd,
};

/** Her zone, consultation length and business hours: what scheduling on her behalf needs (the session reads the same). */
export async function practiceSettingsOf(db: DbOrTx, id: string): Promise<PracticeSettings | null> {
  const [row] = await db.select(settingsFields).from(professionals).where(byId(id)).limit(1);
  return row ?? null;
}

/** What a document she signs shows of her: name, specialty, council registration, clinic name and address. */
export interface Letterhead {
  fullName: string;
  specialty: string;
  /** Her council registration: its type (CRP, CRM…), number and state; each part may be missing. */
  licenseType: string | null;
  licenseNumber: string | null;
  licenseState: string | null;
  clinicName: string | null;
  clinicAddress: string | null;
  clinicCity: string | null;
  clinicState: string | null;
}

export async function letterheadOf(db: DbOrTx, id: string): Promise<Letterhead | null> {
  const [row] = await db
    .select({
      fullName: professionals.fullName,
      specialty: professionals.specialty,
      licenseType: professionals.licenseType,
      licenseNumber: professionals.licenseNumber,
      licenseState: professionals.licenseState,
      clinicName: professionals.clinicName,
      clinicAddress: professionals.clinicAddress,
      clinicCity: professionals.clinicCity,
      clinicState: professionals.clinicState,
    })
    .from(professionals)
    .where(byId(id))
    .limit(1);
  return row ?? null;
}

/**
 * What a patient is told of a practice, on the booking page and by the assistant: names, specialty, address, the
 * phone to call, whether she takes bookings (Disponível) and the settings her times are offered in.
 */
export interface PublicPractice extends PracticeNames {
  id: string;
  specialty: string;
  /** "Rua das Flores, 100, Campinas/SP": the clinic's address, city and state, as far as she gave them; null for none. */
  address: string | null;
  /** The phone patients call for changes and cancellations: the clinic's, else her own (E.164); null for none. */
  contactPhone: string | null;
  /** Disponível: she takes new bookings. */
  isAvailable: boolean;
  settings: PracticeSettings;
}

/** What a patient is told of a practice, from her row's columns (one rule for the address and the phone to call). */
export function toPublicPractice(row: Pick<typeof professionals.$inferSelect, "id" | "fullName" | "clinicName" | "specialty" | "clinicAddress" | "clinicCity" | "clinicState" | "phone" | "clinicPhone" | "isAvailable" | "timezone" | "appointmentDuration" | "businessDays" | "businessStart" | "businessEnd">): PublicPractice {
  return {
    id: row.id,
    fullName: row.fullName,
    clinicName: row.clinicName,
    specialty: row.specialty,
    isAvailable: row.isAvailable,
    settings: { timeZone: row.timezone, appointmentDuration: row.appointmentDuration, businessDays: row.businessDays, businessStart: row.businessStart, businessEnd: row.businessEnd },
    address: [row.clinicAddress, [row.clinicCity, row.clinicState].filter(Boolean).join("/")].filter(Boolean).join(", ") || null,
    contactPhone: row.clinicPhone?.trim() || row.phone?.trim() || null,
  };
}

export async function publicPracticeOf(db: DbOrTx, id: string): Promise<PublicPractice | null> {
  const [row] = await db.select().from(professionals).where(byId(id)).limit(1);
  return row ? toPublicPractice(row) : null;
}

/** Her whole profile as the API answers it (docs/product/admin.md §3 "Professional"). */
export async function professionalProfileOf(db: DbOrTx, id: string): Promise<Professional | null> {
  const row = await professionalRepository(db).findById(id);
  return row ? toProfessionalDto(row) : null;
}
