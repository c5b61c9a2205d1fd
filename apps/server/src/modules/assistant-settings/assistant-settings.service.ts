import { ASSISTANT_DEFAULTS, type AssistantSettings, type AssistantSettingsUpdate } from "@clinora/contracts";
import type { Db, DbOrTx } from "../../platform/db/client";
import type { TenantCaller } from "../../platform/lib/caller";
import { recordAudit } from "../audit";
import { assistantSettingsRepository, type AssistantSettingsRow } from "./assistant-settings.repository";

export type AssistantSettingsService = ReturnType<typeof assistantSettingsService>;

/** Database row -> API shape. */
export function toAssistantSettingsDto(row: AssistantSettingsRow): AssistantSettings {
  return {
    ai_enabled: row.aiEnabled,
    ai_model: row.aiModel,
    ai_role_name: row.aiRoleName,
    ai_system_prompt: row.aiSystemPrompt,
    ai_instructions: row.aiInstructions,
    // `real` holds 0.7 as 0.699999988...; one decimal is the field's step (docs/product/assistant.md §9).
    ai_temperature: Math.round(row.aiTemperature * 10) / 10,
    ai_max_tokens: row.aiMaxTokens,
  };
}

/** What a professional who never saved the form gets (docs/product/assistant.md §3 "Assistant settings"). */
const DEFAULT_SETTINGS: AssistantSettings = {
  ...ASSISTANT_DEFAULTS,
  ai_system_prompt: null,
  ai_instructions: null,
};

export function assistantSettingsService(db: Db) {
  return {
    async get(caller: TenantCaller): Promise<AssistantSettings> {
      const row = await assistantSettingsRepository(db, caller.professionalId).find();
      return row ? toAssistantSettingsDto(row) : DEFAULT_SETTINGS;
    },

    /** Saves the whole form; blank texts arrive as null from the contract. */
    async update(caller: TenantCaller, input: AssistantSettingsUpdate): Promise<AssistantSettings> {
      return db.transaction(async (tx) => {
        const row = await assistantSettingsRepository(tx, caller.professionalId).upsert({
          aiEnabled: input.ai_enabled,
          aiModel: input.ai_model,
          aiRoleName: input.ai_role_name,
          aiSystemPrompt: input.ai_system_prompt,
          aiInstructions: input.ai_instructions,
          aiTemperature: input.ai_temperature,
          aiMaxTokens: input.ai_max_tokens,
        });
        await recordAudit(tx, caller, {
          action: "assistant_settings.updated",
          entityType: "assistant_settings",
          entityId: caller.professionalId,
          details: { ai_enabled: input.ai_enabled, ai_model: input.ai_model },
        });
        return toAssistantSettingsDto(row);
      });
    },
  };
}

/** One professional's own assistant configuration (null until first saved: the platform's applies), inside any transaction. */
export async function ownAssistantSettings(db: DbOrTx, professionalId: string): Promise<AssistantSettings | null> {
  const row = await assistantSettingsRepository(db, professionalId).find();
  return row ? toAssistantSettingsDto(row) : null;
}

/** Whether the professional's assistant is switched on (until she turns it off), and the platform's provider. */
export function findAssistantSwitch(db: DbOrTx, professionalId: string) {
  return assistantSettingsRepository(db, professionalId).findSwitch();
}
