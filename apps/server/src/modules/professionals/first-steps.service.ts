import { FIRST_STEPS, type FirstSteps } from "@clinora/contracts";
import type { Db } from "../../platform/db/client";
import { AppError } from "../../platform/lib/app-error";
import type { Clock } from "../../platform/lib/clock";
import { professionalRepository } from "./professional.repository";

export type FirstStepsService = ReturnType<typeof firstStepsService>;

/** Whether a practice has a number WhatsApp messages can go out from (messaging owns that rule). */
export type SenderLookup = (db: Db, professionalId: string) => Promise<string | null>;

/**
 * The first-steps checklist of a new professional (docs/product/settings.md "First steps"): nothing is ticked by hand;
 * each step reads what she has done, so the list follows her through Configurações and back.
 */
export function firstStepsService(db: Db, clock: Clock, senderOf: SenderLookup) {
  const repo = professionalRepository(db);
  return {
    async get(professionalId: string): Promise<FirstSteps> {
      const professional = await repo.findById(professionalId);
      if (!professional) throw AppError.notFound();
      const [facts, sender] = await Promise.all([repo.firstStepFacts(professionalId), senderOf(db, professionalId)]);
      const done = { ...facts, whatsapp: sender !== null };
      return {
        steps: FIRST_STEPS.map((key) => ({ key, done: done[key] })),
        dismissed: professional.firstStepsDismissedAt !== null,
      };
    },

    /** Puts the checklist away for good; the steps stay reachable in Configurações. */
    async dismiss(professionalId: string): Promise<FirstSteps> {
      await repo.update(professionalId, { firstStepsDismissedAt: clock.now() });
      return this.get(professionalId);
    },
  };
}
