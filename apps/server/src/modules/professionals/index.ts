/** The professionals module's public face: what other modules, the app and the tests may use. */
export * from "./professional-profile.routes";
export * from "./professional-profile.service";
export * from "./professional-toggles.routes";
export * from "./professional-toggles.service";
export * from "./professional.mapper";
export * from "./professional.repository";
export * from "./professional.routes";
export * from "./professional.service";
