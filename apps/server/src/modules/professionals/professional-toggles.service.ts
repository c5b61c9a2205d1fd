import type { Professional } from "@clinora/contracts";
import type { Db } from "../../platform/db/client";
import { AppError } from "../../platform/lib/app-error";
import { toProfessionalDto } from "./professional.mapper";
import { professionalRepository, type ProfessionalChanges } from "./professional.repository";

export type ProfessionalTogglesService = ReturnType<typeof professionalTogglesService>;

/** The two switches of the Painel (docs/product/appointments.md §2.1, §4 "Availability and zen mode"). */
export function professionalTogglesService(db: Db) {
  const set = async (professionalId: string, changes: ProfessionalChanges): Promise<Professional> => {
    const row = await professionalRepository(db).update(professionalId, changes);
    if (!row) throw AppError.notFound();
    return toProfessionalDto(row);
  };
  return {
    /** Whether the professional takes new appointments. */
    setAvailability: (professionalId: string, isAvailable: boolean) => set(professionalId, { isAvailable }),
    /** Zen mode: no notifications (docs/product/settings.md §3 "Professional profile"). */
    setZenMode: (professionalId: string, zenMode: boolean) => set(professionalId, { zenMode }),
  };
}
