import { randomUUID } from "node:crypto";
import { SEND_ERROR, TWILIO_STATUS_WEBHOOK_PATH, type MessageSender, type MessageStatus } from "@clinora/contracts";
import type { Db, DbOrTx } from "../../platform/db/client";
import type { Clock } from "../../platform/lib/clock";
import { MessagingRejectedError, MessagingUnavailableError, type MessagingGateway, type SentWhatsapp } from "../../platform/integrations/twilio/messaging-gateway";
import { enqueueJob, scheduleJob, type EnqueueSpec } from "../../platform/jobs/job.repository";
import { exponentialBackoffMs, PermanentJobError, type ClaimedJob, type JobContext, type JobDefinition } from "../../platform/jobs/worker";
import { whenDatabaseAnswers } from "../../platform/lib/db-errors";
import { splitForWhatsapp } from "./message-parts";
import { messageRepository, type ConversationRow } from "./message.repository";
import { recordTwilioOptOut, TWILIO_UNSUBSCRIBED } from "../consent";

/** Job types of outbound WhatsApp traffic. */
export const SEND_JOB = "whatsapp.send";
export const STATUS_JOB = "whatsapp.status";

const STATUS_ATTEMPTS = 5;

/**
 * Tries of one send: Twilio busy (429), failing (5xx) or unreachable is retried with backoff, honouring its
 * Retry-After, up to this many tries; then the message is failed ("send_failed") and can be resent by hand.
 */
export const SEND_ATTEMPTS = 6;
/** First retry delay of a send without Retry-After; doubled per try (with jitter). */
const SEND_BACKOFF_BASE_MS = 2000;
/** A Retry-After longer than this is not waited for in full: the send tries again after this long. */
const SEND_MAX_RETRY_AFTER_MS = 10 * 60_000;

/** When the send job tries again after `error`: Twilio's Retry-After when it gave one (bounded), else exponential. */
export function sendRetryDelayMs(attempt: number, error: unknown): number {
  if (error instanceof MessagingUnavailableError && error.retryAfterMs !== null) return Math.min(Math.max(0, error.retryAfterMs), SEND_MAX_RETRY_AFTER_MS);
  return exponentialBackoffMs(attempt, SEND_BACKOFF_BASE_MS);
}

/**
 * Sends are claimed before other due jobs: a reply already written goes out before the worker writes the next
 * ones (under a burst, sends used to wait behind every older reply job; docs/benchmarks/latest.md).
 */
const SEND_PRIORITY = 10;

/** How far back to look for a message that an interrupted attempt may already have handed to Twilio. */
const IN_DOUBT_LOOKBACK_MS = 10 * 60_000;
/** Twilio's clock and ours may disagree by a little: a template message found this much before ours still counts. */
const TEMPLATE_CLOCK_SKEW_MS = 60_000;

/**
 * Twilio's MessageStatus values (https://www.twilio.com/docs/messaging/api/message-resource#message-status-values)
 * mapped onto the product's four (docs/product/conversations-and-whatsapp.md §4) plus "queued" before Twilio has it.
 */
export function toMessageStatus(twilioStatus: string): MessageStatus | null {
  switch (twilioStatus) {
    case "queued":
    case "accepted":
    case "scheduled":
    case "sending":
    case "sent":
      return "sent";
    case "delivered":
      return "delivered";
    case "read":
      return "read";
    case "failed":
    case "undelivered":
    case "canceled":
      return "failed";
    default:
      return null;
  }
}

export interface QueuedMessage {
  conversation: Pick<ConversationRow, "id" | "professionalId" | "channel">;
  content: string;
  sender: Exclude<MessageSender, "patient">;
  /** For assistant replies: the inbound message answered; a second reply to it is never stored. */
  replyToMessageId?: string;
  /**
   * A business-initiated message (a reminder): sent as this approved content template, with `content` as what the
   * thread shows. https://www.twilio.com/docs/content/send-templates-created-with-the-content-template-builder
   */
  template?: { contentSid: string; variables: Record<string, string> };
  at: Date;
  /**
   * The caller sends the message itself right after its transaction commits (worker.runNow on `sendJobKey`): the
   * send job is then due only SEND_TAKEOVER_MS later, as the path that takes over if the caller's process dies first,
   * so no other worker races the caller for it (docs/decisions/036).
   */
  sentByCaller?: boolean;
}

/** The assistant's reply to one patient message (queueAssistantReply). */
export interface AssistantReply {
  conversation: Pick<ConversationRow, "id" | "professionalId" | "channel">;
  content: string;
  /** The patient's message answered: a second reply to it is never stored. */
  replyToMessageId: string;
  at: Date;
  /** As QueuedMessage's: the caller sends the reply itself once this has committed. */
  sentByCaller: boolean;
  /** A handoff: the conversation goes to the professional with at least this urgency; null for a plain reply. */
  handoffUrgency: number | null;
}

class ReplyNotStored extends Error {}

/** The send job's dedupe key of an outbound message. */
export const sendJobKey = (messageId: string) => `send:${messageId}`;

/** How long a send its caller runs itself waits before any worker may take it over (the caller died before sending). */
const SEND_TAKEOVER_MS = 15_000;

export type WhatsappOutboundService = ReturnType<typeof whatsappOutboundService>;

/**
 * Outbound messages: stored first (status "queued") with a send job in the same transaction, then sent through
 * Twilio by the worker; Twilio's status callbacks move them forward. A web-chat message needs no sending.
 */
export function whatsappOutboundService(
  db: Db,
  clock: Clock,
  deps: {
    gateway: MessagingGateway;
    publicUrl: string | undefined;
    /** The signed public links of an outbound message's files, made at each send (they expire). */
    mediaUrlsOf?: (messageId: string, now: Date) => Promise<string[]>;
  },
) {
  const statusCallback = deps.publicUrl ? `${deps.publicUrl}${TWILIO_STATUS_WEBHOOK_PATH}` : undefined;

  /** Twilio answered 21610 for this message: its conversation's contact withdrew the WhatsApp channels. */
  const optOutContactOf = async (tx: DbOrTx, by: { messageId: string } | { externalId: string }) => {
    const contact = await messageRepository(tx).findContactOfMessage(by);
    if (contact) await recordTwilioOptOut(tx, contact, clock.now());
  };

  /** The parts of one long reply still to go after this one, in order (payload `next`). */
  const nextParts = (job: ClaimedJob) => (Array.isArray(job.payload.next) ? job.payload.next.map(String) : []);

  /**
   * The next part of a long reply is queued only once this one is settled, so the patient reads them in order
   * whatever the worker's concurrency. Enqueued under its own dedupe key: a second run adds nothing.
   */
  const queueNextPart = async (job: ClaimedJob) => {
    const [next, ...rest] = nextParts(job);
    if (!next) return;
    await enqueueJob(db, { type: SEND_JOB, payload: { messageId: next, next: rest }, professionalId: job.professionalId, dedupeKey: `send:${next}`, runAt: clock.now(), priority: SEND_PRIORITY });
  };

  const run = async (job: ClaimedJob, ctx: JobContext) => {
    await send(job, ctx);
    await queueNextPart(job);
  };

  const send = async (job: ClaimedJob, ctx: JobContext) => {
    const messageId = String(job.payload.messageId ?? "");
    const repo = messageRepository(db);
    const message = await repo.findOutbound(messageId);
    // Gone (conversation deleted with its professional) or already settled by an earlier attempt.
    if (!message || message.externalId || message.status !== "queued") return;
    // A resend (Reenviar) looks for its own message only: sent after it was asked for, never the failed one's sid.
    const resentAt = typeof job.payload.resentAt === "string" ? new Date(job.payload.resentAt) : null;
    const previousSid = typeof job.payload.previousSid === "string" ? job.payload.previousSid : null;
    if (!deps.gateway.configured) {
      await repo.markFailed(message.id, SEND_ERROR.notConfigured);
      return;
    }
    const from = message.sender;
    if (!from) {
      await repo.markFailed(message.id, SEND_ERROR.noSender);
      return;
    }
    const to = `whatsapp:${message.phoneNumber}`;
    const body = message.content ?? "";
    const template = message.contentSid ? { contentSid: message.contentSid, contentVariables: message.contentVariables ?? {} } : null;

    // A previous attempt may have reached Twilio and died before writing the sid: Twilio has no idempotency key,
    // so look for the message before sending it again (at-least-once queue, exactly-once sends). Every attempt that
    // called Twilio wrote send_attempted_at first, so that mark (not only the attempt number, which a worker that
    // stops hands back) says when to look.
    if (message.sendAttemptedAt || job.attempts > 1) {
      const since = resentAt ?? new Date(message.createdAt.getTime() - IN_DOUBT_LOOKBACK_MS);
      const found = (await deps.gateway.findSent({ from, to, since })).filter((m) => m.sid !== previousSid);
      let earlier = found.find((m) => m.body === body);
      // Twilio renders a template's text itself, so it need not equal ours: a message to the patient created after
      // this one was stored, and that no other message of ours claims, is this one.
      if (!earlier && template) {
        const storedAt = (resentAt ?? message.createdAt).getTime() - TEMPLATE_CLOCK_SKEW_MS;
        for (const candidate of found) {
          if (candidate.dateCreated && candidate.dateCreated.getTime() < storedAt) continue;
          if (!(await repo.messageExists(candidate.sid))) {
            earlier = candidate;
            break;
          }
        }
      }
      if (earlier) {
        await repo.markSent(message.id, earlier.sid, toMessageStatus(earlier.status) ?? "sent", earlier.errorCode);
        return;
      }
    }

    // The intent is durable before Twilio is called: if the database cannot take it, nothing is sent (the job runs
    // again); if the process or the database goes away after Twilio accepted, the next attempt finds the message.
    const mediaUrl = message.hasFiles ? ((await deps.mediaUrlsOf?.(message.id, clock.now())) ?? []) : [];
    await repo.markSendAttempted(message.id, clock.now());
    let sent: SentWhatsapp;
    try {
      sent = await deps.gateway.send(template ? { from, to, ...template, statusCallback } : { from, to, body, statusCallback, ...(mediaUrl.length ? { mediaUrl } : {}) });
    } catch (error) {
      // A refusal (a 4xx other than 429): retrying the same request cannot help; the thread says why in Portuguese.
      if (error instanceof MessagingRejectedError) {
        await repo.markFailed(message.id, error.code ?? String(error.httpStatus));
        if (error.code === TWILIO_UNSUBSCRIBED) await optOutContactOf(db, { messageId: message.id });
        throw new PermanentJobError(error.message);
      }
      // Busy, failing or unreachable: the job tries again (sendRetryDelayMs), and the in-doubt check above keeps a
      // send that did reach Twilio from going twice.
      throw error;
    }
    // Twilio has the message: its sid is written as soon as the database answers again, rather than left to a
    // later attempt's search.
    await whenDatabaseAnswers(() => repo.markSent(message.id, sent.sid, toMessageStatus(sent.status) ?? "sent", sent.errorCode), ctx.signal);
  };

  const sendJob: JobDefinition = {
    run,
    waitsOnNetwork: true,
    async onFailed(job) {
      const repo = messageRepository(db);
      const messageId = String(job.payload.messageId ?? "");
      // A refusal already stored its own code; markFailed never overwrites a failed message.
      await repo.markFailed(messageId, SEND_ERROR.gaveUp);
      await repo.failQueued(nextParts(job), SEND_ERROR.earlierPart);
    },
    backoffMs: sendRetryDelayMs,
  };

  /** A callback that arrived before the send job wrote the sid: applied again shortly after. */
  const statusJob: JobDefinition = {
    async run(job) {
      const { sid, status, errorCode } = job.payload as { sid: string; status: MessageStatus; errorCode: string | null };
      const { known } = await messageRepository(db).advanceStatus(sid, status, errorCode);
      if (known && errorCode === TWILIO_UNSUBSCRIBED) await optOutContactOf(db, { externalId: sid });
      // Still unknown on the last try: not a message of ours (e.g. sent from Twilio's console); nothing to do.
      if (!known && job.attempts < STATUS_ATTEMPTS) throw new Error(`no message with sid ${sid} yet`);
    },
    backoffMs: (attempt) => 1000 * attempt,
  };

  /** The send job of an outbound message's first part (`rest`: the later parts, each queued once the one before is sent). */
  const sendJobOf = (m: { professionalId: string; at: Date; sentByCaller?: boolean }, first: string, rest: string[] = []): EnqueueSpec => ({
    type: SEND_JOB,
    payload: rest.length ? { messageId: first, next: rest } : { messageId: first },
    professionalId: m.professionalId,
    dedupeKey: sendJobKey(first),
    runAt: m.sentByCaller ? new Date(m.at.getTime() + SEND_TAKEOVER_MS) : m.at,
    priority: SEND_PRIORITY,
    maxAttempts: SEND_ATTEMPTS,
  });

  /**
   * Stores an outbound message in the caller's transaction and, for WhatsApp, enqueues its sending there too.
   * Returns the message id, or null when this inbound message already has its reply.
   */
  const queue = async (tx: DbOrTx, message: QueuedMessage): Promise<string | null> => {
    const repo = messageRepository(tx);
    const whatsapp = message.conversation.channel === "whatsapp";
    // WhatsApp takes at most 1 600 characters a message: a longer free text goes as ordered parts, each its own
    // message in the thread, cut between sentences. The first part carries replyToMessageId (one reply per message).
    const parts = whatsapp && !message.template ? splitForWhatsapp(message.content) : [message.content];
    const ids: string[] = [];
    for (const [index, content] of parts.entries()) {
      const id = await repo.insertMessageOnce({
        professionalId: message.conversation.professionalId,
        conversationId: message.conversation.id,
        direction: "outbound",
        sender: message.sender,
        content,
        // A web-chat message is in the visitor's thread once stored: nothing to send (docs/decisions/016).
        status: whatsapp ? "queued" : "delivered",
        replyToMessageId: index === 0 ? (message.replyToMessageId ?? null) : null,
        contentSid: message.template?.contentSid ?? null,
        contentVariables: message.template?.variables ?? null,
        // A millisecond apart, so the thread lists the parts in their order.
        sentAt: new Date(message.at.getTime() + index),
      });
      if (!id) return null;
      ids.push(id);
    }
    const [first, ...rest] = ids as [string, ...string[]];
    await repo.updateConversation(message.conversation.professionalId, message.conversation.id, {
      lastMessage: parts[parts.length - 1] ?? message.content,
      lastMessageAt: new Date(message.at.getTime() + parts.length - 1),
    });
    if (whatsapp) {
      // Only the first part's send is queued; each part's job queues the next once it is sent (keeps the order).
      await enqueueJob(tx, sendJobOf({ professionalId: message.conversation.professionalId, at: message.at, sentByCaller: message.sentByCaller }, first, rest));
    }
    return first;
  };

  /**
   * The assistant's reply to the patient's message `replyToMessageId`, in a transaction of its own: stored (and, on
   * WhatsApp, its send queued) only while the conversation is still the assistant's and the message has no reply yet,
   * so a person who took the conversation over while the model was thinking is not answered over. A handoff passes
   * the conversation to the professional (waiting, its urgency at least `handoffUrgency`). Returns the reply's id,
   * or null when it was not stored.
   *
   * A reply that fits one WhatsApp message is written by one statement (the reply path: docs/decisions/036); a longer
   * one goes as ordered parts, under the conversation's lock.
   */
  const queueAssistantReply = async (reply: AssistantReply): Promise<string | null> => {
    const { professionalId, id: conversationId, channel } = reply.conversation;
    const whatsapp = channel === "whatsapp";
    const handoff = reply.handoffUrgency !== null ? { status: "waiting" as const } : {};
    if (whatsapp && splitForWhatsapp(reply.content).length > 1) {
      return db.transaction(async (tx) => {
        const current = await messageRepository(tx).findConversation(professionalId, conversationId, { lock: true });
        if (!current || current.status !== "bot_handling") return null;
        const id = await queue(tx, { conversation: current, content: reply.content, sender: "assistant", replyToMessageId: reply.replyToMessageId, at: reply.at, sentByCaller: reply.sentByCaller });
        if (id && reply.handoffUrgency !== null) await messageRepository(tx).updateConversation(professionalId, conversationId, { ...handoff, urgency: Math.max(current.urgency, reply.handoffUrgency) });
        return id;
      });
    }
    const id = randomUUID();
    return db
      .transaction(async (tx) => {
        const stored = await messageRepository(tx).storeReply({
          message: {
            id,
            professionalId,
            conversationId,
            direction: "outbound",
            sender: "assistant",
            content: reply.content,
            // A web-chat message is in the visitor's thread once stored: nothing to send (docs/decisions/016).
            status: whatsapp ? "queued" : "delivered",
            replyToMessageId: reply.replyToMessageId,
            sentAt: reply.at,
          },
          conversation: { professionalId, id: conversationId, values: { lastMessage: reply.content, lastMessageAt: reply.at, ...handoff } },
          job: whatsapp ? sendJobOf({ professionalId, at: reply.at, sentByCaller: reply.sentByCaller }, id) : null,
          ...(reply.handoffUrgency !== null ? { raiseUrgencyTo: reply.handoffUrgency } : {}),
        });
        // Not the assistant's any more, or already answered: throwing rolls back the reply and its job.
        if (!stored) throw new ReplyNotStored();
        return id;
      })
      .catch((error: unknown) => {
        if (error instanceof ReplyNotStored) return null;
        throw error;
      });
  };

  return {
    queue,
    queueAssistantReply,

    /**
     * Reenviar: a failed WhatsApp message goes out again through the same send job, as free text (inside the
     * patient's 24-hour window) or as `template` (outside it). Exactly one call wins for a failed message; a second
     * one (double click, another tab) finds it no longer failed and sends nothing. Answers whether it was queued.
     */
    async resend(tx: DbOrTx, message: { id: string; professionalId: string; previousSid: string | null; template: { contentSid: string; variables: Record<string, string> } | null; at: Date }): Promise<boolean> {
      if (!(await messageRepository(tx).reopenFailed(message.id, message.template))) return false;
      // The message's job row is re-armed (pending, fresh tries): one key per message, never a second job for it.
      await scheduleJob(tx, {
        type: SEND_JOB,
        payload: { messageId: message.id, resentAt: message.at.toISOString(), previousSid: message.previousSid },
        professionalId: message.professionalId,
        dedupeKey: `send:${message.id}`,
        runAt: message.at,
        priority: SEND_PRIORITY,
        maxAttempts: SEND_ATTEMPTS,
      });
      return true;
    },

    /**
     * Twilio's status callback: moves the message forward in one statement, without a job (docs/decisions/036). Only
     * a sid not stored yet (the callback outran the send's own write) is tried again by a job; answers whether it
     * queued one (the caller wakes the worker then).
     */
    async applyStatus(callback: { sid: string; twilioStatus: string; errorCode: string | null }): Promise<{ queuedRetry: boolean }> {
      const status = toMessageStatus(callback.twilioStatus);
      if (!status || status === "queued") return { queuedRetry: false };
      const { known } = await messageRepository(db).advanceStatus(callback.sid, status, callback.errorCode);
      // The recipient unsubscribed at the WhatsApp/Twilio level: recorded like a PARAR (docs/decisions/018).
      if (known && callback.errorCode === TWILIO_UNSUBSCRIBED) await optOutContactOf(db, { externalId: callback.sid });
      if (!known) {
        await enqueueJob(db, {
          type: STATUS_JOB,
          payload: { sid: callback.sid, status, errorCode: callback.errorCode },
          runAt: new Date(clock.now().getTime() + 1000),
          maxAttempts: STATUS_ATTEMPTS,
        });
      }
      return { queuedRetry: !known };
    },

    jobs: { [SEND_JOB]: sendJob, [STATUS_JOB]: statusJob } as Record<string, JobDefinition>,
  };
}
