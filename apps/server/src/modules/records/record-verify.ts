import type { DbOrTx } from "../../platform/db/client";
import { verifyChains } from "./record-chain";
import { allChains } from "./record.repository";

/** Recomputes every patient's chain across all professionals (`npm run records:verify`); names each break. */
export async function verifyAllChains(db: DbOrTx) {
  return verifyChains(await allChains(db));
}
