/** The privacy module's public face: what other modules, the app and the tests may use. */
export * from "./consent.repository";
export * from "./consent.service";
export * from "./privacy.routes";
export * from "./privacy.service";
