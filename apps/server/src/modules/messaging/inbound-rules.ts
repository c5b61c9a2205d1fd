import type { ConversationStatus } from "@clinora/contracts";
import type { EnqueueSpec } from "../../platform/jobs/job.repository";

/**
 * The job that has the assistant answer an inbound message (WhatsApp and web chat alike). The assistant owns it
 * (its name, tries and key) and imports messaging, so messaging is handed it by app.ts (docs/decisions/037).
 */
export type ReplyJobOf = (m: { professionalId: string; conversationId: string; messageId: string; at: Date }) => EnqueueSpec;

/**
 * Where a conversation goes when the patient writes: the assistant takes new and resolved conversations (when it
 * is on), keeps its own, and leaves alone those a person handles or that wait for the professional.
 */
export function statusAfterInbound(current: ConversationStatus | null, assistantOn: boolean): ConversationStatus {
  if (current === "in_progress" || current === "waiting") return current;
  return assistantOn ? "bot_handling" : "waiting";
}
