/** The audit module's public face: what other modules, the app and the tests may use. */
export { type AuditActor, recordAudit } from "./audit.service";
