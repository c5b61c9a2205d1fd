import { businessHoursInOrder, MSG, type Professional, type ProfessionalProfileUpdateParsed, toE164BR } from "@clinora/contracts";
import type { Db, DbOrTx } from "../../platform/db/client";
import { hhmm } from "../../platform/db/rows";
import { AppError } from "../../platform/lib/app-error";
import type { TenantCaller } from "../../platform/lib/caller";
import { recordAudit } from "../audit";
import { toProfessionalDto, type ProfessionalRow } from "./professional.mapper";
import { professionalRepository, type ProfessionalChanges } from "./professional.repository";

export type ProfessionalProfileService = ReturnType<typeof professionalProfileService>;

type Field = keyof ProfessionalProfileUpdateParsed;

const COLUMN_OF = {
  clinic_name: "clinicName",
  clinic_address: "clinicAddress",
  clinic_city: "clinicCity",
  clinic_state: "clinicState",
  clinic_zip: "clinicZip",
  clinic_phone: "clinicPhone",
  clinic_email: "clinicEmail",
  bio: "bio",
  full_name: "fullName",
  phone: "phone",
  email: "email",
  specialty: "specialty",
  appointment_duration: "appointmentDuration",
  business_days: "businessDays",
  business_start: "businessStart",
  business_end: "businessEnd",
  timezone: "timezone",
} as const satisfies Record<Field, keyof ProfessionalChanges>;

const PHONE_FIELDS = ["phone", "clinic_phone"] as const;
const EMAIL_FIELDS = ["email", "clinic_email"] as const;

/** Phones to E.164 and emails to lower case; a phone that is not one is a 422 on its field. */
function normalised(input: ProfessionalProfileUpdateParsed): ProfessionalProfileUpdateParsed {
  const result = { ...input };
  const issues: { field: string; msg: string }[] = [];
  for (const field of PHONE_FIELDS) {
    const value = input[field];
    if (!value) continue;
    const e164 = toE164BR(value);
    if (e164) result[field] = e164;
    else issues.push({ field, msg: MSG.invalidPhone });
  }
  if (issues.length > 0) throw AppError.validation(issues);
  for (const field of EMAIL_FIELDS) result[field] = input[field]?.toLowerCase() ?? input[field];
  return result;
}

/** A payload may carry only one end of the business hours: the order is checked against the stored other end. */
function assertBusinessHoursInOrder(current: ProfessionalRow, input: ProfessionalProfileUpdateParsed) {
  const start = input.business_start ?? hhmm(current.businessStart);
  const end = input.business_end ?? hhmm(current.businessEnd);
  if (!businessHoursInOrder(start, end)) throw AppError.validation([{ field: "business_end", msg: MSG.businessHoursOrder }]);
}

/** What else follows her default consultation length (the booking page's types), given by the app. */
export type DurationFollower = (tx: DbOrTx, professionalId: string, previous: number, next: number) => Promise<void>;

export function professionalProfileService(db: Db, followers: { duration?: DurationFollower } = {}) {
  return {
    /**
     * Updates the given fields of the caller's own profile (Configurações: Atendimento, Pessoal or Consultas)
     * and answers the whole profile.
     */
    async updateOwn(caller: TenantCaller, input: ProfessionalProfileUpdateParsed): Promise<Professional> {
      const values = normalised(input);
      return db.transaction(async (tx) => {
        const repo = professionalRepository(tx);
        const current = await repo.findById(caller.professionalId);
        if (!current) throw AppError.notFound();
        assertBusinessHoursInOrder(current, values);

        const fields = (Object.keys(COLUMN_OF) as Field[]).filter((field) => values[field] !== undefined);
        const changes = Object.fromEntries(fields.map((field) => [COLUMN_OF[field], values[field]])) as ProfessionalChanges;
        const updated = (await repo.update(caller.professionalId, changes))!;
        await followers.duration?.(tx, caller.professionalId, current.appointmentDuration, updated.appointmentDuration);
        await recordAudit(tx, caller, {
          action: "professional.profile_updated",
          entityType: "professional",
          entityId: caller.professionalId,
          details: { fields },
        });
        return toProfessionalDto(updated);
      });
    },
  };
}
