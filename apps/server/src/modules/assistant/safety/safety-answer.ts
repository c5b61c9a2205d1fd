import { HIGHEST_URGENCY, type ConversationStatus } from "@clinora/contracts";
import type { DbOrTx } from "../../../platform/db/client";
import { findProfessional } from "../../professionals";
import type { QueuedMessage, WhatsappOutboundService } from "../../whatsapp";
import { TEXTS } from "../assistant-texts";
import { safetyCaseOf, type SafetyCase } from "./crisis";

export { safetyCaseOf, type SafetyCase };

/** What the patient reads at once for a crisis (CVV 188, SAMU 192) or an emergency (SAMU 192): the server's words. */
export function safetyText(found: SafetyCase, professionalName: string): string {
  return found === "crisis" ? TEXTS.crisis(professionalName) : TEXTS.emergency(professionalName);
}

/** The server's answer (and the conversation's new urgency) when the patient's words speak of a crisis or an emergency. */
export function safetyAnswerFor(patientText: string, professionalName: string): { found: SafetyCase; text: string; urgency: number } | null {
  const found = safetyCaseOf(patientText);
  return found ? { found, text: safetyText(found, professionalName), urgency: HIGHEST_URGENCY } : null;
}

/**
 * The conversation after a crisis or an emergency: handed to the professional (a person already answering keeps
 * it) at the highest urgency, so Conversas lists it first and the Painel shows it until it is resolved.
 */
export function safetyConversationValues(current: { status: ConversationStatus | null; urgency: number }): { status: ConversationStatus; urgency: number } {
  return { status: current.status === "in_progress" ? "in_progress" : "waiting", urgency: Math.max(current.urgency, HIGHEST_URGENCY) };
}

/**
 * Queues the server's safety answer to the patient's message `messageId`, in the caller's transaction (the message
 * that triggered it is stored in the same one). Whatever the assistant's switch or the conversation's state: a
 * patient in danger is never left without the numbers to call (docs/decisions/022).
 */
export async function queueSafetyAnswer(
  tx: DbOrTx,
  outbound: Pick<WhatsappOutboundService, "queue">,
  p: { conversation: QueuedMessage["conversation"]; messageId: string; found: SafetyCase; at: Date },
): Promise<void> {
  const professional = await findProfessional(tx, p.conversation.professionalId);
  const content = safetyText(p.found, professional?.fullName ?? "a profissional");
  // A millisecond after the patient's message, so both threads show the answer after it.
  await outbound.queue(tx, { conversation: p.conversation, content, sender: "assistant", replyToMessageId: p.messageId, at: new Date(p.at.getTime() + 1) });
}
