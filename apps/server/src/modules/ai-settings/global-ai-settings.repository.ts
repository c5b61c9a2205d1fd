import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db/client";
import { preparedStatement } from "../../platform/db/prepared-statement";
import { aiSettings } from "./ai-settings.schema";

export type GlobalAiSettingsRow = typeof aiSettings.$inferSelect;
export type GlobalAiSettingsWrite = Pick<typeof aiSettings.$inferInsert, "provider" | "model" | "temperature" | "systemPrompt">;

/** The single row (id 1) of the platform-wide assistant configuration. */
export const GLOBAL_AI_SETTINGS_ID = 1;

/** The row's read, on every assistant reply: built once (docs/decisions/036). */
const platformRow = preparedStatement([], (db) => db.select().from(aiSettings).where(eq(aiSettings.id, GLOBAL_AI_SETTINGS_ID)).limit(1));

export function globalAiSettingsRepository(db: DbOrTx) {
  return {
    async find() {
      const [row] = await platformRow(db, {});
      return row ?? null;
    },
    async save(values: GlobalAiSettingsWrite, by: { userId: string; at: Date }) {
      const row = { ...values, updatedBy: by.userId, updatedAt: by.at };
      const [saved] = await db
        .insert(aiSettings)
        .values({ id: GLOBAL_AI_SETTINGS_ID, ...row })
        .onConflictDoUpdate({ target: aiSettings.id, set: row })
        .returning();
      return saved!;
    },
  };
}
