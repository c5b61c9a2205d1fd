import { eq, getTableColumns } from "drizzle-orm";
import { DEFAULT_AI_SETTINGS } from "@clinora/contracts";
import type { DbOrTx } from "../../platform/db/client";
import { preparedStatement } from "../../platform/db/prepared-statement";
import { aiSettings } from "../ai-settings/ai-settings.schema";
import { GLOBAL_AI_SETTINGS_ID, toAiSettingsDto } from "../ai-settings";
import { assistantSettings } from "../assistant-settings/assistant-settings.schema";
import { toAssistantSettingsDto } from "../assistant-settings";
import { toPublicPractice } from "../professionals";
import { professionals } from "../professionals/professionals.schema";

/**
 * What an assistant's reply needs to know of the practice, in one read where it took three (docs/decisions/036): the
 * professional's row, the platform's settings row and her own (null when never saved). Built once.
 */
const practiceRows = preparedStatement(["professionalId"], (db, p) =>
  db
    .select({ professional: getTableColumns(professionals), platform: getTableColumns(aiSettings), own: getTableColumns(assistantSettings) })
    .from(professionals)
    .leftJoin(aiSettings, eq(aiSettings.id, GLOBAL_AI_SETTINGS_ID))
    .leftJoin(assistantSettings, eq(assistantSettings.professionalId, professionals.id))
    .where(eq(professionals.id, p.professionalId))
    .limit(1),
);

/**
 * The professional, the platform's assistant settings and her own, read together on every reply; null when she no
 * longer exists. The same values as publicPracticeOf, platformAiSettings and ownAssistantSettings give.
 */
export async function findPracticeWithSettings(db: DbOrTx, professionalId: string) {
  const [row] = await practiceRows(db, { professionalId });
  if (!row) return null;
  return {
    professional: toPublicPractice(row.professional),
    platform: row.platform ? toAiSettingsDto(row.platform) : DEFAULT_AI_SETTINGS,
    own: row.own ? toAssistantSettingsDto(row.own) : null,
  };
}
