import type { EnqueueSpec } from "../../platform/jobs/job.repository";

/** The job that has the assistant answer an inbound message: its name is the assistant's, which runs it. */
export const REPLY_JOB = "assistant.reply";
/** Tries of the model before the patient is told a person will answer (backoff in the assistant's job). */
const REPLY_ATTEMPTS = 3;

/**
 * The job that has the assistant answer `messageId` (WhatsApp and web chat alike), due at `at`. Messaging enqueues it
 * where a message arrives; it gets this function from app.ts (docs/decisions/037), since the assistant imports
 * messaging and not the reverse.
 */
export const replyJobFor = (m: { professionalId: string; conversationId: string; messageId: string; at: Date }): EnqueueSpec => ({
  type: REPLY_JOB,
  payload: { conversationId: m.conversationId, messageId: m.messageId },
  professionalId: m.professionalId,
  dedupeKey: `reply:${m.messageId}`,
  maxAttempts: REPLY_ATTEMPTS,
  runAt: m.at,
});
