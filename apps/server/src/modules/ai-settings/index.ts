/** The ai-settings module's public face: what other modules, the app and the tests may use. */
export { aiSettingsRoutes } from "./ai-settings.routes";
export { globalAiSettingsRoutes } from "./global-ai-settings.routes";
export { platformProviderField } from "./platform-provider";
export { GLOBAL_AI_SETTINGS_ID } from "./global-ai-settings.repository";
export { globalAiSettingsService, type GlobalAiSettingsService, platformAiSettings, toAiSettingsDto } from "./global-ai-settings.service";
