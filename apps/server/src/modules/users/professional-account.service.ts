import { MSG, type ProfessionalAccess, type ProfessionalAccessCreate, type ProfessionalAccount, type ProfessionalAccountCreate, toE164BR } from "@clinora/contracts";
import type { Db, DbOrTx } from "../../platform/db/client";
import { AppError } from "../../platform/lib/app-error";
import type { Clock } from "../../platform/lib/clock";
import { generatePassword } from "../../platform/lib/crypto";
import { hashPassword } from "../../platform/lib/password";
import { insertProfessional, profileHoldingEmail, toProfessionalDto } from "../professionals";
import { recordAdminAction, type Performer } from "./admin-action";
import { toUserDto } from "./user.mapper";
import { userRepository, type NewUser } from "./user.repository";
import { assertEmailFree, linkableProfessional, withUniqueUserFields } from "./user-uniqueness";

export type ProfessionalAccountService = ReturnType<typeof professionalAccountService>;

/** Phones are stored in E.164 (docs/product/patients.md §10.1); every unreadable one is reported at once. */
function phonesOf(input: Pick<ProfessionalAccountCreate, "phone" | "clinic_phone">) {
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

/** Length of a first password: 12 characters of a 56-letter alphabet without look-alikes (about 70 bits). */
const FIRST_PASSWORD_LENGTH = 12;

/** A professional's login, written with the administrator's "created" action: both ways of giving her access. */
async function insertLogin(tx: DbOrTx, caller: Performer, at: Date, values: Omit<NewUser, "role" | "createdAt" | "updatedAt">) {
  const user = await userRepository(tx).insert({ ...values, role: "professional", createdAt: at, updatedAt: at });
  await recordAdminAction(tx, caller, {
    targetUserId: user.id,
    action: "created",
    at,
    details: { role: "professional", status: user.status, professional_id: values.professionalId },
  });
  return user;
}

/**
 * A profile that already holds one of these emails: a new account with them would be a second profile of the same
 * person (docs/product/admin.md §2.4). Without a login, the answer points to "Criar acesso" on that profile.
 */
async function assertNoProfileWith(tx: DbOrTx, emails: readonly string[]) {
  for (const email of new Set(emails)) {
    const same = await profileHoldingEmail(tx, email);
    if (!same) continue;
    const holder = await userRepository(tx).findByProfessionalId(same.id);
    throw AppError.conflict(holder ? MSG.professionalEmailTaken(same.fullName) : MSG.professionalProfileExists(same.fullName));
  }
}

export function professionalAccountService(db: Db, clock: Clock) {
  return {
    /**
     * Creates a professional and its login in one transaction (docs/product/admin.md §2.4 "Nova conta profissional").
     * The contact email falls back to the login email and the clinic phone to the main phone (docs/product/admin.md §3).
     */
    async create(caller: Performer, input: ProfessionalAccountCreate): Promise<ProfessionalAccount> {
      const { phone, clinicPhone } = phonesOf(input);
      const passwordHash = await hashPassword(input.password);
      const at = clock.now();
      const { userId, professional } = await withUniqueUserFields(() =>
        db.transaction(async (tx) => {
          await assertEmailFree(tx, input.email);
          await assertNoProfileWith(tx, [input.email, ...(input.contact_email ? [input.contact_email.toLowerCase()] : [])]);
          const professional = await insertProfessional(tx, {
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
            createdAt: at,
            updatedAt: at,
          });
          const user = await insertLogin(tx, caller, at, {
            email: input.email,
            passwordHash,
            status: input.status,
            professionalId: professional.id,
            fullName: input.full_name,
            phone,
            notes: input.notes ?? null,
          });
          return { userId: user.id, professional };
        }),
      );
      const user = await userRepository(db).findDetailedById(userId);
      return { user: toUserDto(user!), professional: toProfessionalDto(professional) };
    },

    /**
     * The login of a professional who has a profile and no access yet (docs/product/admin.md §2.2 "Acesso"), with
     * a first password generated here and answered once: only its hash is kept.
     */
    async grantAccess(caller: Performer, input: ProfessionalAccessCreate): Promise<ProfessionalAccess> {
      const firstPassword = generatePassword(FIRST_PASSWORD_LENGTH);
      const passwordHash = await hashPassword(firstPassword);
      const at = clock.now();
      const userId = await withUniqueUserFields(() =>
        db.transaction(async (tx) => {
          const professional = await linkableProfessional(tx, input.professional_id);
          await assertEmailFree(tx, input.email);
          const user = await insertLogin(tx, caller, at, {
            email: input.email,
            passwordHash,
            status: "active",
            professionalId: professional.id,
            fullName: professional.fullName,
            phone: professional.phone,
          });
          return user.id;
        }),
      );
      const user = await userRepository(db).findDetailedById(userId);
      return { user: toUserDto(user!), first_password: firstPassword };
    },
  };
}
