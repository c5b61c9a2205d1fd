/** The users module's public face: what other modules, the app and the tests may use. */
export * from "./current-user";
export * from "./first-admin";
export * from "./professional-account.service";
export * from "./user.repository";
export * from "./user.routes";
export * from "./user.service";
