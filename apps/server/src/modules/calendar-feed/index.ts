/** The calendar-feed module's public face: what other modules, the app and the tests may use. */
export * from "./calendar-feed.routes";
export * from "./calendar-feed.service";
