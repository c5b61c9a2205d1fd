import { and, asc, count, desc, eq, getTableColumns, gte, inArray, isNotNull, sql, type Placeholder } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AiProvider, ConversationChannel, ConsentStatus, MessageStatus } from "@clinora/contracts";
import type { DbOrTx } from "../../platform/db/client";
import { conversations, messageMedia, messages, systemEvents } from "./messaging.schema";
import { assistantSettings } from "../assistant-settings/assistant-settings.schema";
import { patients } from "../patients/patients.schema";
import { twilioNumbers } from "../whatsapp/whatsapp.schema";
import { assistantSwitchFields, providerOrDefault } from "../assistant-settings";
import { latestConsentStatus } from "../consent";
import { insertJob, newJobRow, type EnqueueSpec } from "../../platform/jobs/job.repository";
import { mediaRepository } from "./media/media.repository";
import { preparedStatement, rowShape, valueOf } from "../../platform/db/prepared-statement";

export type ConversationRow = typeof conversations.$inferSelect;
type PlaceholderRow = Record<string, Placeholder | null>;
export type MessageRow = typeof messages.$inferSelect;

/** An outbound message ready to send, with what sending it needs. */
export interface OutboundToSend {
  id: string;
  professionalId: string;
  conversationId: string;
  content: string | null;
  status: MessageStatus | null;
  externalId: string | null;
  createdAt: Date;
  channel: ConversationChannel;
  phoneNumber: string | null;
  /** An approved content template to send instead of the text (which is then only what the thread shows). */
  contentSid: string | null;
  contentVariables: Record<string, string> | null;
  /** Set when an attempt was about to call Twilio (markSendAttempted): it may have reached Twilio. */
  sendAttemptedAt: Date | null;
  /** The professional's sender number (`whatsapp:+E164`, the oldest when several; as findSenderOf), read with it. */
  sender: string | null;
  /** Whether the message has files (their links are made only then: a reply has none). */
  hasFiles: boolean;
}

/**
 * How far along a delivery status is: a callback only ever moves a message forward (Twilio's callbacks arrive out
 * of order; read stays read). A failure can follow queued or sent, never a delivered or read message.
 */
const STATUS_RANK = sql`(case ${messages.status} when 'queued' then 0 when 'sent' then 1 when 'failed' then 2 when 'delivered' then 3 when 'read' then 4 else -1 end)`;
const RANK_OF: Record<MessageStatus, number> = { queued: 0, sent: 1, failed: 2, delivered: 3, read: 4 };

/**
 * What the webhook must know about an inbound message before it stores it, read in one statement: whose number it
 * was sent to, that professional's latest WhatsApp conversation with the sender (locked until the transaction
 * ends), the patient with the sender's phone, the assistant's switch and the sender's latest choice about the
 * assistant (a withdrawal silences it, docs/decisions/018).
 */
export interface InboundRouting {
  professionalId: string;
  conversation: ConversationRow | null;
  /** The professional's patient with this phone (the oldest record), whether or not the conversation names one. */
  patient: { id: string; name: string } | null;
  assistantSwitch: { enabled: boolean; provider: AiProvider };
  assistantConsent: ConsentStatus | null;
}

/**
 * A status callback's one statement (a callback is frequent: several per message): the update, and whether the sid
 * is ours at all. The outer read sees the rows as before the update, which does not change external_id. Built once
 * (preparedStatement); a failure also records its error code, any other status keeps the one there.
 */
const advanceStatusStatement = (failed: boolean) =>
  preparedStatement(["externalId", "status", "rank", "errorCode", "now"], (db, p) => {
    const advanced = db.$with("advanced").as(
      db
        .update(messages)
        .set({ status: valueOf<MessageStatus>(p.status), errorCode: failed ? valueOf<string>(p.errorCode) : messages.errorCode, updatedAt: valueOf<Date>(p.now) })
        .where(and(eq(messages.externalId, p.externalId), sql`${STATUS_RANK} < ${p.rank}`))
        .returning({ id: messages.id }),
    );
    return db
      .with(advanced)
      .select({
        known: sql<boolean>`exists (select 1 from ${advanced}) or exists (select 1 from ${messages} where ${eq(messages.externalId, p.externalId)})`,
      })
      .from(sql`(select 1) as one`);
  });
const advanceToFailed = advanceStatusStatement(true);
const advanceStatusTo = advanceStatusStatement(false);

/** routeInbound's statement, run for every inbound message: built once (preparedStatement). */
const routeInboundStatement = preparedStatement(["twilioNumber", "phone"], (db, p) => {
  const conversation = db
    .select()
    .from(conversations)
    .where(and(eq(conversations.professionalId, twilioNumbers.professionalId), eq(conversations.channel, "whatsapp"), eq(conversations.phoneNumber, p.phone)))
    .orderBy(desc(conversations.createdAt))
    .limit(1)
    .for("update")
    .as("conversation");
  const patient = db
    .select({ id: patients.id, name: patients.name })
    .from(patients)
    .where(and(eq(patients.professionalId, twilioNumbers.professionalId), eq(patients.phone, p.phone)))
    .orderBy(asc(patients.createdAt))
    .limit(1)
    .as("patient");
  const conversationFields = Object.fromEntries(Object.keys(getTableColumns(conversations)).map((k) => [k, conversation[k as keyof ConversationRow]])) as {
    [K in keyof ConversationRow]: (typeof conversation)[K];
  };
  return db
    .select({
      professionalId: twilioNumbers.professionalId,
      conversation: conversationFields,
      patient: { id: patient.id, name: patient.name },
      ...assistantSwitchFields,
      assistantConsent: latestConsentStatus(twilioNumbers.professionalId, "whatsapp_assistant", {
        phone: p.phone,
        patientId: sql`coalesce(${conversation.patientId}, ${patient.id})`,
      }),
    })
    .from(twilioNumbers)
    .leftJoin(assistantSettings, eq(assistantSettings.professionalId, twilioNumbers.professionalId))
    .leftJoinLateral(conversation, sql`true`)
    .leftJoinLateral(patient, sql`true`)
    .where(and(eq(twilioNumbers.twilioNumber, p.twilioNumber), isNotNull(twilioNumbers.professionalId)))
    .limit(1);
});

/**
 * storeInbound's and storeReply's statement, run for every inbound message and every reply the assistant writes, built
 * once per shape of its rows (the columns the message, the conversation's change and the job write: a handful of
 * combinations) and of its guard. `whileAssistant`: the conversation changes only while it is the assistant's
 * (bot_handling; the row lock and PostgreSQL's re-check of a row changed meanwhile make this hold at commit);
 * `raiseUrgency`: its urgency becomes at least the `urgency` parameter. It answers no row when the conversation was
 * not changed (the message was already stored, or the guard failed): the caller then rolls back, which also undoes
 * the message and the job.
 */
const storeStatements = new Map<string, ReturnType<typeof storeStatement>>();
const storeStatement = (message: PlaceholderRow, changes: PlaceholderRow, job: PlaceholderRow | null, guard: { whileAssistant: boolean; raiseUrgency: boolean }) =>
  preparedStatement(["professionalId", "conversationId", "now", "urgency"], (db, p) => {
    const stored = db.$with("stored").as(
      db
        .insert(messages)
        .values(message as never)
        .onConflictDoNothing()
        .returning({ id: messages.id }),
    );
    const queued = job ? [db.$with("queued").as(insertJob(db, job as never))] : [];
    return db
      .with(stored, ...queued)
      .update(conversations)
      .set({
        ...(changes as Partial<ConversationRow>),
        ...(guard.raiseUrgency ? { urgency: sql`greatest(${conversations.urgency}, ${p.urgency})` } : {}),
        updatedAt: valueOf<Date>(p.now),
      })
      .where(
        and(
          eq(conversations.professionalId, p.professionalId),
          eq(conversations.id, p.conversationId),
          guard.whileAssistant ? eq(conversations.status, "bot_handling") : undefined,
          sql`exists (select 1 from ${stored})`,
        ),
      )
      .returning({ id: conversations.id });
  });

/** Runs storeStatement for these rows: whether the conversation was changed (and so the message stored). */
async function storeWithConversation(
  db: DbOrTx,
  p: {
    message: typeof messages.$inferInsert & { id: string };
    conversation: { professionalId: string; id: string; values: Partial<Omit<ConversationRow, "id" | "professionalId" | "createdAt">> };
    job: EnqueueSpec | null;
    whileAssistant?: boolean;
    raiseUrgencyTo?: number;
  },
): Promise<boolean> {
  const message = rowShape("m_", p.message);
  const changes = rowShape("c_", p.conversation.values);
  const job = p.job ? rowShape("j_", newJobRow(p.job)) : null;
  const guard = { whileAssistant: p.whileAssistant === true, raiseUrgency: p.raiseUrgencyTo !== undefined };
  const shape = `${message.shape}|${changes.shape}|${job?.shape ?? "-"}|${guard.whileAssistant}|${guard.raiseUrgency}`;
  let store = storeStatements.get(shape);
  if (!store) storeStatements.set(shape, (store = storeStatement(message.placeholders(), changes.placeholders(), job?.placeholders() ?? null, guard)));
  const rows = await store(db, {
    ...message.values(),
    ...changes.values(),
    ...job?.values(),
    professionalId: p.conversation.professionalId,
    conversationId: p.conversation.id,
    now: new Date(),
    urgency: p.raiseUrgencyTo ?? null,
  });
  return rows.length > 0;
}

// The reply path's other statements (webhook → reply job → send), built once each (docs/decisions/036).
/** Whether the message (an id, a placeholder for one, or a column) has files, for a read that needs them only then. */
const hasFiles = (messageId: Placeholder | typeof messages.id) => sql<boolean>`exists (select 1 from ${messageMedia} where ${eq(messageMedia.messageId, messageId)})`;
const conversationWhere = (p: { professionalId: Placeholder; id: Placeholder }) => and(eq(conversations.professionalId, p.professionalId), eq(conversations.id, p.id));
const conversationById = preparedStatement(["professionalId", "id"], (db, p) => db.select().from(conversations).where(conversationWhere(p)).limit(1));
const lockConversationById = preparedStatement(["professionalId", "id"], (db, p) => db.select().from(conversations).where(conversationWhere(p)).limit(1).for("update"));
const inboundOfConversation = alias(messages, "latest_inbound");
const replyTarget = preparedStatement(["professionalId", "id", "messageId"], (db, p) =>
  db
    .select({
      ...getTableColumns(conversations),
      replied: sql<boolean>`exists (select 1 from ${messages} where ${eq(messages.replyToMessageId, p.messageId)})`,
      // Whether the message came with files: their rows are read only then (a text message has none).
      hasFiles: hasFiles(p.messageId),
      // The latest inbound message: the one a reply should answer.
      latestInboundId: sql<string | null>`(${db
        .select({ id: inboundOfConversation.id })
        .from(inboundOfConversation)
        .where(and(eq(inboundOfConversation.conversationId, conversations.id), eq(inboundOfConversation.direction, "inbound")))
        .orderBy(desc(inboundOfConversation.sentAt), desc(inboundOfConversation.createdAt))
        .limit(1)})`,
    })
    .from(conversations)
    .where(conversationWhere(p))
    .limit(1),
);
const conversationUpdates = new Map<string, ReturnType<typeof conversationUpdate>>();
const conversationUpdate = (changes: PlaceholderRow) =>
  preparedStatement(["professionalId", "id", "now"], (db, p) =>
    db
      .update(conversations)
      .set({ ...(changes as Partial<ConversationRow>), updatedAt: valueOf<Date>(p.now) })
      .where(conversationWhere(p))
      .returning(),
  );
const messageInserts = new Map<string, ReturnType<typeof messageInsertOnce>>();
const messageInsertOnce = (row: PlaceholderRow) =>
  preparedStatement([], (db) =>
    db
      .insert(messages)
      .values(row as never)
      .onConflictDoNothing()
      .returning({ id: messages.id }),
  );
const replyOf = preparedStatement(["inboundMessageId"], (db, p) => db.select({ id: messages.id }).from(messages).where(eq(messages.replyToMessageId, p.inboundMessageId)).limit(1));
const outboundById = preparedStatement(["id"], (db, p) =>
  db
    .select({
      id: messages.id,
      professionalId: messages.professionalId,
      conversationId: messages.conversationId,
      content: messages.content,
      status: messages.status,
      externalId: messages.externalId,
      createdAt: messages.createdAt,
      channel: conversations.channel,
      phoneNumber: conversations.phoneNumber,
      contentSid: messages.contentSid,
      contentVariables: messages.contentVariables,
      sendAttemptedAt: messages.sendAttemptedAt,
      // The send's other read in the same statement (one round trip less per reply).
      sender: sql<string | null>`(${db
        .select({ n: twilioNumbers.twilioNumber })
        .from(twilioNumbers)
        .where(eq(twilioNumbers.professionalId, messages.professionalId))
        .orderBy(twilioNumbers.createdAt)
        .limit(1)})`,
      hasFiles: hasFiles(messages.id),
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(eq(messages.id, p.id), eq(messages.direction, "outbound")))
    .limit(1),
);
const markAttempted = preparedStatement(["id", "at"], (db, p) =>
  db
    .update(messages)
    .set({ sendAttemptedAt: valueOf<Date>(p.at) })
    .where(eq(messages.id, p.id)),
);
const markSentStatementOf = (withError: boolean) =>
  preparedStatement(["id", "externalId", "status", "errorCode", "now"], (db, p) =>
    db
      .update(messages)
      .set({ externalId: valueOf<string>(p.externalId), status: valueOf<MessageStatus>(p.status), errorCode: withError ? valueOf<string>(p.errorCode) : null, updatedAt: valueOf<Date>(p.now) })
      .where(eq(messages.id, p.id)),
  );
const markSentStatement = markSentStatementOf(false);
const markSentWithError = markSentStatementOf(true);
const recentMessagesOf = (sinceAfter: boolean) =>
  preparedStatement(["conversationId", "after", "limit"], (db, p) =>
    db
      .select({
        direction: messages.direction,
        sender: messages.sender,
        content: messages.content,
        sentAt: messages.sentAt,
        // A voice note's transcript counts as what the patient wrote (docs/decisions/026).
        transcript: mediaRepository(db).transcriptOf(sql`${sql.identifier("messages")}.${sql.identifier("id")}`),
      })
      .from(messages)
      .where(and(eq(messages.conversationId, p.conversationId), sinceAfter ? sql`${messages.sentAt} > ${p.after}` : undefined))
      .orderBy(desc(messages.sentAt), desc(messages.createdAt))
      .limit(p.limit),
  );
const recentMessagesAfter = recentMessagesOf(true);
const recentMessagesAll = recentMessagesOf(false);
/** System event kinds (system_events.kind). */
export const UNROUTED_INBOUND = "whatsapp.unrouted_inbound";

/**
 * The WhatsApp traffic the webhooks and the send job write: routing, conversations by phone, messages stored once
 * by Twilio's MessageSid, delivery statuses. Platform-wide (the webhook has no session); every write names the
 * professional it belongs to.
 */
export function messageRepository(db: DbOrTx) {
  return {
    /**
     * The routing of a message sent to `twilioNumber` from `phone` (E.164), or null when no professional owns the
     * number. One round trip where it used to take five: the webhook runs it for every inbound message.
     */
    async routeInbound(twilioNumber: string, phone: string): Promise<InboundRouting | null> {
      const [row] = await routeInboundStatement(db, { twilioNumber, phone });
      if (!row?.professionalId) return null;
      return {
        professionalId: row.professionalId,
        conversation: row.conversation?.id ? (row.conversation as ConversationRow) : null,
        patient: row.patient?.id ? row.patient : null,
        assistantSwitch: { enabled: row.enabled, provider: providerOrDefault(row.provider) },
        assistantConsent: row.assistantConsent,
      };
    },

    /** The professional's sender number (`whatsapp:+E164`), the oldest when several are assigned. */
    async findSenderOf(professionalId: string): Promise<string | null> {
      const [row] = await db
        .select({ n: twilioNumbers.twilioNumber })
        .from(twilioNumbers)
        .where(eq(twilioNumbers.professionalId, professionalId))
        .orderBy(twilioNumbers.createdAt)
        .limit(1);
      return row?.n ?? null;
    },

    async messageExists(externalId: string) {
      const [row] = await db.select({ id: messages.id }).from(messages).where(eq(messages.externalId, externalId)).limit(1);
      return row !== undefined;
    },

    /** The latest conversation of a channel with this phone, locked until the transaction ends. */
    async lockConversationByPhone(professionalId: string, channel: ConversationChannel, phone: string): Promise<ConversationRow | null> {
      const [row] = await db
        .select()
        .from(conversations)
        .where(and(eq(conversations.professionalId, professionalId), eq(conversations.channel, channel), eq(conversations.phoneNumber, phone)))
        .orderBy(desc(conversations.createdAt))
        .limit(1)
        .for("update");
      return row ?? null;
    },

    /**
     * What a reply job checks before answering `messageId`, in one read where it took three: its conversation, whether
     * the message already has its reply, and the conversation's latest inbound message (null when it has none).
     */
    async findReplyTarget(professionalId: string, conversationId: string, messageId: string) {
      const [row] = await replyTarget(db, { professionalId, id: conversationId, messageId });
      if (!row) return null;
      const { replied, hasFiles, latestInboundId, ...conversation } = row;
      return { conversation: conversation as ConversationRow, replied: Boolean(replied), hasFiles: Boolean(hasFiles), latestInboundId };
    },

    /** `lock`: hold the row until the transaction ends (inside one). */
    async findConversation(professionalId: string, id: string, options: { lock?: boolean } = {}): Promise<ConversationRow | null> {
      const [row] = await (options.lock ? lockConversationById : conversationById)(db, { professionalId, id });
      return row ?? null;
    },

    async insertConversation(values: typeof conversations.$inferInsert): Promise<ConversationRow> {
      const [row] = await db.insert(conversations).values(values).returning();
      return row!;
    },

    async updateConversation(professionalId: string, id: string, values: Partial<Omit<ConversationRow, "id" | "professionalId" | "createdAt">>) {
      const changes = rowShape("c_", values);
      let update = conversationUpdates.get(changes.shape);
      if (!update) conversationUpdates.set(changes.shape, (update = conversationUpdate(changes.placeholders())));
      const [row] = await update(db, { ...changes.values(), professionalId, id, now: new Date() });
      return row ?? null;
    },

    /** Inserts a message unless its MessageSid (or, for replies, the message it answers) is already stored; null then. */
    async insertMessageOnce(values: typeof messages.$inferInsert): Promise<string | null> {
      const row = rowShape("m_", values);
      let insert = messageInserts.get(row.shape);
      if (!insert) messageInserts.set(row.shape, (insert = messageInsertOnce(row.placeholders())));
      const [inserted] = await insert(db, row.values());
      return inserted?.id ?? null;
    },

    /**
     * An inbound message, its conversation's new state and, when given, the job that answers it, written by ONE
     * statement (the webhook's hot path: docs/decisions/014). False when the message's MessageSid is already stored:
     * the caller then rolls its transaction back, which also undoes the conversation's update and the job.
     */
    storeInbound(p: {
      message: typeof messages.$inferInsert & { id: string };
      conversation: { professionalId: string; id: string; values: Partial<Omit<ConversationRow, "id" | "professionalId" | "createdAt">> };
      job: EnqueueSpec | null;
    }): Promise<boolean> {
      return storeWithConversation(db, p);
    },

    /**
     * The assistant's reply, the conversation's new state (its last message; for a handoff, the professional's turn and
     * an urgency at least `raiseUrgencyTo`) and, for WhatsApp, its send job, written by ONE statement, and only while
     * the conversation is still the assistant's: a person who took it over while the model was thinking is not
     * answered over. False when the conversation is no longer the assistant's or the message already has its reply:
     * the caller then rolls its transaction back, which also undoes the message and the job.
     */
    storeReply(p: {
      message: typeof messages.$inferInsert & { id: string };
      conversation: { professionalId: string; id: string; values: Partial<Omit<ConversationRow, "id" | "professionalId" | "createdAt">> };
      job: EnqueueSpec | null;
      raiseUrgencyTo?: number;
    }): Promise<boolean> {
      return storeWithConversation(db, { ...p, whileAssistant: true });
    },

    /** Whose conversation a message (ours by id, or Twilio's by MessageSid) belongs to: professional, patient, phone. */
    async findContactOfMessage(by: { messageId: string } | { externalId: string }) {
      const [row] = await db
        .select({ professionalId: conversations.professionalId, patientId: conversations.patientId, phone: conversations.phoneNumber })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .where("messageId" in by ? eq(messages.id, by.messageId) : eq(messages.externalId, by.externalId))
        .limit(1);
      return row ?? null;
    },

    async findReplyTo(inboundMessageId: string) {
      const [row] = await replyOf(db, { inboundMessageId });
      return row?.id ?? null;
    },

    /** An outbound message with its conversation's channel and phone. */
    async findOutbound(id: string): Promise<OutboundToSend | null> {
      const [row] = await outboundById(db, { id });
      return row ? { ...row, hasFiles: Boolean(row.hasFiles) } : null;
    },

    /** The error code a message failed with (null for none). */
    async errorCodeOf(id: string): Promise<string | null> {
      const [row] = await db.select({ code: messages.errorCode }).from(messages).where(eq(messages.id, id)).limit(1);
      return row?.code ?? null;
    },

    /** Records, before the call, that a send job is handing this message to Twilio (see sendAttemptedAt). */
    async markSendAttempted(id: string, at: Date) {
      await markAttempted(db, { id, at });
    },

    /** Records what Twilio answered to a send: its MessageSid and status. */
    async markSent(id: string, externalId: string, status: MessageStatus, errorCode: string | null) {
      await (errorCode === null ? markSentStatement : markSentWithError)(db, { id, externalId, status, errorCode, now: new Date() });
    },

    /**
     * A failed outbound message made `queued` again for a new send (Reenviar), as free text or as `template`; its old
     * MessageSid is forgotten. Only one caller wins: false when the message is not (or no longer) failed.
     */
    async reopenFailed(id: string, template: { contentSid: string; variables: Record<string, string> } | null): Promise<boolean> {
      const rows = await db
        .update(messages)
        .set({
          status: "queued",
          errorCode: null,
          externalId: null,
          sendAttemptedAt: null,
          // A new attempt: should it fail too, its mark shows again.
          failureDismissedAt: null,
          contentSid: template?.contentSid ?? null,
          contentVariables: template?.variables ?? null,
          updatedAt: new Date(),
        })
        .where(and(eq(messages.id, id), eq(messages.direction, "outbound"), eq(messages.status, "failed")))
        .returning({ id: messages.id });
      return rows.length > 0;
    },

    /** The parts still waiting behind a part that failed for good are failed too, with `errorCode`. */
    async failQueued(ids: readonly string[], errorCode: string) {
      if (ids.length === 0) return;
      await db
        .update(messages)
        .set({ status: "failed", errorCode, updatedAt: new Date() })
        .where(and(inArray(messages.id, [...ids]), eq(messages.status, "queued")));
    },

    async markFailed(id: string, errorCode: string) {
      await db
        .update(messages)
        .set({ status: "failed", errorCode, updatedAt: new Date() })
        .where(and(eq(messages.id, id), sql`${STATUS_RANK} < ${RANK_OF.failed}`));
    },

    /**
     * Moves the message with this MessageSid forward to `status` (never backwards). Answers whether a message with
     * that sid exists at all, so a callback that outran our own write can be applied again later.
     */
    async advanceStatus(externalId: string, status: MessageStatus, errorCode: string | null): Promise<{ known: boolean }> {
      const advance = status === "failed" ? advanceToFailed : advanceStatusTo;
      const [row] = await advance(db, { externalId, status, rank: RANK_OF[status], errorCode, now: new Date() });
      return { known: Boolean(row?.known) };
    },

    /** The thread since `after` (all of it when null), oldest first, at most the `limit` latest messages. */
    async listRecentMessages(conversationId: string, after: Date | null, limit: number) {
      const rows = after ? await recentMessagesAfter(db, { conversationId, after, limit }) : await recentMessagesAll(db, { conversationId, after, limit });
      return rows.reverse();
    },

    /** A message's own text (without its files). */
    async contentOf(messageId: string): Promise<string | null> {
      const [row] = await db.select({ content: messages.content }).from(messages).where(eq(messages.id, messageId)).limit(1);
      return row?.content?.trim() || null;
    },

    /** Messages the web-chat visitor wrote in this conversation at or after `since` (the per-visitor rate limit). */
    async countInboundSince(conversationId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(messages)
        .where(and(eq(messages.conversationId, conversationId), eq(messages.direction, "inbound"), gte(messages.sentAt, since)));
      return row?.n ?? 0;
    },

    /** A web-chat visitor's thread, oldest first: all of it, or the messages sent at or after `since`. */
    async listVisitorThread(professionalId: string, conversationId: string, since: Date | null) {
      return db
        .select({ id: messages.id, direction: messages.direction, sender: messages.sender, content: messages.content, status: messages.status, sentAt: messages.sentAt })
        .from(messages)
        .where(
          and(eq(messages.professionalId, professionalId), eq(messages.conversationId, conversationId), since ? gte(messages.sentAt, since) : undefined),
        )
        .orderBy(asc(messages.sentAt), asc(messages.createdAt), asc(messages.id));
    },

    /** The visitor's page showed these replies: the professional sees them as read. */
    async markRead(conversationId: string, ids: string[]) {
      if (ids.length === 0) return;
      await db
        .update(messages)
        .set({ status: "read", updatedAt: new Date() })
        .where(and(eq(messages.conversationId, conversationId), eq(messages.direction, "outbound"), inArray(messages.id, ids)));
    },

    async recordEvent(kind: string, detail: Record<string, unknown>, professionalId: string | null = null) {
      await db.insert(systemEvents).values({ kind, detail, professionalId });
    },
  };
}

