/** The assistant-settings module's public face: what other modules, the app and the tests may use. */
export { assistantSettingsRoutes } from "./assistant-settings.routes";
export { assistantSettingsService, type AssistantSettingsService, findAssistantSwitch, ownAssistantSettings, toAssistantSettingsDto } from "./assistant-settings.service";
export { assistantSwitchFields, providerOrDefault } from "./assistant-switch";
