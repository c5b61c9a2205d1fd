/** The google-calendar module's public face: what other modules, the app and the tests may use. */
export * from "./calendar-busy.service";
export * from "./calendar-busy";
export * from "./calendar-sync-queue";
export * from "./calendar-sync.service";
export * from "./google-calendar.routes";
export * from "./google-calendar.service";
