import { z } from "zod";
import { MSG } from "./messages";
import { idParamSchema, pageQuerySchema, listResponseSchema, requiredText } from "./common";
import {
  CONVERSATION_CHANNELS,
  CONVERSATION_STATUSES,
  MESSAGE_DIRECTIONS,
  MESSAGE_SENDERS,
  MESSAGE_STATUSES,
  type MessageSender,
  type ConversationChannel,
  type ConversationStatus,
} from "./enums";
import {
  ATTACHMENT_CAPTION_MAX_LENGTH,
  ATTACHMENT_NAME_MAX_LENGTH,
  MEDIA_KINDS,
  MEDIA_STATUSES,
  TRANSCRIPT_STATUSES,
} from "./media";

/** docs/product/conversations-and-whatsapp.md §9: conversations page size, stale threshold, detail polling and scroll delay. */
export const CONVERSATIONS_PER_PAGE = 20;
export const STALE_WAITING_MINUTES = 120;
export const CONVERSATION_POLL_MS = 5000;
export const CONVERSATION_SCROLL_DELAY_MS = 100;

/** Labels of docs/product/conversations-and-whatsapp.md §4 "Conversation status", "Channels" and "Outbound message status". */
export const CONVERSATION_STATUS_LABELS: Record<ConversationStatus, string> = {
  waiting: "Aguardando",
  in_progress: "Em atendimento",
  resolved: "Resolvida",
  bot_handling: "Bot",
};

export const CONVERSATION_CHANNEL_LABELS: Record<ConversationChannel, string> = {
  whatsapp: "WhatsApp",
  web_chat: "Web Chat",
};

export const MESSAGE_SENDER_LABELS: Record<MessageSender, string> = {
  patient: "Paciente",
  assistant: "Assistente virtual",
  professional: "Profissional",
};

/**
 * A conversation's urgency (docs/product/conversations-and-whatsapp.md §3 "urgency (number)"): 0 none, 2 handed to the professional, 3 the highest,
 * an emergency or a crisis (self-harm, suicidal thoughts). Until it is resolved, a conversation at the highest
 * urgency is listed first in Conversas and shown on the Painel (docs/decisions/022).
 */
export const HANDOFF_URGENCY = 2;
export const HIGHEST_URGENCY = 3;

/** WhatsApp's customer-service window: free text only within 24 h of the patient's last message. */
export const WHATSAPP_REPLY_WINDOW_HOURS = 24;
/** Twilio's limit for one WhatsApp message body. */
export const MESSAGE_MAX_LENGTH = 1600;
/** WhatsApp's limit for the text of one message a patient sends: a longer Body is stored cut, with the marker below. */
export const INBOUND_MESSAGE_MAX_LENGTH = 4096;
/** Ends a patient's message stored cut, on a line of its own, so the professional knows there was more in Conversas. */
export const INBOUND_CUT_MARKER = "… [mensagem cortada: o paciente enviou um texto maior que 4.096 caracteres]";

/** Why a reply cannot be sent: the 24-hour window closed, no WhatsApp number assigned, no phone to answer. */
export const REPLY_BLOCKED_REASONS = ["window_closed", "no_sender", "no_phone"] as const;
export type ReplyBlockedReason = (typeof REPLY_BLOCKED_REASONS)[number];
export const REPLY_BLOCKED_MESSAGES: Record<ReplyBlockedReason, string> = {
  window_closed: MSG.replyWindowClosed,
  no_sender: MSG.replyNoSender,
  no_phone: MSG.replyNoPhone,
};

/** A conversation as listed (docs/product/conversations-and-whatsapp.md §3 "Conversation"); phone in E.164. */
export const conversationSchema = z.object({
  id: z.uuid(),
  patient_id: z.uuid().nullable(),
  patient_name: z.string().nullable(),
  phone_number: z.string().nullable(),
  status: z.enum(CONVERSATION_STATUSES),
  channel: z.enum(CONVERSATION_CHANNELS),
  last_message: z.string().nullable(),
  last_message_at: z.string().nullable(),
  unread_count: z.number().int(),
  urgency: z.number().int(),
  /**
   * A reply of this conversation failed and was neither resent nor its mark dismissed: Conversas marks it whatever
   * the conversation's status, so a failure never hides behind "Resolvida" (docs/decisions/033).
   */
  failed_reply: z.boolean(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/**
 * One file of a message (docs/decisions/026). `status_message` is the Portuguese state shown in the thread when the file is not
 * ready; `url` (GET /api/conversations/:id/media/:mediaId, add `?download=1` to download) only once it is ready.
 * `transcript_status` is null for anything but a voice note.
 */
export const messageMediaSchema = z.object({
  id: z.uuid(),
  kind: z.enum(MEDIA_KINDS),
  content_type: z.string(),
  file_name: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
  status: z.enum(MEDIA_STATUSES),
  status_message: z.string().nullable(),
  transcript: z.string().nullable(),
  transcript_status: z.enum(TRANSCRIPT_STATUSES).nullable(),
  url: z.string().nullable(),
});
export type MessageMedia = z.infer<typeof messageMediaSchema>;

/** One message of a thread (docs/product/conversations-and-whatsapp.md §3 "Message"); inbound messages carry no delivery status. */
export const conversationMessageSchema = z.object({
  id: z.uuid(),
  content: z.string().nullable(),
  direction: z.enum(MESSAGE_DIRECTIONS),
  sent_at: z.string(),
  status: z.enum(MESSAGE_STATUSES).nullable(),
  sender: z.enum(MESSAGE_SENDERS),
  /** Twilio's error code of a failed message, and what it means in Portuguese. */
  error_code: z.string().nullable(),
  error_message: z.string().nullable(),
  /** A failed message Reenviar can fix (not an invalid or non-WhatsApp number, an opt-out, an empty text). */
  resendable: z.boolean(),
  /** A failed message whose mark the professional dismissed (it no longer marks the conversation). */
  failure_dismissed: z.boolean(),
  /** The message's files (empty for plain text). */
  media: z.array(messageMediaSchema),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

/** GET /api/conversations/:id: the conversation with its messages, oldest first. */
export const conversationDetailSchema = conversationSchema.extend({
  messages: z.array(conversationMessageSchema),
  /**
   * Whether the professional can write now. WhatsApp: open until 24 h after the patient's last message
   * (`closes_at`); web chat: always open (`closes_at` null).
   */
  reply_window: z.object({
    open: z.boolean(),
    closes_at: z.string().nullable(),
    /** Why the professional cannot write now (null while open). */
    reason: z.enum(REPLY_BLOCKED_REASONS).nullable(),
  }),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

export const conversationListQuerySchema = pageQuerySchema.extend({
  per_page: pageQuerySchema.shape.per_page.default(CONVERSATIONS_PER_PAGE),
  status: z.enum(CONVERSATION_STATUSES, "Status inválido").optional(),
  channel: z.enum(CONVERSATION_CHANNELS, "Canal inválido").optional(),
  /** Patient name, phone or last message. */
  search: z.string().trim().max(200).optional(),
  /** "true": only the open conversations at the highest urgency (the Painel's card). */
  urgent: z.stringbool("Valor inválido: use true ou false").default(false),
});
export type ConversationListQuery = z.infer<typeof conversationListQuerySchema>;

/** The page plus the caller's count of stale waiting conversations, whatever the filters (the banner's figure). */
export const conversationListSchema = listResponseSchema(conversationSchema).extend({
  stale_waiting: z.number().int(),
});
export type ConversationList = z.infer<typeof conversationListSchema>;

export const conversationUpdateSchema = z.object({
  status: z.enum(CONVERSATION_STATUSES, "Status inválido"),
});
export type ConversationUpdate = z.infer<typeof conversationUpdateSchema>;

/** POST /api/conversations/:id/messages/:messageId/resend: Reenviar a failed message. */
export const conversationMessageParamSchema = idParamSchema.extend({ messageId: z.uuid("Mensagem inválida") });

/** POST /api/conversations/:id/messages: the professional's reply. */
export const conversationReplySchema = z.object({
  content: requiredText(MSG.replyRequired, MESSAGE_MAX_LENGTH, MSG.replyTooLong(MESSAGE_MAX_LENGTH)),
});
export type ConversationReply = z.infer<typeof conversationReplySchema>;

/**
 * POST /api/conversations/:id/attachments?file_name=…&caption=…: the professional sends one file; the request body is
 * the file's bytes and its Content-Type the file's type (OUTBOUND_MEDIA_TYPES, up to MEDIA_MAX_BYTES).
 */
export const conversationAttachmentQuerySchema = z.object({
  file_name: requiredText(MSG.attachmentNameRequired, ATTACHMENT_NAME_MAX_LENGTH, MSG.attachmentNameTooLong(ATTACHMENT_NAME_MAX_LENGTH)),
  caption: z
    .string()
    .trim()
    .max(ATTACHMENT_CAPTION_MAX_LENGTH, MSG.attachmentCaptionTooLong(ATTACHMENT_CAPTION_MAX_LENGTH))
    .optional(),
});
export type ConversationAttachmentQuery = z.infer<typeof conversationAttachmentQuerySchema>;

/** GET /api/conversations/:id/media/:mediaId (`download=1`: as an attachment). */
export const conversationMediaParamSchema = idParamSchema.extend({ mediaId: z.uuid(MSG.mediaNotFound) });
export const conversationMediaQuerySchema = z.object({
  download: z.enum(["0", "1"]).optional(),
});
