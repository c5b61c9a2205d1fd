/** The health module's public face: what other modules, the app and the tests may use. */
export { healthRoutes } from "./health.routes";
