import {
  STALE_WAITING_MINUTES,
  type Conversation,
  type ConversationDetail,
  type ConversationList,
  type ConversationListQuery,
  type ConversationUpdate,
} from "@clinora/contracts";
import type { Db } from "../../db/client";
import { iso, isoInstant } from "../../db/rows";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { pageOf, pageWindow } from "../../lib/pagination";
import type { TenantCaller } from "../../lib/caller";
import { recordAudit } from "../audit/audit.service";
import { conversationRepository, type ConversationRow, type MessageRow } from "./conversation.repository";

export type ConversationService = ReturnType<typeof conversationService>;

const NOT_FOUND = "Conversa não encontrada";
const MINUTE = 60_000;

function toConversationDto(row: ConversationRow): Conversation {
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
  };
}

function toMessageDto(row: MessageRow): ConversationDetail["messages"][number] {
  return { id: row.id, content: row.content, direction: row.direction, sent_at: isoInstant(row.sentAt), status: row.status };
}

export function conversationService(db: Db, clock: Clock) {
  return {
    /**
     * One page of the caller's conversations, newest activity first, with the number of stale waiting ones
     * (waiting, last message 120 minutes old or more: spec part 2 §4) over all of them, for the banner.
     */
    async list(caller: TenantCaller, q: ConversationListQuery): Promise<ConversationList> {
      const repo = conversationRepository(db, caller.professionalId);
      const staleBefore = new Date(clock.now().getTime() - STALE_WAITING_MINUTES * MINUTE);
      const [{ rows, total }, staleWaiting] = await Promise.all([
        repo.list({ status: q.status, channel: q.channel, search: q.search || undefined }, pageWindow(q)),
        repo.countWaitingSince(staleBefore),
      ]);
      return { ...pageOf(rows.map(toConversationDto), total, q), stale_waiting: staleWaiting };
    },

    /** The conversation with its thread; opening it marks its messages as read. */
    async get(caller: TenantCaller, id: string): Promise<ConversationDetail> {
      return db.transaction(async (tx) => {
        const repo = conversationRepository(tx, caller.professionalId);
        let row = await repo.findById(id);
        if (!row) throw AppError.notFound(NOT_FOUND);
        if (row.unreadCount > 0) row = (await repo.update(id, { unreadCount: 0 }))!;
        return { ...toConversationDto(row), messages: (await repo.listMessages(id)).map(toMessageDto) };
      });
    },

    async update(caller: TenantCaller, id: string, input: ConversationUpdate): Promise<Conversation> {
      return db.transaction(async (tx) => {
        const repo = conversationRepository(tx, caller.professionalId);
        const before = await repo.findById(id);
        if (!before) throw AppError.notFound(NOT_FOUND);
        const row = (await repo.update(id, { status: input.status }))!;
        await recordAudit(tx, caller, {
          action: "conversation.status_changed",
          entityType: "conversation",
          entityId: id,
          details: { from: before.status, to: input.status },
        });
        return toConversationDto(row);
      });
    },
  };
}
