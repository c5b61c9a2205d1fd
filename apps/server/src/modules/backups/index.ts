/** The backups module's public face: what other modules, the app and the tests may use. */
export * from "./backup.jobs";
export * from "./backup.service";
