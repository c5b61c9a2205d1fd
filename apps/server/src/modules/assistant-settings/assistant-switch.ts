import { sql } from "drizzle-orm";
import { DEFAULT_AI_SETTINGS, type AiProvider } from "@clinora/contracts";
import { assistantSettings } from "./assistant-settings.schema";
import { platformProviderField } from "../ai-settings";

/**
 * Whether a professional's assistant is switched on (on until it is turned off) and the platform's provider, as
 * fields of a select that left-joins assistant_settings itself: the repository's findSwitch, and the webhook's
 * routing read.
 */
export const assistantSwitchFields = {
  enabled: sql<boolean>`coalesce(${assistantSettings.aiEnabled}, true)`,
  provider: platformProviderField,
};

/** The provider the switch answers with when the platform's settings were never saved. */
export const providerOrDefault = (provider: AiProvider | null): AiProvider => provider ?? DEFAULT_AI_SETTINGS.provider;
