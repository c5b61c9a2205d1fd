import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { professionals } from "../../db/schema/index";

export type NewProfessional = typeof professionals.$inferInsert;
export type ProfessionalChanges = Partial<Omit<NewProfessional, "id" | "createdAt" | "updatedAt">>;

export function professionalRepository(db: DbOrTx) {
  return {
    async findById(id: string) {
      const [row] = await db.select().from(professionals).where(eq(professionals.id, id)).limit(1);
      return row ?? null;
    },
    async insert(values: NewProfessional) {
      const [row] = await db.insert(professionals).values(values).returning();
      return row!;
    },
    async update(id: string, values: ProfessionalChanges) {
      const [row] = await db
        .update(professionals)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(professionals.id, id))
        .returning();
      return row ?? null;
    },
  };
}
