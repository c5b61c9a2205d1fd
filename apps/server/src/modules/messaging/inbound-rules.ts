import type { ConversationStatus } from "@clinora/contracts";
import type { EnqueueSpec } from "../../platform/jobs/job.repository";

/** The job that asks the assistant to answer an inbound message (modules/assistant). */
export const REPLY_JOB = "assistant.reply";
/** Tries of the model before the patient is told a person will answer (backoff in the assistant's job). */
const REPLY_ATTEMPTS = 3;

/** The job that has the assistant answer `messageId` (WhatsApp and web chat alike), due at `at`. */
export const replyJobFor = (m: { professionalId: string; conversationId: string; messageId: string; at: Date }): EnqueueSpec => ({
  type: REPLY_JOB,
  payload: { conversationId: m.conversationId, messageId: m.messageId },
  professionalId: m.professionalId,
  dedupeKey: `reply:${m.messageId}`,
  maxAttempts: REPLY_ATTEMPTS,
  runAt: m.at,
});

/**
 * Where a conversation goes when the patient writes: the assistant takes new and resolved conversations (when it
 * is on), keeps its own, and leaves alone those a person handles or that wait for the professional.
 */
export function statusAfterInbound(current: ConversationStatus | null, assistantOn: boolean): ConversationStatus {
  if (current === "in_progress" || current === "waiting") return current;
  return assistantOn ? "bot_handling" : "waiting";
}
