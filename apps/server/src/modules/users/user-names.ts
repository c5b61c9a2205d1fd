import { inArray } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db/client";
import { users } from "./users.schema";

/** The full names of the given users, by id; an id with no user (a deleted account) is absent. */
export async function userNamesOf(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: users.id, fullName: users.fullName }).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row.id, row.fullName]));
}
