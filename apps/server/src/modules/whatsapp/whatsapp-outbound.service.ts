import { SEND_ERROR, TWILIO_STATUS_WEBHOOK_PATH, type MessageSender, type MessageStatus } from "@clinora/contracts";
import type { Db, DbOrTx } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { MessagingRejectedError, type MessagingGateway, type SentWhatsapp } from "../../integrations/twilio/messaging-gateway";
import { enqueueJob } from "../../jobs/job.repository";
import { PermanentJobError, type ClaimedJob, type JobContext, type JobDefinition } from "../../jobs/worker";
import { whenDatabaseAnswers } from "../../lib/db-errors";
import { whatsappMessageRepository, type ConversationRow } from "./whatsapp-message.repository";
import { recordTwilioOptOut, TWILIO_UNSUBSCRIBED } from "../privacy/consent.service";

/** Job types of outbound WhatsApp traffic. */
export const SEND_JOB = "whatsapp.send";
export const STATUS_JOB = "whatsapp.status";

const STATUS_ATTEMPTS = 5;

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
 * mapped onto the product's four (spec part 2 §4) plus "queued" before Twilio has it.
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
}

export type WhatsappOutboundService = ReturnType<typeof whatsappOutboundService>;

/**
 * Outbound messages: stored first (status "queued") with a send job in the same transaction, then sent through
 * Twilio by the worker; Twilio's status callbacks move them forward. A web-chat message needs no sending.
 */
export function whatsappOutboundService(db: Db, clock: Clock, deps: { gateway: MessagingGateway; publicUrl: string | undefined }) {
  const statusCallback = deps.publicUrl ? `${deps.publicUrl}${TWILIO_STATUS_WEBHOOK_PATH}` : undefined;

  const run = async (job: ClaimedJob, ctx: JobContext) => {
    const messageId = String(job.payload.messageId ?? "");
    const repo = whatsappMessageRepository(db);
    const message = await repo.findOutbound(messageId);
    // Gone (conversation deleted with its professional) or already settled by an earlier attempt.
    if (!message || message.externalId || message.status !== "queued") return;
    if (!deps.gateway.configured) {
      await repo.markFailed(message.id, SEND_ERROR.notConfigured);
      return;
    }
    const from = await repo.findSenderOf(message.professionalId);
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
      const since = new Date(message.createdAt.getTime() - IN_DOUBT_LOOKBACK_MS);
      const found = await deps.gateway.findSent({ from, to, since });
      let earlier = found.find((m) => m.body === body);
      // Twilio renders a template's text itself, so it need not equal ours: a message to the patient created after
      // this one was stored, and that no other message of ours claims, is this one.
      if (!earlier && template) {
        const storedAt = message.createdAt.getTime() - TEMPLATE_CLOCK_SKEW_MS;
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
    await repo.markSendAttempted(message.id, clock.now());
    let sent: SentWhatsapp;
    try {
      sent = await deps.gateway.send(template ? { from, to, ...template, statusCallback } : { from, to, body, statusCallback });
    } catch (error) {
      if (error instanceof MessagingRejectedError) {
        await repo.markFailed(message.id, error.code ?? String(error.httpStatus));
        if (error.code === TWILIO_UNSUBSCRIBED) await recordTwilioOptOut(db, { messageId: message.id }, clock.now());
        throw new PermanentJobError(error.message);
      }
      throw error;
    }
    // Twilio has the message: its sid is written as soon as the database answers again, rather than left to a
    // later attempt's search.
    await whenDatabaseAnswers(() => repo.markSent(message.id, sent.sid, toMessageStatus(sent.status) ?? "sent", sent.errorCode), ctx.signal);
  };

  const sendJob: JobDefinition = {
    run,
    async onFailed(job) {
      await whatsappMessageRepository(db).markFailed(String(job.payload.messageId ?? ""), SEND_ERROR.gaveUp);
    },
  };

  /** A callback that arrived before the send job wrote the sid: applied again shortly after. */
  const statusJob: JobDefinition = {
    async run(job) {
      const { sid, status, errorCode } = job.payload as { sid: string; status: MessageStatus; errorCode: string | null };
      const { known } = await whatsappMessageRepository(db).advanceStatus(sid, status, errorCode);
      if (known && errorCode === TWILIO_UNSUBSCRIBED) await recordTwilioOptOut(db, { externalId: sid }, clock.now());
      // Still unknown on the last try: not a message of ours (e.g. sent from Twilio's console); nothing to do.
      if (!known && job.attempts < STATUS_ATTEMPTS) throw new Error(`no message with sid ${sid} yet`);
    },
    backoffMs: (attempt) => 1000 * attempt,
  };

  return {
    /**
     * Stores an outbound message in the caller's transaction and, for WhatsApp, enqueues its sending there too.
     * Returns the message id, or null when this inbound message already has its reply.
     */
    async queue(tx: DbOrTx, message: QueuedMessage): Promise<string | null> {
      const repo = whatsappMessageRepository(tx);
      const whatsapp = message.conversation.channel === "whatsapp";
      const id = await repo.insertMessageOnce({
        professionalId: message.conversation.professionalId,
        conversationId: message.conversation.id,
        direction: "outbound",
        sender: message.sender,
        content: message.content,
        // A web-chat message is in the visitor's thread once stored: nothing to send (docs/decisions/016).
        status: whatsapp ? "queued" : "delivered",
        replyToMessageId: message.replyToMessageId ?? null,
        contentSid: message.template?.contentSid ?? null,
        contentVariables: message.template?.variables ?? null,
        sentAt: message.at,
      });
      if (!id) return null;
      await repo.updateConversation(message.conversation.professionalId, message.conversation.id, {
        lastMessage: message.content,
        lastMessageAt: message.at,
      });
      if (whatsapp) {
        await enqueueJob(tx, { type: SEND_JOB, payload: { messageId: id }, professionalId: message.conversation.professionalId, dedupeKey: `send:${id}`, runAt: message.at, priority: SEND_PRIORITY });
      }
      return id;
    },

    /** Twilio's status callback: moves the message forward; an unknown sid is tried again by a job. */
    async applyStatus(callback: { sid: string; twilioStatus: string; errorCode: string | null }) {
      const status = toMessageStatus(callback.twilioStatus);
      if (!status || status === "queued") return;
      const { known } = await whatsappMessageRepository(db).advanceStatus(callback.sid, status, callback.errorCode);
      // The recipient unsubscribed at the WhatsApp/Twilio level: recorded like a PARAR (docs/decisions/018).
      if (known && callback.errorCode === TWILIO_UNSUBSCRIBED) await recordTwilioOptOut(db, { externalId: callback.sid }, clock.now());
      if (!known) {
        await enqueueJob(db, {
          type: STATUS_JOB,
          payload: { sid: callback.sid, status, errorCode: callback.errorCode },
          runAt: new Date(clock.now().getTime() + 1000),
          maxAttempts: STATUS_ATTEMPTS,
        });
      }
    },

    jobs: { [SEND_JOB]: sendJob, [STATUS_JOB]: statusJob } as Record<string, JobDefinition>,
  };
}
