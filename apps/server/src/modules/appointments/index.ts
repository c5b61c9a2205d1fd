/** The appointments module's public face: what other modules, the app and the tests may use. */
export * from "./appointment.routes";
export * from "./appointment.service";
