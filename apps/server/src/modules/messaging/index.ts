/**
 * The messaging module's public face: conversations and their messages (WhatsApp and web chat, inbound and
 * outbound, delivery statuses, the messages' files) are read and written only here. Other modules call the
 * messaging service; the screens' routes and the webhook's inbound handling are built by the app.
 */
export type { ContactMessage, ContactOutcome } from "./contact-message";
export { conversationRoutes } from "./conversation.routes";
export { conversationService } from "./conversation.service";
export { freeTextWindowOpen } from "./free-text-window";
export { type ReplyJobOf, statusAfterInbound } from "./inbound-rules";
export { inboundFilesOf } from "./media/media-rules";
export type { MediaInfo } from "./media/media.repository";
export { outboundMediaRoutes } from "./media/media.routes";
export { mediaService, outboundMediaSigner } from "./media/media.service";
export type { ConversationRow } from "./message.repository";
export { WHATSAPP_MAX_BODY } from "./message-parts";
export { messagingService, type MessagingService } from "./messaging.service";
export { sendJobKey } from "./whatsapp-outbound.service";
export { whatsappInboundService, type InboundAnswerHook, type InboundOutcome, type WhatsappInboundService } from "./whatsapp-inbound.service";
