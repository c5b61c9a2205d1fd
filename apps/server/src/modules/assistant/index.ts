/** The assistant module's public face: what other modules, the app and the tests may use. */
export * from "./assistant-prompt";
export * from "./assistant.routes";
export * from "./assistant.service";
export * from "./safety/safety-answer";
