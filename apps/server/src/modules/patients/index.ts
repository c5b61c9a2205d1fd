/** The patients module's public face: what other modules, the app and the tests may use. */
export * from "./patient.repository";
export * from "./patient.routes";
export * from "./patient.service";
