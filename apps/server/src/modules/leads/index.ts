/** The leads module's public face: what other modules, the app and the tests may use. */
export { leadRoutes } from "./lead.routes";
export { type LeadService, leadService } from "./lead.service";
