import { z } from "zod";
import { requiredText } from "./common";
import { WEB_CHAT_MESSAGE_MAX_LENGTH, WEB_CHAT_TEXTS } from "./web-chat-limits";

export * from "./web-chat-limits";

/** Who wrote a message, as the visitor sees it. */
export const WEB_CHAT_AUTHORS = ["visitor", "assistant", "professional"] as const;

/** Any text up to a length: an id that cannot exist answers 404 like an unknown one (the service checks its shape). */
export const webChatPublicIdParamSchema = z.object({ publicId: z.string().max(100) });

/** GET /api/public/chat/:publicId — what the chat page shows before the first message. */
export const webChatClinicSchema = z.object({
  clinic_name: z.string(),
  assistant_name: z.string(),
  /** Whether the assistant answers now; when off, the greeting says the team will answer. */
  assistant_on: z.boolean(),
  greeting: z.string(),
  /** The practice's IANA time zone: the page shows every message's time in it, whatever the visitor's browser says. */
  time_zone: z.string(),
});
export type WebChatClinic = z.infer<typeof webChatClinicSchema>;

/** A visitor's message (start of a chat, or the next one). */
export const webChatSendSchema = z.object({
  content: requiredText(WEB_CHAT_TEXTS.messageRequired, WEB_CHAT_MESSAGE_MAX_LENGTH, WEB_CHAT_TEXTS.messageTooLong),
});
export type WebChatSend = z.infer<typeof webChatSendSchema>;

export const webChatMessageSchema = z.object({
  id: z.uuid(),
  author: z.enum(WEB_CHAT_AUTHORS),
  content: z.string(),
  sent_at: z.string(),
});
export type WebChatMessage = z.infer<typeof webChatMessageSchema>;

/** The visitor's thread (all of it, or the messages sent at or after `since`). */
export const webChatThreadSchema = z.object({
  clinic_name: z.string(),
  assistant_name: z.string(),
  messages: z.array(webChatMessageSchema),
  /** Pass back as `since`: messages at or after it come again, so the page merges by id and never misses one. */
  cursor: z.string().nullable(),
});
export type WebChatThread = z.infer<typeof webChatThreadSchema>;

/** POST …/conversations: the thread plus the visitor token, shown this once (only its hash is kept). */
export const webChatStartedSchema = webChatThreadSchema.extend({ visitor_token: z.string() });
export type WebChatStarted = z.infer<typeof webChatStartedSchema>;

export const webChatThreadQuerySchema = z.object({
  since: z.iso.datetime({ offset: true, message: "Data inválida" }).optional(),
});
export type WebChatThreadQuery = z.infer<typeof webChatThreadQuerySchema>;

/** GET /api/web-chat: the professional's public link and the one-line snippet for the clinic's site. */
export const webChatSettingsSchema = z.object({
  public_id: z.string(),
  chat_url: z.string(),
  widget_url: z.string(),
  embed_snippet: z.string(),
});
export type WebChatSettings = z.infer<typeof webChatSettingsSchema>;
