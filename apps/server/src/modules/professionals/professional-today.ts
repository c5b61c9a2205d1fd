import { DEFAULT_TIME_ZONE } from "@clinora/contracts";
import type { DbOrTx } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { todayIn } from "../../lib/time";
import { professionalRepository } from "./professional.repository";

/** Today's date (YYYY-MM-DD) in the professional's own time zone (PRODUCT.md "Time"). */
export async function todayForProfessional(db: DbOrTx, professionalId: string, clock: Clock): Promise<string> {
  const zone = (await professionalRepository(db).findById(professionalId))?.timezone ?? DEFAULT_TIME_ZONE;
  return todayIn(zone, clock.now());
}
