import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { toProfessionalDto } from "./professional.mapper";
import { professionalRepository } from "./professional.repository";

export type ProfessionalService = ReturnType<typeof professionalService>;

export function professionalService(db: Db) {
  const repo = professionalRepository(db);
  return {
    async getOwn(professionalId: string) {
      const row = await repo.findById(professionalId);
      if (!row) throw AppError.notFound();
      return toProfessionalDto(row);
    },
  };
}
