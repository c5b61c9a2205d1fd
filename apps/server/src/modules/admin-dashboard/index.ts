/** The admin-dashboard module's public face: what other modules, the app and the tests may use. */
export * from "./admin-dashboard.routes";
export * from "./admin-dashboard.service";
