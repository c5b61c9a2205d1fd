/** The media module's public face: what other modules, the app and the tests may use. */
export * from "./media-rules";
export * from "./media.repository";
export * from "./media.routes";
export * from "./media.service";
