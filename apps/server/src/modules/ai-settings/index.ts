/** The ai-settings module's public face: what other modules, the app and the tests may use. */
export { aiSettingsRoutes } from "./ai-settings.routes";
export { GLOBAL_AI_SETTINGS_ID } from "./global-ai-settings.repository";
export { globalAiSettingsRoutes } from "./global-ai-settings.routes";
export { globalAiSettingsService, type GlobalAiSettingsService, platformAiSettings } from "./global-ai-settings.service";
