/** The assistant module's public face: the reply job's service, its routes, and the long date its texts use. */
export { assistantRoutes } from "./assistant.routes";
export { assistantService, type AssistantService } from "./assistant.service";
