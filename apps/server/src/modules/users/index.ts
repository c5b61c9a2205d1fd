/** The users module's public face: what other modules, the app and the tests may use. */
export { accountByCredentials, loadCurrentUser, loadCurrentUserById, recordLogin } from "./current-user";
export { ensureFirstAdmin } from "./first-admin";
export { type ProfessionalAccountService, professionalAccountService } from "./professional-account.service";
export { userNamesOf } from "./user-names";
export { userRoutes } from "./user.routes";
export { userService, type UserService } from "./user.service";
