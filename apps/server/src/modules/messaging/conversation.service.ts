import {
  canResendAfter,
  explainTwilioError,
  MEDIA_MAX_BYTES,
  MSG,
  outboundMediaKind,
  type ConversationAttachmentQuery,
  type ConversationMessage,
  REPLY_BLOCKED_MESSAGES,
  STALE_WAITING_MINUTES,
  WHATSAPP_REPLY_WINDOW_HOURS,
  type ConversationReply,
  type Conversation,
  type ConversationDetail,
  type ConversationList,
  type ConversationListQuery,
  type ConversationUpdate,
} from "@clinora/contracts";
import type { Db } from "../../platform/db/client";
import type { WhatsappOutboundService } from "./whatsapp-outbound.service";
import { iso, isoInstant } from "../../platform/db/rows";
import { AppError } from "../../platform/lib/app-error";
import type { Clock } from "../../platform/lib/clock";
import { pageOf, pageWindow } from "../../platform/lib/pagination";
import type { TenantCaller } from "../../platform/lib/caller";
import { recordAudit } from "../audit";
import { conversationRepository, type ConversationRow, type MessageRow } from "./conversation.repository";
import { messageRepository } from "./message.repository";
import { mediaRepository, type MediaInfo, type MediaRow } from "./media/media.repository";
import { toMediaDto } from "./media/media.service";
import { looksLike } from "../../platform/lib/file-signature";
import { mediaLabel } from "./media/media-rules";

export type ConversationService = ReturnType<typeof conversationService>;

const NOT_FOUND = "Conversa não encontrada";
const MINUTE = 60_000;

function toConversationDto(row: ConversationRow, failedReply: boolean): Conversation {
  return {
    id: row.id,
    patient_id: row.patientId,
    patient_name: row.patientName,
    phone_number: row.phoneNumber,
    status: row.status,
    channel: row.channel,
    last_message: row.lastMessage,
    last_message_at: iso(row.lastMessageAt),
    unread_count: row.unreadCount,
    urgency: row.urgency,
    failed_reply: failedReply,
  };
}

function toMessageDto(row: MessageRow, media: readonly MediaInfo[] = []): ConversationMessage {
  return {
    id: row.id,
    content: row.content,
    direction: row.direction,
    sent_at: isoInstant(row.sentAt),
    status: row.status,
    sender: row.sender,
    error_code: row.errorCode,
    error_message: row.status === "failed" ? explainTwilioError(row.errorCode) : null,
    resendable: row.status === "failed" && canResendAfter(row.errorCode),
    failure_dismissed: row.failureDismissedAt !== null,
    media: media.map(toMediaDto),
  };
}

/**
 * WhatsApp's customer-service window: free text until 24 h after the patient's last message
 * (https://developers.facebook.com/docs/whatsapp/pricing#customer-service-windows). Web chat has none.
 */
function replyWindow(row: ConversationRow, now: Date, hasSender: boolean): ConversationDetail["reply_window"] {
  if (row.channel !== "whatsapp") return { open: true, closes_at: null, reason: null };
  const closesAt = row.lastInboundAt ? new Date(row.lastInboundAt.getTime() + WHATSAPP_REPLY_WINDOW_HOURS * 60 * MINUTE) : null;
  const closes_at = closesAt ? isoInstant(closesAt) : null;
  if (!row.phoneNumber) return { open: false, closes_at, reason: "no_phone" };
  if (!hasSender) return { open: false, closes_at, reason: "no_sender" };
  if (!closesAt || closesAt.getTime() <= now.getTime()) return { open: false, closes_at, reason: "window_closed" };
  return { open: true, closes_at, reason: null };
}

/** A WhatsApp template variable cannot hold line breaks or long runs of spaces: the text as one line. */
const asTemplateVariable = (text: string) => text.replace(/\s*\n\s*/g, " · ").replace(/\s{2,}/g, " ").trim();

export interface ConversationDeps {
  outbound: WhatsappOutboundService;
  wake: () => void;
  /** TWILIO_RESEND_CONTENT_SID: the approved template ({{1}} = the text) for a resend outside the 24-hour window. */
  resendContentSid?: string;
}

export function conversationService(db: Db, clock: Clock, deps: ConversationDeps) {
  /** Messages with their files (one query for the files of the whole thread). */
  const withMedia = async (tx: Parameters<typeof mediaRepository>[0], professionalId: string, rows: MessageRow[]): Promise<ConversationMessage[]> => {
    const files = await mediaRepository(tx).listOfMessages(professionalId, rows.map((m) => m.id));
    return rows.map((m) => toMessageDto(m, files.filter((f) => f.messageId === m.id)));
  };

  const detail = async (repo: ReturnType<typeof conversationRepository>, row: ConversationRow, tx: Parameters<typeof mediaRepository>[0] = db): Promise<ConversationDetail> => {
    const rows = await repo.listMessages(row.id);
    const failedReply = rows.some((m) => m.direction === "outbound" && m.status === "failed" && m.failureDismissedAt === null);
    return {
      ...toConversationDto(row, failedReply),
      messages: await withMedia(tx, row.professionalId, rows),
      reply_window: replyWindow(row, clock.now(), row.channel === "whatsapp" && (await repo.hasSender())),
    };
  };

  return {
    /**
     * One page of the caller's conversations, newest activity first, with the number of stale waiting ones
     * (waiting, last message 120 minutes old or more: docs/product/conversations-and-whatsapp.md §4) over all of them, for the banner.
     */
    async list(caller: TenantCaller, q: ConversationListQuery): Promise<ConversationList> {
      const repo = conversationRepository(db, caller.professionalId);
      const staleBefore = new Date(clock.now().getTime() - STALE_WAITING_MINUTES * MINUTE);
      const [{ rows, total }, staleWaiting] = await Promise.all([
        repo.list({ status: q.status, channel: q.channel, search: q.search || undefined, urgent: q.urgent }, pageWindow(q)),
        repo.countWaitingSince(staleBefore),
      ]);
      return { ...pageOf(rows.map((r) => toConversationDto(r, r.failedReply)), total, q), stale_waiting: staleWaiting };
    },

    /** The conversation with its thread; opening it marks its messages as read. */
    async get(caller: TenantCaller, id: string): Promise<ConversationDetail> {
      return db.transaction(async (tx) => {
        const repo = conversationRepository(tx, caller.professionalId);
        let row = await repo.findById(id);
        if (!row) throw AppError.notFound(NOT_FOUND);
        if (row.unreadCount > 0) row = (await repo.update(id, { unreadCount: 0 }))!;
        return detail(repo, row, tx);
      });
    },

    /**
     * The professional's reply: sent like the assistant's (through Twilio for WhatsApp) and the conversation
     * becomes `in_progress`, which silences the assistant until 'Resolver'. Outside WhatsApp's 24-hour window
     * nothing is sent: 409 with the reason.
     */
    async reply(caller: TenantCaller, id: string, input: ConversationReply): Promise<ConversationDetail> {
      const result = await db.transaction(async (tx) => {
        const repo = conversationRepository(tx, caller.professionalId);
        const row = await repo.findById(id, { lock: true });
        if (!row) throw AppError.notFound(NOT_FOUND);
        const window = replyWindow(row, clock.now(), row.channel === "whatsapp" && (await repo.hasSender()));
        if (window.reason) throw AppError.conflict(REPLY_BLOCKED_MESSAGES[window.reason]);
        await deps.outbound.queue(tx, { conversation: row, content: input.content, sender: "professional", at: clock.now() });
        const updated = (await repo.update(id, { status: "in_progress", unreadCount: 0 }))!;
        if (row.status !== "in_progress") {
          await recordAudit(tx, caller, { action: "conversation.status_changed", entityType: "conversation", entityId: id, details: { from: row.status, to: "in_progress" } });
        }
        return detail(repo, updated, tx);
      });
      deps.wake();
      return result;
    },

    /**
     * Reenviar: a failed WhatsApp message of this conversation goes out again through the send queue. Inside the
     * patient's 24-hour window as free text; outside it as an approved template (its own, for a reminder; else
     * TWILIO_RESEND_CONTENT_SID), or 409 when there is none. Idempotent: a message no longer failed (a double click,
     * another tab) is not sent again and the answer is the thread as it is.
     */
    async resend(caller: TenantCaller, id: string, messageId: string): Promise<ConversationDetail> {
      const result = await db.transaction(async (tx) => {
        const repo = conversationRepository(tx, caller.professionalId);
        // The conversation's lock puts two resends of one message one after the other.
        const row = await repo.findById(id, { lock: true });
        if (!row) throw AppError.notFound(NOT_FOUND);
        const message = await messageRepository(tx).findOutbound(messageId);
        if (!message || message.conversationId !== id || message.professionalId !== caller.professionalId) throw AppError.notFound(MSG.messageNotFound);
        // Already resent (or never failed): nothing more goes out.
        if (message.status !== "failed") return detail(repo, row, tx);
        // An invalid or non-WhatsApp number, an opt-out: sending again would only fail again.
        if (!canResendAfter(await messageRepository(tx).errorCodeOf(message.id))) throw AppError.conflict(MSG.resendCannotSucceed);
        const window = replyWindow(row, clock.now(), row.channel === "whatsapp" && (await repo.hasSender()));
        if (window.reason === "no_phone" || window.reason === "no_sender") throw AppError.conflict(REPLY_BLOCKED_MESSAGES[window.reason]);
        let template: { contentSid: string; variables: Record<string, string> } | null = null;
        if (window.reason === "window_closed") {
          if (message.contentSid) template = { contentSid: message.contentSid, variables: message.contentVariables ?? {} };
          else if (deps.resendContentSid) template = { contentSid: deps.resendContentSid, variables: { "1": asTemplateVariable(message.content ?? "") } };
          else throw AppError.conflict(MSG.resendNoTemplate);
        }
        await deps.outbound.resend(tx, { id: message.id, professionalId: caller.professionalId, previousSid: message.externalId, template, at: clock.now() });
        return detail(repo, row, tx);
      });
      deps.wake();
      return result;
    },

    /**
     * The professional sends a file (an image or a PDF, up to 16 MB) from the reply box, with an optional caption:
     * stored with its message in one transaction, then sent like a reply; Twilio fetches it from a signed, expiring
     * link. Same 24-hour window as a text reply.
     */
    async sendFile(caller: TenantCaller, id: string, file: { data: Buffer; contentType: string | undefined }, q: ConversationAttachmentQuery): Promise<ConversationMessage> {
      const kind = outboundMediaKind(file.contentType);
      if (!kind) throw new AppError(415, MSG.attachmentTypeNotAccepted, "unsupported_media_type");
      if (file.data.length > MEDIA_MAX_BYTES) throw new AppError(413, MSG.attachmentTooLarge, "payload_too_large");
      const invalid = (detail: string) => new AppError(422, detail, "validation", [{ loc: ["body"], msg: detail, type: "value_error" }]);
      if (file.data.length === 0) throw invalid(MSG.attachmentEmpty);
      if (!looksLike(file.contentType!, file.data)) throw invalid(MSG.mediaEmpty);
      const contentType = file.contentType!.split(";")[0]!.trim().toLowerCase();
      const caption = q.caption?.trim() ?? "";
      const result = await db.transaction(async (tx) => {
        const repo = conversationRepository(tx, caller.professionalId);
        const row = await repo.findById(id, { lock: true });
        if (!row) throw AppError.notFound(NOT_FOUND);
        if (row.channel !== "whatsapp") throw AppError.conflict(MSG.attachmentWhatsappOnly);
        const window = replyWindow(row, clock.now(), await repo.hasSender());
        if (window.reason) throw AppError.conflict(REPLY_BLOCKED_MESSAGES[window.reason]);
        const now = clock.now();
        const messageId = await deps.outbound.queue(tx, { conversation: row, content: caption, sender: "professional", at: now });
        if (!messageId) throw AppError.conflict(MSG.attachmentSendError);
        await mediaRepository(tx).insert([
          { professionalId: caller.professionalId, conversationId: id, messageId, position: 0, kind, contentType, fileName: q.file_name, sizeBytes: file.data.length, status: "ready", data: file.data },
        ]);
        await repo.update(id, { status: "in_progress", unreadCount: 0 });
        if (!caption) await messageRepository(tx).updateConversation(caller.professionalId, id, { lastMessage: mediaLabel(kind) });
        if (row.status !== "in_progress") {
          await recordAudit(tx, caller, { action: "conversation.status_changed", entityType: "conversation", entityId: id, details: { from: row.status, to: "in_progress" } });
        }
        const message = (await repo.listMessages(id)).find((m) => m.id === messageId)!;
        return (await withMedia(tx, caller.professionalId, [message]))[0]!;
      });
      deps.wake();
      return result;
    },

    /** One file of the caller's conversation, with its bytes, once it is ready (404 for anyone else's). */
    async media(caller: TenantCaller, id: string, mediaId: string): Promise<MediaRow> {
      const row = await mediaRepository(db).findOwn(caller.professionalId, id, mediaId);
      if (!row || row.status !== "ready" || !row.data) throw AppError.notFound(MSG.mediaNotFound);
      return row;
    },

    async update(caller: TenantCaller, id: string, input: ConversationUpdate): Promise<Conversation> {
      return db.transaction(async (tx) => {
        const repo = conversationRepository(tx, caller.professionalId);
        const before = await repo.findById(id);
        if (!before) throw AppError.notFound(NOT_FOUND);
        // Resolving ends the session: the assistant's next context starts after this moment, at no urgency.
        const row = (await repo.update(id, { status: input.status, ...(input.status === "resolved" ? { resolvedAt: clock.now(), urgency: 0 } : {}) }))!;
        await recordAudit(tx, caller, {
          action: "conversation.status_changed",
          entityType: "conversation",
          entityId: id,
          details: { from: before.status, to: input.status },
        });
        return toConversationDto(row, await repo.hasFailedReply(id));
      });
    },

    /**
     * "Dispensar aviso": the professional has dealt with a failed message another way (a call, a fixed number); its
     * conversation is no longer marked in the list. The message stays failed in the thread. 404 for a message that is
     * not a failed reply of this conversation.
     */
    async dismissFailure(caller: TenantCaller, id: string, messageId: string): Promise<ConversationDetail> {
      return db.transaction(async (tx) => {
        const repo = conversationRepository(tx, caller.professionalId);
        const row = await repo.findById(id, { lock: true });
        if (!row) throw AppError.notFound(NOT_FOUND);
        if (!(await repo.dismissFailure(id, messageId, clock.now()))) throw AppError.notFound(MSG.messageNotFound);
        await recordAudit(tx, caller, { action: "conversation.failure_dismissed", entityType: "conversation", entityId: id, details: { message_id: messageId } });
        return detail(repo, row, tx);
      });
    },
  };
}
