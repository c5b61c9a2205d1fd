import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db/client";
import { patients } from "./patients.schema";

/**
 * The names of the given patients of ONE professional, by id: how a list elsewhere (tasks, the prontuário's lists,
 * charges) names a row's patient after reading its page. A foreign patient's id is absent, as is an unknown one.
 */
export async function patientNamesOf(db: DbOrTx, professionalId: string, ids: readonly (string | null)[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter((id): id is string => id !== null))];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: patients.id, name: patients.name })
    .from(patients)
    .where(and(eq(patients.professionalId, professionalId), inArray(patients.id, unique)));
  return new Map(rows.map((row) => [row.id, row.name]));
}
