import { MSG, type ProfessionalAccess, type ProfessionalAccessCreate, type ProfessionalAccount, type ProfessionalAccountCreate } from "@clinora/contracts";
import type { Db, DbOrTx } from "../../platform/db/client";
import { AppError } from "../../platform/lib/app-error";
import type { Clock } from "../../platform/lib/clock";
import { generatePassword } from "../../platform/lib/crypto";
import { hashPassword } from "../../platform/lib/password";
import { accountProfileOf, createAccountProfile, profileHoldingEmail } from "../professionals";
import { recordAdminAction, type Performer } from "./admin-action";
import { toUserDto } from "./user.mapper";
import { userRepository, type NewUser } from "./user.repository";
import { assertEmailFree, linkableProfessional, withUniqueUserFields } from "./user-uniqueness";

export type ProfessionalAccountService = ReturnType<typeof professionalAccountService>;

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
     * Creates a professional and its login in one transaction (docs/product/admin.md §2.4 "Nova conta profissional"):
     * her profile as professionals' `accountProfileOf` makes it from the form, checked before the transaction opens.
     */
    async create(caller: Performer, input: ProfessionalAccountCreate): Promise<ProfessionalAccount> {
      const profile = accountProfileOf(input);
      const passwordHash = await hashPassword(input.password);
      const at = clock.now();
      const { userId, professional } = await withUniqueUserFields(() =>
        db.transaction(async (tx) => {
          await assertEmailFree(tx, input.email);
          await assertNoProfileWith(tx, [input.email, ...(input.contact_email ? [input.contact_email.toLowerCase()] : [])]);
          const professional = await createAccountProfile(tx, profile, at);
          const user = await insertLogin(tx, caller, at, {
            email: input.email,
            passwordHash,
            status: input.status,
            professionalId: professional.id,
            fullName: input.full_name,
            phone: profile.phone,
            notes: input.notes ?? null,
          });
          return { userId: user.id, professional };
        }),
      );
      const user = await userRepository(db).findDetailedById(userId);
      return { user: toUserDto(user!), professional };
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
            fullName: professional.full_name,
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
