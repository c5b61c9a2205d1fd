import { z } from "zod";
import { pageQuerySchema, listResponseSchema } from "./common";
import {
  CONVERSATION_CHANNELS,
  CONVERSATION_STATUSES,
  MESSAGE_DIRECTIONS,
  MESSAGE_STATUSES,
  type ConversationChannel,
  type ConversationStatus,
  type MessageStatus,
} from "./enums";

/** Spec part 2 §9: conversations page size, stale threshold, detail polling and scroll delay. */
export const CONVERSATIONS_PER_PAGE = 20;
export const STALE_WAITING_MINUTES = 120;
export const CONVERSATION_POLL_MS = 5000;
export const CONVERSATION_SCROLL_DELAY_MS = 100;

/** Labels of spec part 2 §4 "Conversation status", "Channels" and "Outbound message status". */
export const CONVERSATION_STATUS_LABELS: Record<ConversationStatus, string> = {
  waiting: "Aguardando",
  in_progress: "Em Atendimento",
  resolved: "Resolvida",
  bot_handling: "Bot",
};

export const CONVERSATION_CHANNEL_LABELS: Record<ConversationChannel, string> = {
  whatsapp: "WhatsApp",
  web_chat: "Web Chat",
};

export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  sent: "Enviado",
  delivered: "Entregue",
  read: "Lido",
  failed: "Falhou",
};

/** A conversation as listed (spec part 2 §3 "Conversation"); phone in E.164. */
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
});
export type Conversation = z.infer<typeof conversationSchema>;

/** One message of a thread (spec part 2 §3 "Message"); inbound messages carry no delivery status. */
export const conversationMessageSchema = z.object({
  id: z.uuid(),
  content: z.string().nullable(),
  direction: z.enum(MESSAGE_DIRECTIONS),
  sent_at: z.string(),
  status: z.enum(MESSAGE_STATUSES).nullable(),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

/** GET /api/conversations/:id: the conversation with its messages, oldest first. */
export const conversationDetailSchema = conversationSchema.extend({
  messages: z.array(conversationMessageSchema),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

export const conversationListQuerySchema = pageQuerySchema.extend({
  per_page: pageQuerySchema.shape.per_page.default(CONVERSATIONS_PER_PAGE),
  status: z.enum(CONVERSATION_STATUSES, "Status inválido").optional(),
  channel: z.enum(CONVERSATION_CHANNELS, "Canal inválido").optional(),
  /** Patient name, phone or last message. */
  search: z.string().trim().max(200).optional(),
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
