import type { DbOrTx } from "../../platform/db/client";
import { practiceNamesOf } from "../professionals";
import { safetyText, type SafetyCase } from "../safety";
import type { QueuedMessage, WhatsappOutboundService } from "./whatsapp-outbound.service";

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
  const professional = await practiceNamesOf(tx, p.conversation.professionalId);
  const content = safetyText(p.found, professional?.fullName ?? "a profissional");
  // A millisecond after the patient's message, so both threads show the answer after it.
  await outbound.queue(tx, { conversation: p.conversation, content, sender: "assistant", replyToMessageId: p.messageId, at: new Date(p.at.getTime() + 1) });
}
