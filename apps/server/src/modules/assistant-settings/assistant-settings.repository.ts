import { eq, sql } from "drizzle-orm";
import { DEFAULT_AI_SETTINGS, type AiProvider } from "@clinora/contracts";
import type { DbOrTx } from "../../platform/db/client";
import { aiSettings, assistantSettings, professionals } from "../../platform/db/schema/index";
import { GLOBAL_AI_SETTINGS_ID } from "../ai-settings";

export type AssistantSettingsRow = typeof assistantSettings.$inferSelect;
export type AssistantSettingsWrite = Omit<typeof assistantSettings.$inferInsert, "professionalId" | "updatedAt">;

/**
 * Whether a professional's assistant is switched on (on until it is turned off) and the platform's provider, as
 * fields of a select that left-joins assistant_settings itself: findSwitch below, and the webhook's routing read.
 */
export const assistantSwitchFields = {
  enabled: sql<boolean>`coalesce(${assistantSettings.aiEnabled}, true)`,
  provider: sql<AiProvider | null>`(select ${aiSettings.provider} from ${aiSettings} where ${aiSettings.id} = ${GLOBAL_AI_SETTINGS_ID})`,
};

/** The provider the switch answers with when the platform's settings were never saved. */
export const providerOrDefault = (provider: AiProvider | null): AiProvider => provider ?? DEFAULT_AI_SETTINGS.provider;

/** The assistant configuration of ONE professional (docs/decisions/004-tenancy-model.md). */
export function assistantSettingsRepository(db: DbOrTx, professionalId: string) {
  return {
    async find() {
      const [row] = await db.select().from(assistantSettings).where(eq(assistantSettings.professionalId, professionalId)).limit(1);
      return row ?? null;
    },

    /**
     * What decides whether the assistant answers, in one statement: the professional's switch (on until they turn
     * it off) and the platform's provider. Null for no such professional.
     */
    async findSwitch(): Promise<{ enabled: boolean; provider: AiProvider } | null> {
      const [row] = await db
        .select(assistantSwitchFields)
        .from(professionals)
        .leftJoin(assistantSettings, eq(assistantSettings.professionalId, professionals.id))
        .where(eq(professionals.id, professionalId))
        .limit(1);
      return row ? { enabled: row.enabled, provider: providerOrDefault(row.provider) } : null;
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
