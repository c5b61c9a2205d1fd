import { count, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema/index";

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export function userRepository(db: DbOrTx) {
  return {
    async findById(id: string) {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },
    /** `email` must already be lower-cased. */
    async findByEmail(email: string) {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row ?? null;
    },
    async countAll() {
      const [row] = await db.select({ n: count() }).from(users);
      return row?.n ?? 0;
    },
    async insert(values: NewUser) {
      const [row] = await db.insert(users).values(values).returning();
      return row!;
    },
    async setLastLogin(id: string, at: Date) {
      await db.update(users).set({ lastLogin: at }).where(eq(users.id, id));
    },
  };
}
