import { eq, sql } from "drizzle-orm";
import { DEFAULT_AI_SETTINGS, type AiProvider } from "@clinora/contracts";
import type { DbOrTx } from "../../db/client";
import { aiSettings, assistantSettings, professionals } from "../../db/schema/index";
import { GLOBAL_AI_SETTINGS_ID } from "../ai-settings/global-ai-settings.repository";

export type AssistantSettingsRow = typeof assistantSettings.$inferSelect;
export type AssistantSettingsWrite = Omit<typeof assistantSettings.$inferInsert, "professionalId" | "updatedAt">;

/** The assistant configuration of ONE professional (docs/decisions/004-tenancy-model.md). */
export function assistantSettingsRepository(db: DbOrTx, professionalId: string) {
  return {
    async find() {
      const [row] = await db.select().from(assistantSettings).where(eq(assistantSettings.professionalId, professionalId)).limit(1);
      return row ?? null;
    },

    /**
     * What decides whether the assistant answers, in one statement (it runs inside every inbound webhook): the
     * professional's switch (on until they turn it off) and the platform's provider. Null for no such professional.
     */
    async findSwitch(): Promise<{ enabled: boolean; provider: AiProvider } | null> {
      const [row] = await db
        .select({
          enabled: sql<boolean>`coalesce(${assistantSettings.aiEnabled}, true)`,
          provider: sql<AiProvider | null>`(select ${aiSettings.provider} from ${aiSettings} where ${aiSettings.id} = ${GLOBAL_AI_SETTINGS_ID})`,
        })
        .from(professionals)
        .leftJoin(assistantSettings, eq(assistantSettings.professionalId, professionals.id))
        .where(eq(professionals.id, professionalId))
        .limit(1);
      return row ? { enabled: row.enabled, provider: row.provider ?? DEFAULT_AI_SETTINGS.provider } : null;
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
