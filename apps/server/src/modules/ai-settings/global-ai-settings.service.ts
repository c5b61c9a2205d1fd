import { DEFAULT_AI_SETTINGS, roundToTemperatureStep, type AiSettings, type AiSettingsInput } from "@clinora/contracts";
import type { Db, DbOrTx } from "../../platform/db/client";
import type { Clock } from "../../platform/lib/clock";
import type { Actor } from "../../platform/lib/caller";
import { recordAudit } from "../audit";
import { globalAiSettingsRepository, type GlobalAiSettingsRow } from "./global-ai-settings.repository";

export type GlobalAiSettingsService = ReturnType<typeof globalAiSettingsService>;

/** Database row -> API shape. */
export function toAiSettingsDto(row: GlobalAiSettingsRow): AiSettings {
  // real (float4) columns read back as 0.699999988: the 0.1 grid of docs/product/admin.md §9 restores 0.7.
  return { provider: row.provider, model: row.model, temperature: roundToTemperatureStep(row.temperature), system_prompt: row.systemPrompt };
}

/** The assistant configuration shared by all professionals (docs/product/admin.md §2.4 "Configurações AI"). */
export function globalAiSettingsService(db: Db, clock: Clock) {
  return {
    /** The saved settings, or the spec's defaults before an administrator has saved any. */
    async get(): Promise<AiSettings> {
      const row = await globalAiSettingsRepository(db).find();
      return row ? toAiSettingsDto(row) : DEFAULT_AI_SETTINGS;
    },

    /** Saves the already validated settings and records who changed them. */
    async save(caller: Actor, input: AiSettingsInput): Promise<AiSettings> {
      const saved = await db.transaction(async (tx) => {
        const row = await globalAiSettingsRepository(tx).save(
          { provider: input.provider, model: input.model, temperature: roundToTemperatureStep(input.temperature), systemPrompt: input.system_prompt },
          { userId: caller.userId, at: clock.now() },
        );
        await recordAudit(tx, caller, { action: "ai_settings.updated", entityType: "ai_settings", details: { provider: row.provider, model: row.model } });
        return row;
      });
      return toAiSettingsDto(saved);
    },
  };
}

/**
 * The platform's assistant configuration every practice starts from, inside any transaction: as an administrator
 * saved it, or the defaults until one does (docs/product/admin.md §9).
 */
export async function platformAiSettings(db: DbOrTx): Promise<AiSettings> {
  const row = await globalAiSettingsRepository(db).find();
  return row ? toAiSettingsDto(row) : DEFAULT_AI_SETTINGS;
}
