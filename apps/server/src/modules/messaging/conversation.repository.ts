import { and, asc, count, desc, eq, getTableColumns, gte, ilike, inArray, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { HIGHEST_URGENCY, type ConversationChannel, type ConversationStatus } from "@clinora/contracts";
import type { DbOrTx } from "../../platform/db/client";
import { conversations, messages } from "./messaging.schema";
import { twilioNumbers } from "../whatsapp/whatsapp.schema";
import { foldedText, foldForSearch, likeContains } from "../../platform/db/text-search";
import { pageWithTotal } from "../../platform/lib/pagination";

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

/** A patient as its conversations are found: linked to it, or from its phone and not linked to anyone yet. */
export interface ThreadSubject {
  id: string;
  phone: string | null;
}

export interface ConversationFilters {
  status?: ConversationStatus;
  channel?: ConversationChannel;
  search?: string;
  /** Only the open conversations at the highest urgency (an emergency or a crisis). */
  urgent?: boolean;
}

/** An emergency or a crisis not resolved yet: listed first and marked (docs/decisions/022). */
const urgentOpen = and(gte(conversations.urgency, HIGHEST_URGENCY), ne(conversations.status, "resolved"));

/**
 * A reply of the conversation failed and was neither resent (a resend makes it queued again) nor its mark dismissed:
 * the list marks it whatever the conversation's status (docs/decisions/033).
 */
// Written out with table aliases: drizzle leaves column names unqualified inside a select's raw SQL, which a correlated
// subquery cannot have ("id" would be the message's own).
const failedReply = sql<boolean>`exists (select 1 from "messages" "m" where "m"."conversation_id" = "conversations"."id" and "m"."direction" = 'outbound' and "m"."status" = 'failed' and "m"."failure_dismissed_at" is null)`;

/**
 * The conversations of ONE professional: every query is scoped by the professional given at construction
 * (docs/decisions/004-tenancy-model.md).
 */
export function conversationRepository(db: DbOrTx, professionalId: string) {
  const own = eq(conversations.professionalId, professionalId);

  const searchCondition = (search: string): SQL | undefined => {
    const text = likeContains(foldForSearch(search));
    const digits = search.replace(/\D/g, "");
    return or(
      ilike(foldedText(conversations.patientName), text),
      ilike(foldedText(conversations.lastMessage), text),
      digits.length >= 3 ? ilike(conversations.phoneNumber, likeContains(digits)) : undefined,
    );
  };

  const conversationsOf = (s: ThreadSubject) =>
    and(own, or(eq(conversations.patientId, s.id), s.phone ? and(isNull(conversations.patientId), eq(conversations.phoneNumber, s.phone)) : undefined));

  return {
    /** `lock`: hold the row until the transaction ends (a reply and an inbound message never interleave). */
    async findById(id: string, options: { lock?: boolean } = {}) {
      const query = db.select().from(conversations).where(and(own, eq(conversations.id, id))).limit(1);
      const [row] = options.lock ? await query.for("update") : await query;
      return row ?? null;
    },

    /** Whether this professional has a WhatsApp sender number. */
    async hasSender() {
      const [row] = await db.select({ id: twilioNumbers.id }).from(twilioNumbers).where(eq(twilioNumbers.professionalId, professionalId)).limit(1);
      return row !== undefined;
    },

    /** Open emergencies and crises first, then newest activity first; conversations without messages last. */
    async list(filters: ConversationFilters, page: { limit: number; offset: number }) {
      const where = and(
        own,
        filters.status ? eq(conversations.status, filters.status) : undefined,
        filters.channel ? eq(conversations.channel, filters.channel) : undefined,
        filters.search ? searchCondition(filters.search) : undefined,
        filters.urgent ? urgentOpen : undefined,
      );
      return pageWithTotal(
        page,
        () =>
          db
            .select({ ...getTableColumns(conversations), failedReply: failedReply.mapWith(Boolean) })
            .from(conversations)
            .where(where)
            .orderBy(
              sql`case when ${urgentOpen} then 0 else 1 end`,
              sql`${conversations.lastMessageAt} desc nulls last`,
              desc(conversations.createdAt),
              asc(conversations.id),
            )
            .limit(page.limit)
            .offset(page.offset),
        async () => (await db.select({ n: count() }).from(conversations).where(where))[0]?.n ?? 0,
      );
    },

    /** Waiting conversations whose last message is at or before `lastMessageBefore`. */
    async countWaitingSince(lastMessageBefore: Date) {
      const [row] = await db
        .select({ n: count() })
        .from(conversations)
        .where(and(own, eq(conversations.status, "waiting"), lte(conversations.lastMessageAt, lastMessageBefore)));
      return row?.n ?? 0;
    },

    /** The thread of one conversation, oldest first. */
    async listMessages(conversationId: string) {
      return db
        .select()
        .from(messages)
        .where(and(eq(messages.professionalId, professionalId), eq(messages.conversationId, conversationId)))
        .orderBy(asc(messages.sentAt), asc(messages.createdAt), asc(messages.id));
    },

    /** Whether a reply of the conversation failed and its mark stands (see failedReply). */
    async hasFailedReply(id: string) {
      const [row] = await db.select({ failed: failedReply.mapWith(Boolean) }).from(conversations).where(and(own, eq(conversations.id, id))).limit(1);
      return row?.failed ?? false;
    },

    /** Dismisses the failure mark of one failed outbound message of this professional's conversation; false when there is none. */
    async dismissFailure(conversationId: string, messageId: string, at: Date) {
      const rows = await db
        .update(messages)
        .set({ failureDismissedAt: at })
        .where(
          and(
            eq(messages.professionalId, professionalId),
            eq(messages.conversationId, conversationId),
            eq(messages.id, messageId),
            eq(messages.direction, "outbound"),
            eq(messages.status, "failed"),
          ),
        )
        .returning({ id: messages.id });
      return rows.length > 0;
    },

    async update(id: string, values: Partial<Pick<ConversationRow, "status" | "unreadCount" | "resolvedAt" | "urgency">>) {
      const [row] = await db
        .update(conversations)
        .set({ ...values, updatedAt: new Date() })
        .where(and(own, eq(conversations.id, id)))
        .returning();
      return row ?? null;
    },

    /** The patient's conversations, oldest first, each with its thread (oldest first). */
    async threadsOf(subject: ThreadSubject) {
      const convs = await db.select().from(conversations).where(conversationsOf(subject)).orderBy(asc(conversations.createdAt));
      if (convs.length === 0) return [];
      const msgs = await db
        .select()
        .from(messages)
        .where(and(eq(messages.professionalId, professionalId), inArray(messages.conversationId, convs.map((c) => c.id))))
        .orderBy(asc(messages.sentAt), asc(messages.createdAt));
      return convs.map((conversation) => ({ conversation, messages: msgs.filter((m) => m.conversationId === conversation.id) }));
    },

    /**
     * Anonymisation: the patient's conversations keep their dates and statuses; who it was and what was said go.
     * Answers the ids of the conversations scrubbed.
     */
    async scrubThreadsOf(subject: ThreadSubject, replacement: { name: string; text: string }, at: Date): Promise<string[]> {
      const convs = await db
        .update(conversations)
        .set({ patientId: subject.id, patientName: replacement.name, phoneNumber: null, lastMessage: null, updatedAt: at })
        .where(conversationsOf(subject))
        .returning({ id: conversations.id });
      if (convs.length === 0) return [];
      await db
        .update(messages)
        // A reminder's template variables carry the patient's first name and the appointment (docs/decisions/017).
        .set({ content: replacement.text, contentVariables: null, updatedAt: at })
        .where(and(eq(messages.professionalId, professionalId), inArray(messages.conversationId, convs.map((c) => c.id))));
      return convs.map((c) => c.id);
    },
  };
}
