/** The assistant module's public face: the reply job's service, its routes, and the long date its texts use. */
export { assistantRoutes } from "./assistant.routes";
export { assistantService, type AssistantService } from "./assistant.service";
export { replyJobFor } from "./reply-job";
export { CHECK_TIMEOUT_MS, emptyCheckStats, type SafetyChecks, type SafetyCheckStats } from "./safety/second-opinions";
