import { sql } from "drizzle-orm";
import { customType, index, integer, jsonb, pgEnum, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { CONVERSATION_CHANNELS, CONVERSATION_STATUSES, MEDIA_KINDS, MEDIA_STATUSES, MESSAGE_DIRECTIONS, MESSAGE_SENDERS, MESSAGE_STATUSES, TRANSCRIPT_STATUSES } from "@clinora/contracts";
import { belongsTo, createdAt, id, updatedAt } from "../../platform/db/columns";
import { patients } from "../patients/patients.schema";
import { professionals } from "../professionals/professionals.schema";

export const conversationStatus = pgEnum("conversation_status", CONVERSATION_STATUSES);
export const conversationChannel = pgEnum("conversation_channel", CONVERSATION_CHANNELS);
export const messageDirection = pgEnum("message_direction", MESSAGE_DIRECTIONS);
export const messageStatus = pgEnum("message_status", MESSAGE_STATUSES);
export const messageSender = pgEnum("message_sender", MESSAGE_SENDERS);
export const mediaKind = pgEnum("media_kind", MEDIA_KINDS);
export const mediaStatus = pgEnum("media_status", MEDIA_STATUSES);
export const transcriptStatus = pgEnum("transcript_status", TRANSCRIPT_STATUSES);

/** A WhatsApp or web-chat thread with one patient (docs/product/conversations-and-whatsapp.md §3 "Conversation"). */
export const conversations = pgTable(
  "conversations",
  {
    id: id(),
    professionalId: belongsTo("professional_id", () => professionals.id),
    patientId: uuid("patient_id").references(() => patients.id, { onDelete: "set null" }),
    patientName: text("patient_name"),
    phoneNumber: text("phone_number"),
    channel: conversationChannel("channel").notNull().default("whatsapp"),
    status: conversationStatus("status").notNull().default("waiting"),
    lastMessage: text("last_message"),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
    unreadCount: integer("unread_count").notNull().default(0),
    urgency: integer("urgency").notNull().default(0),
    /** When the patient last wrote: WhatsApp's 24-hour window for free text runs from here. */
    lastInboundAt: timestamp("last_inbound_at", { withTimezone: true }),
    /** When the conversation was last resolved: the assistant's context starts after it. */
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("conversations_professional_last_idx").on(t.professionalId, t.lastMessageAt),
    index("conversations_professional_status_idx").on(t.professionalId, t.status, t.lastMessageAt),
    index("conversations_professional_phone_idx").on(t.professionalId, t.phoneNumber),
  ],
);

/** One message of a conversation; `external_id` is Twilio's MessageSid, stored once. */
export const messages = pgTable(
  "messages",
  {
    id: id(),
    professionalId: belongsTo("professional_id", () => professionals.id),
    conversationId: belongsTo("conversation_id", () => conversations.id),
    direction: messageDirection("direction").notNull(),
    sender: messageSender("sender").notNull().default("patient"),
    content: text("content"),
    /** Delivery status of outbound messages; inbound messages have none. */
    status: messageStatus("status"),
    externalId: text("external_id"),
    errorCode: text("error_code"),
    /** The inbound message an assistant reply answers: one reply per inbound message, whatever the retries. */
    replyToMessageId: uuid("reply_to_message_id"),
    /** An approved Twilio content template sent instead of free text (reminders outside the 24-hour window). */
    contentSid: text("content_sid"),
    contentVariables: jsonb("content_variables").$type<Record<string, string>>(),
    /**
     * When a send job was about to hand this outbound message to Twilio, written before the call: a message with
     * it and no external_id may have reached Twilio, so a later attempt looks for it there before sending again.
     */
    sendAttemptedAt: timestamp("send_attempted_at", { withTimezone: true }),
    /**
     * When the professional dismissed this failed message's mark ("Dispensar aviso"): until then, or until it is
     * resent, its conversation keeps a failure mark in Conversas' list, whatever its status (docs/decisions/033).
     */
    failureDismissedAt: timestamp("failure_dismissed_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("messages_conversation_idx").on(t.conversationId, t.sentAt),
    index("messages_professional_sent_idx").on(t.professionalId, t.sentAt),
    index("messages_sent_idx").on(t.sentAt),
    uniqueIndex("messages_external_id_key").on(t.externalId),
    uniqueIndex("messages_reply_to_key").on(t.replyToMessageId).where(sql`${t.replyToMessageId} is not null`),
  ],
);

/**
 * Things the platform's administrators should see that belong to no request: e.g. an inbound WhatsApp message
 * to a number no professional owns (stored as the event, never the message).
 */
export const systemEvents = pgTable(
  "system_events",
  {
    id: id(),
    kind: text("kind").notNull(),
    professionalId: uuid("professional_id").references(() => professionals.id, { onDelete: "cascade" }),
    detail: jsonb("detail").notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("system_events_kind_created_idx").on(t.kind, t.createdAt)],
);

/** PostgreSQL's bytea as a Buffer (both drivers hand back bytes; PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A file of a WhatsApp message (docs/decisions/026): a patient's voice note, photo or document fetched
 * from Twilio, or a file the professional sent. The bytes live here, in the practice's database, so tenancy,
 * the LGPD export, anonymisation and every backup cover them like any other row.
 */
export const messageMedia = pgTable(
  "message_media",
  {
    id: id(),
    professionalId: belongsTo("professional_id", () => professionals.id),
    conversationId: belongsTo("conversation_id", () => conversations.id),
    messageId: belongsTo("message_id", () => messages.id),
    /** Its place in the message (Twilio's MediaUrl{i}). */
    position: smallint("position").notNull().default(0),
    kind: mediaKind("kind").notNull(),
    /** The type Twilio declared (MediaContentType{i}) or the professional's upload had, without parameters. */
    contentType: text("content_type").notNull(),
    fileName: text("file_name"),
    sizeBytes: integer("size_bytes"),
    status: mediaStatus("status").notNull().default("pending"),
    /** Why it is not ready, in Portuguese, as the thread shows it. */
    statusMessage: text("status_message"),
    /** Twilio's MediaUrl of an inbound file (fetched with the account's credentials); cleared by anonymisation. */
    sourceUrl: text("source_url"),
    data: bytea("data"),
    transcript: text("transcript"),
    transcriptStatus: transcriptStatus("transcript_status"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("message_media_message_position_key").on(t.messageId, t.position),
    index("message_media_professional_conversation_idx").on(t.professionalId, t.conversationId),
  ],
);
