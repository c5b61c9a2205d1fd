/** The web-chat module's public face: what other modules, the app and the tests may use. */
export * from "./web-chat.routes";
export * from "./web-chat.service";
