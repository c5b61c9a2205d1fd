/** The ai-settings module's public face: what other modules, the app and the tests may use. */
export * from "./ai-settings.routes";
export * from "./global-ai-settings.repository";
export * from "./global-ai-settings.routes";
export * from "./global-ai-settings.service";
