/** The conversations module's public face: what other modules, the app and the tests may use. */
export * from "./conversation.routes";
export * from "./conversation.service";
