/** The assistant-settings module's public face: what other modules, the app and the tests may use. */
export * from "./assistant-settings.repository";
export * from "./assistant-settings.routes";
export * from "./assistant-settings.service";
