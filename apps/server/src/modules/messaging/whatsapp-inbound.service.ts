import { randomUUID } from "node:crypto";
import { inboundMediaKind, toE164BR, type AiProvider, type ConversationStatus } from "@clinora/contracts";
import type { Db, DbOrTx } from "../../platform/db/client";
import type { Clock } from "../../platform/lib/clock";
import { enqueueJob, type EnqueueSpec } from "../../platform/jobs/job.repository";
import { type ReplyJobOf, statusAfterInbound } from "./inbound-rules";
import { mediaLabel, type InboundFile } from "./media/media-rules";
import { UNROUTED_INBOUND, messageRepository, type ConversationRow } from "./message.repository";
import type { WhatsappOutboundService } from "./whatsapp-outbound.service";
import { keywordOf, OPT_IN_CONFIRMATION, OPT_OUT_CONFIRMATION, recordWhatsappChoice } from "../consent";
import { safetyCaseOf, safetyConversationValues } from "../safety";
import { queueSafetyAnswer } from "./safety-reply";

/** An inbound WhatsApp message as Twilio posts it (https://www.twilio.com/docs/messaging/guides/webhook-request). */
export interface InboundWhatsapp {
  messageSid: string;
  /** `whatsapp:+5511…`, the patient. */
  from: string;
  /** `whatsapp:+55…`, our sender number. */
  to: string;
  body: string;
  profileName?: string;
  /** The files sent with it (MediaUrl{i}, MediaContentType{i}). */
  files?: InboundFile[];
}

export type InboundOutcome = "stored" | "duplicate" | "unrouted";

const phoneOf = (address: string) => {
  const raw = address.replace(/^whatsapp:/, "");
  return toE164BR(raw) ?? raw;
};

/**
 * Takes an inbound message that answers something the product asked (a reminder's "1" / "2"), in the webhook's
 * transaction. True when it queued its own handling: the assistant then does not answer it, and a conversation
 * that nobody was waiting on does not start waiting for the professional.
 */
export type InboundAnswerHook = (
  tx: DbOrTx,
  message: { professionalId: string; conversationId: string; messageId: string; body: string; at: Date },
) => Promise<boolean>;

export type WhatsappInboundService = ReturnType<typeof whatsappInboundService>;

export function whatsappInboundService(
  db: Db,
  clock: Clock,
  deps: {
    /** Whether the platform's LLM provider has what it needs to answer (its key). */
    providerReady: (provider: AiProvider) => boolean;
    /** The assistant's reply job, enqueued with the message it answers. */
    replyJob: ReplyJobOf;
    outbound: Pick<WhatsappOutboundService, "queue">;
    answers?: InboundAnswerHook;
    /** Records a message's files and queues their fetch (docs/decisions/026). */
    media?: {
      recordInbound(tx: DbOrTx, m: { professionalId: string; conversationId: string; messageId: string; files: InboundFile[] }): Promise<unknown>;
      fetchJobFor(m: { professionalId: string; messageId: string; at: Date }): EnqueueSpec;
    };
  },
) {
  return {
    /**
     * Stores an inbound message once (by MessageSid), opens or updates its conversation and, when the assistant
     * should answer, enqueues the reply job — all in one transaction, so an acknowledged message is never lost
     * and never answered twice.
     */
    async receive(inbound: InboundWhatsapp): Promise<InboundOutcome> {
      return db.transaction(async (tx) => {
        const repo = messageRepository(tx);
        const phone = phoneOf(inbound.from);
        const routing = await repo.routeInbound(inbound.to, phone);
        if (!routing) {
          await repo.recordEvent(UNROUTED_INBOUND, { to: inbound.to });
          return "unrouted";
        }

        const now = clock.now();
        const { professionalId } = routing;
        let conversation: ConversationRow | null = routing.conversation;
        // A conversation that already names its patient keeps it; otherwise the phone's patient joins it.
        const patient = conversation?.patientId ? null : routing.patient;
        const patientId = conversation?.patientId ?? patient?.id ?? null;
        const keyword = keywordOf(inbound.body);
        // A patient who withdrew the assistant's channel (PARAR…) is answered by people only (docs/decisions/018).
        const assistantOn =
          keyword === null &&
          routing.assistantSwitch.enabled &&
          deps.providerReady(routing.assistantSwitch.provider) &&
          routing.assistantConsent !== "withdrawn";
        if (!conversation) {
          conversation = await repo.insertConversation({
            professionalId,
            channel: "whatsapp",
            phoneNumber: phone,
            patientId: patient?.id ?? null,
            patientName: patient?.name ?? (inbound.profileName?.trim() || null),
            status: statusAfterInbound(null, assistantOn),
          });
        }

        // The id is chosen here so the reply job can name the message in the same statement that stores it.
        const messageId = randomUUID();
        // Safety before the model: a crisis or an emergency is answered by the server and goes to the professional.
        const safety = keyword ? null : safetyCaseOf(inbound.body);
        const safe = safety ? safetyConversationValues(conversation) : null;
        // A reminder's "1" / "2" is handled by the reminders; the conversation then stays where it was.
        const answered = keyword || safety ? false : ((await deps.answers?.(tx, { professionalId, conversationId: conversation.id, messageId, body: inbound.body, at: now })) ?? false);
        // PARAR / VOLTAR end the exchange unless a person is already answering.
        const keepsPerson = conversation.status === "in_progress";
        const status: ConversationStatus = keyword
          ? keepsPerson ? "in_progress" : "resolved"
          : safe ? safe.status : answered ? conversation.status : statusAfterInbound(conversation.status, assistantOn);
        // A message with files is answered once they are fetched (and a voice note transcribed): the fetch job
        // queues the reply then, so the assistant reads what the patient said rather than an empty message.
        const files = deps.media ? (inbound.files ?? []) : [];
        const firstKind = files[0] ? (inboundMediaKind(files[0].contentType) ?? "document") : null;
        const lastMessage = inbound.body.trim() || (firstKind ? mediaLabel(firstKind) : inbound.body);
        const stored = await repo.storeInbound({
          message: {
            id: messageId,
            professionalId,
            conversationId: conversation.id,
            direction: "inbound",
            sender: "patient",
            content: inbound.body,
            externalId: inbound.messageSid,
            sentAt: now,
          },
          conversation: {
            professionalId,
            id: conversation.id,
            values: {
              status,
              ...(keyword && !keepsPerson ? { resolvedAt: now } : {}),
              lastMessage,
              lastMessageAt: now,
              lastInboundAt: now,
              unreadCount: conversation.unreadCount + 1,
              ...(patient ? { patientId: patient.id, patientName: patient.name } : {}),
              ...(safe ? { urgency: safe.urgency } : {}),
            },
          },
          job:
            status === "bot_handling" && !keyword && !answered && files.length === 0
              ? deps.replyJob({ professionalId, conversationId: conversation.id, messageId, at: now })
              : null,
        });
        // Twilio retried a message already stored: the unique MessageSid decides (no lookup first, retries are rare);
        // throwing rolls back whatever this transaction wrote.
        if (!stored) throw new DuplicateInbound();
        if (files.length > 0 && deps.media) {
          await deps.media.recordInbound(tx, { professionalId, conversationId: conversation.id, messageId, files });
          await enqueueJob(tx, deps.media.fetchJobFor({ professionalId, messageId, at: now }));
        }
        if (safety) await queueSafetyAnswer(tx, deps.outbound, { conversation, messageId, found: safety, at: now });

        // PARAR / VOLTAR: recorded at once for every WhatsApp channel, and confirmed.
        if (keyword) {
          await recordWhatsappChoice(tx, { professionalId, patientId, phone, status: keyword === "opt_out" ? "withdrawn" : "given", method: "whatsapp_keyword", at: now });
          const content = keyword === "opt_out" ? OPT_OUT_CONFIRMATION : OPT_IN_CONFIRMATION;
          await deps.outbound.queue(tx, { conversation, content, sender: "assistant", replyToMessageId: messageId, at: now });
        }
        return "stored" as const;
      }).catch((error: unknown) => {
        if (error instanceof DuplicateInbound) return "duplicate" as const;
        throw error;
      });
    },
  };
}

class DuplicateInbound extends Error {}
