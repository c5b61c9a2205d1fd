import { eq, sql } from "drizzle-orm";
import type { AiProvider } from "@clinora/contracts";
import type { DbOrTx } from "../../platform/db/client";
import { preparedStatement } from "../../platform/db/prepared-statement";
import { assistantSettings } from "./assistant-settings.schema";
import { assistantSwitchFields, providerOrDefault } from "./assistant-switch";

export type AssistantSettingsRow = typeof assistantSettings.$inferSelect;
export type AssistantSettingsWrite = Omit<typeof assistantSettings.$inferInsert, "professionalId" | "updatedAt">;

/** The professional's row, read on every assistant reply: built once (docs/decisions/036). */
const settingsOf = preparedStatement(["professionalId"], (db, p) => db.select().from(assistantSettings).where(eq(assistantSettings.professionalId, p.professionalId)).limit(1));

/** The assistant configuration of ONE professional (docs/decisions/004-tenancy-model.md). */
export function assistantSettingsRepository(db: DbOrTx, professionalId: string) {
  return {
    async find() {
      const [row] = await settingsOf(db, { professionalId });
      return row ?? null;
    },

    /**
     * What decides whether the assistant answers, in one statement: the professional's switch (on until they turn
     * it off, so a professional who never saved has no row: the one-row `values` keeps the answer) and the
     * platform's provider.
     */
    async findSwitch(): Promise<{ enabled: boolean; provider: AiProvider }> {
      const [row] = await db
        .select(assistantSwitchFields)
        .from(sql`(values (1)) as one_row(one)`)
        .leftJoin(assistantSettings, eq(assistantSettings.professionalId, professionalId));
      return { enabled: row?.enabled ?? true, provider: providerOrDefault(row?.provider ?? null) };
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
