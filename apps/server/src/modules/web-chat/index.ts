/** The web-chat module's public face: the public chat's service and routes, and the visitors' daily model allowance. */
export { webChatRoutes } from "./web-chat.routes";
export { webChatAllowance, webChatService } from "./web-chat.service";
