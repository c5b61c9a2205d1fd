import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { assistantSettings } from "../../db/schema/index";

export type AssistantSettingsRow = typeof assistantSettings.$inferSelect;
export type AssistantSettingsWrite = Omit<typeof assistantSettings.$inferInsert, "professionalId" | "updatedAt">;

/** The assistant configuration of ONE professional (docs/decisions/004-tenancy-model.md). */
export function assistantSettingsRepository(db: DbOrTx, professionalId: string) {
  return {
    async find() {
      const [row] = await db.select().from(assistantSettings).where(eq(assistantSettings.professionalId, professionalId)).limit(1);
      return row ?? null;
    },

    /** Creates the row on the first save, replaces it afterwards. */
    async upsert(values: AssistantSettingsWrite) {
      const [row] = await db
        .insert(assistantSettings)
        .values({ ...values, professionalId })
        .onConflictDoUpdate({ target: assistantSettings.professionalId, set: { ...values, updatedAt: new Date() } })
        .returning();
      return row!;
    },
  };
}
