/** The auth module's public face: what other modules, the app and the tests may use. */
export * from "./auth.routes";
export * from "./auth.service";
export * from "./session.service";
