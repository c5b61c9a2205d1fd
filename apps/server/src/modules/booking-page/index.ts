/** The booking-page module's public face: what other modules, the app and the tests may use. */
export * from "./booking-page.routes";
export * from "./booking-page.service";
