/** The tasks module's public face: what other modules, the app and the tests may use. */
export * from "./task.routes";
export * from "./task.service";
