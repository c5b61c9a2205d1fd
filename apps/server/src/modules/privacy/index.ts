/** The privacy module's public face: a patient's data rights (export, access history, consent, anonymisation). */
export { privacyRoutes } from "./privacy.routes";
export { privacyService } from "./privacy.service";
