import { sql } from "drizzle-orm";
import type { AiProvider } from "@clinora/contracts";
import { aiSettings } from "./ai-settings.schema";
import { GLOBAL_AI_SETTINGS_ID } from "./global-ai-settings.repository";

/**
 * The platform's provider (null until an administrator saves the settings) as a field of another module's select:
 * the assistant's switch reads it in the same statement as the professional's own setting, the webhook's routing
 * included, so no call adds a round trip.
 */
export const platformProviderField = sql<AiProvider | null>`(select ${aiSettings.provider} from ${aiSettings} where ${aiSettings.id} = ${GLOBAL_AI_SETTINGS_ID})`;
