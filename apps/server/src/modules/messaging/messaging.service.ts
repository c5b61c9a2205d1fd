import { randomUUID } from "node:crypto";
import type { Db, DbOrTx } from "../../platform/db/client";
import type { MessagingGateway } from "../../platform/integrations/twilio/messaging-gateway";
import type { Clock } from "../../platform/lib/clock";
import { safetyCaseOf, safetyConversationValues } from "../safety";
import { contactMessenger, openQuietConversation } from "./contact-message";
import { conversationRepository, type ConversationRow, type ThreadSubject } from "./conversation.repository";
import { type ReplyJobOf, statusAfterInbound } from "./inbound-rules";
import { mediaRepository } from "./media/media.repository";
import type { outboundMediaSigner } from "./media/media.service";
import { messageRepository } from "./message.repository";
import { queueSafetyAnswer } from "./safety-reply";
import { whatsappOutboundService } from "./whatsapp-outbound.service";
import { whatsappTrafficRepository } from "./whatsapp-traffic.repository";

export type MessagingService = ReturnType<typeof messagingService>;

type ConversationChanges = Partial<Omit<ConversationRow, "id" | "professionalId" | "createdAt">>;

/**
 * The one way into conversations and messages for the rest of the server: outbound messages (stored, then sent
 * through Twilio by the send job), delivery statuses, the threads the assistant, the reminders, the booking page,
 * the web chat, the LGPD export and anonymisation and the WhatsApp figures read or write. The methods that take a
 * `tx` run in the caller's transaction.
 */
export function messagingService(
  db: Db,
  clock: Clock,
  deps: {
    gateway: MessagingGateway;
    publicUrl: string | undefined;
    /** Signs the links Twilio fetches a professional's files from. */
    mediaSigner: ReturnType<typeof outboundMediaSigner>;
    /** The assistant's reply job, for a web-chat message it answers. */
    replyJob: ReplyJobOf;
  },
) {
  const outbound = whatsappOutboundService(db, clock, {
    gateway: deps.gateway,
    publicUrl: deps.publicUrl,
    mediaUrlsOf: async (messageId, now) => {
      const ids = await mediaRepository(db).readyIdsOf(messageId);
      return deps.publicUrl && deps.mediaSigner.configured ? ids.map((id) => `${deps.publicUrl}${deps.mediaSigner.path(id, now)}`) : [];
    },
  });

  const sendToContact = contactMessenger(clock, { gateway: deps.gateway, queue: outbound.queue });

  return {
    queue: outbound.queue,
    queueAssistantReply: outbound.queueAssistantReply,
    resend: outbound.resend,
    applyStatus: outbound.applyStatus,
    jobs: outbound.jobs,

    /** `lock`: hold the row until the transaction ends (inside one). */
    findConversation(tx: DbOrTx, professionalId: string, id: string, options: { lock?: boolean } = {}): Promise<ConversationRow | null> {
      return messageRepository(tx).findConversation(professionalId, id, options);
    },

    updateConversation(tx: DbOrTx, professionalId: string, id: string, values: ConversationChanges) {
      return messageRepository(tx).updateConversation(professionalId, id, values);
    },

    /** The professional's latest WhatsApp conversation with this phone, locked until the transaction ends. */
    lockWhatsappConversation(tx: DbOrTx, professionalId: string, phone: string): Promise<ConversationRow | null> {
      return messageRepository(tx).lockConversationByPhone(professionalId, "whatsapp", phone);
    },

    /**
     * A new WhatsApp conversation for a message the practice starts (a reminder). Nobody is waiting on it: the
     * thread is quiet until the patient answers.
     */
    openWhatsappConversation(tx: DbOrTx, c: { professionalId: string; phone: string; patientId: string | null; patientName: string | null }): Promise<ConversationRow> {
      return openQuietConversation(tx, c);
    },

    /**
     * A message the practice starts to a contact, in the caller's transaction: consent, opt-out, the 24-hour window
     * and the template fallback are decided here and nowhere else (see `contactMessenger`).
     */
    sendToContact,

    /** The professional's sender number (`whatsapp:+E164`), the oldest when several are assigned. */
    senderOf(tx: DbOrTx, professionalId: string): Promise<string | null> {
      return messageRepository(tx).findSenderOf(professionalId);
    },

    /**
     * What the reply job checks before answering `messageId`, read together: the conversation, whether the message
     * already has its reply, and the conversation's latest inbound message id; null when the conversation is gone.
     */
    replyTargetOf(professionalId: string, conversationId: string, messageId: string) {
      return messageRepository(db).findReplyTarget(professionalId, conversationId, messageId);
    },

    /** Whether the inbound message already has its reply. */
    async hasReply(tx: DbOrTx, inboundMessageId: string): Promise<boolean> {
      return (await messageRepository(tx).findReplyTo(inboundMessageId)) !== null;
    },

    /** A message's own text (without its files). */
    textOf(messageId: string): Promise<string | null> {
      return messageRepository(db).contentOf(messageId);
    },

    /** The thread since `after` (all of it when null), oldest first, at most the `limit` latest messages. */
    recentMessages(conversationId: string, after: Date | null, limit: number) {
      return messageRepository(db).listRecentMessages(conversationId, after, limit);
    },

    /** The files of one message, without their bytes. */
    filesOf(messageId: string) {
      return mediaRepository(db).listOfMessage(messageId);
    },

    /** A web-chat visitor's new conversation, waiting until its first message is received. */
    openWebChatConversation(tx: DbOrTx, professionalId: string, at: Date): Promise<ConversationRow> {
      return messageRepository(tx).insertConversation({
        professionalId,
        channel: "web_chat",
        phoneNumber: null,
        patientId: null,
        patientName: null,
        status: "waiting",
        createdAt: at,
      });
    },

    /**
     * Stores a web-chat visitor's message, its conversation's new state and, when the assistant takes it, its reply
     * job. A crisis or an emergency is answered by the server at once, without the model (docs/decisions/022).
     */
    async receiveWebChat(tx: DbOrTx, conversation: ConversationRow, content: string, at: Date, assistantOn: boolean) {
      const { professionalId } = conversation;
      const messageId = randomUUID();
      const safety = safetyCaseOf(content);
      const safe = safety ? safetyConversationValues(conversation) : null;
      const status = safe ? safe.status : statusAfterInbound(conversation.status, assistantOn);
      await messageRepository(tx).storeInbound({
        message: { id: messageId, professionalId, conversationId: conversation.id, direction: "inbound", sender: "patient", content, sentAt: at },
        conversation: {
          professionalId,
          id: conversation.id,
          values: { status, lastMessage: content, lastMessageAt: at, lastInboundAt: at, unreadCount: conversation.unreadCount + 1, ...(safe ? { urgency: safe.urgency } : {}) },
        },
        job: status === "bot_handling" ? deps.replyJob({ professionalId, conversationId: conversation.id, messageId, at }) : null,
      });
      if (safety) await queueSafetyAnswer(tx, outbound, { conversation, messageId, found: safety, at });
    },

    /** Messages the web-chat visitor wrote in this conversation at or after `since` (the per-visitor rate limit). */
    visitorMessagesSince(conversationId: string, since: Date): Promise<number> {
      return messageRepository(db).countInboundSince(conversationId, since);
    },

    /**
     * A web-chat visitor's thread, oldest first (all of it, or what was sent at or after `since`): the replies it
     * shows are marked read, for the professional.
     */
    async visitorThread(professionalId: string, conversationId: string, since: Date | null) {
      const repo = messageRepository(db);
      const rows = await repo.listVisitorThread(professionalId, conversationId, since);
      await repo.markRead(conversationId, rows.filter((r) => r.direction === "outbound" && r.status !== "read").map((r) => r.id));
      return rows;
    },

    /** The patient's conversations with their threads and files (bytes included): the LGPD export. */
    async patientThreads(tx: DbOrTx, professionalId: string, subject: ThreadSubject) {
      const threads = await conversationRepository(tx, professionalId).threadsOf(subject);
      if (threads.length === 0) return [];
      const files = await mediaRepository(tx).listWithDataOfConversations(professionalId, threads.map((t) => t.conversation.id));
      return threads.map(({ conversation, messages }) => ({
        conversation,
        messages: messages.map((m) => ({ ...m, media: files.filter((f) => f.messageId === m.id) })),
      }));
    },

    /**
     * Anonymisation: the patient's conversations keep their dates and statuses; who it was (`replacement.name`) and
     * what was said (`replacement.text`) go, and so do the voice notes, photos and documents with their transcripts.
     */
    async scrubPatientThreads(tx: DbOrTx, professionalId: string, subject: ThreadSubject, replacement: { name: string; text: string }, at: Date) {
      const ids = await conversationRepository(tx, professionalId).scrubThreadsOf(subject, replacement, at);
      await mediaRepository(tx).deleteOfConversations(professionalId, ids);
    },

    /**
     * WhatsApp traffic of one professional, or of the whole platform when `professionalId` is null: message figures
     * since `since`, the waiting conversations (stale from `staleBefore`), the latest failures and, for the
     * platform, the messages to numbers nobody owns.
     */
    async whatsappTraffic(professionalId: string | null, window: { since: Date; staleBefore: Date; failuresLimit: number }) {
      const repo = whatsappTrafficRepository(db, professionalId);
      const [messages, waiting, failures, unrouted] = await Promise.all([
        repo.messageFigures(window.since),
        repo.waitingFigures(window.staleBefore),
        repo.recentFailures(window.since, window.failuresLimit),
        professionalId ? null : repo.unroutedInbound(window.since),
      ]);
      return { messages, waiting, failures, unrouted };
    },
  };
}
