/** The auth module's public face: what other modules, the app and the tests may use. */
export { authRoutes } from "./auth.routes";
export { authService, type AuthService } from "./auth.service";
export { type SessionService, sessionService } from "./session.service";
