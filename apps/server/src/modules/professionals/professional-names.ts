import { ilike, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db/client";
import { professionals } from "./professionals.schema";
import { likeContains } from "../../platform/db/text-search";

/** How a list elsewhere names a professional: her full name and e-mail. */
export interface ProfessionalName {
  fullName: string;
  email: string | null;
}

/** The names of the given professionals, by id; an id with no professional is absent. */
export async function professionalNamesOf(db: DbOrTx, ids: readonly string[]): Promise<Map<string, ProfessionalName>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: professionals.id, fullName: professionals.fullName, email: professionals.email }).from(professionals).where(inArray(professionals.id, unique));
  return new Map(rows.map(({ id, ...name }) => [id, name]));
}

/**
 * The ids of the professionals whose full name contains `search` (any case), as a subquery: a list of another
 * module (the admin's users) filters by it inside its own statement, so its page and total stay one read each.
 */
export function professionalIdsNamedLike(db: DbOrTx, search: string) {
  return db.select({ id: professionals.id }).from(professionals).where(ilike(professionals.fullName, likeContains(search)));
}
