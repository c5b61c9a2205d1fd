/** The leads module's public face: what other modules, the app and the tests may use. */
export * from "./lead.routes";
export * from "./lead.service";
