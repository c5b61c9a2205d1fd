import type { DbOrTx } from "../../platform/db/client";
import type { MessagingGateway } from "../../platform/integrations/twilio/messaging-gateway";
import type { Clock } from "../../platform/lib/clock";
import { canSendBusinessInitiated } from "../consent";
import { freeTextWindowOpen } from "./free-text-window";
import { messageRepository } from "./message.repository";
import type { WhatsappOutboundService } from "./whatsapp-outbound.service";

/** A message the practice starts to a patient or contact on WhatsApp (a confirmation, a link, a notice). */
export interface ContactMessage {
  professionalId: string;
  phone: string;
  patientId: string | null;
  patientName: string | null;
  /** The free text, sent as it is inside the contact's 24-hour window. */
  text: string;
  /**
   * The approved template sent outside the window, with `content` as what the thread shows (the text when left
   * out). Without one, nothing goes outside the window.
   */
  template?: { contentSid: string; variables: Record<string, string>; content?: string };
  sender: "assistant" | "professional";
}

/** What became of a contact message: queued as free text or as the template, or why nothing was queued. */
export type ContactOutcome =
  | { sent: true; as: "text" | "template" }
  | { sent: false; reason: "not_configured" | "no_sender" | "opted_out" | "window_closed" };

/**
 * A new WhatsApp conversation for a message the practice starts (a reminder, a booking's confirmation). Nobody is
 * waiting on it: the thread is quiet until the contact answers.
 */
export function openQuietConversation(tx: DbOrTx, c: { professionalId: string; phone: string; patientId: string | null; patientName: string | null }) {
  return messageRepository(tx).insertConversation({
    professionalId: c.professionalId,
    channel: "whatsapp",
    phoneNumber: c.phone,
    patientId: c.patientId,
    patientName: c.patientName,
    status: "resolved",
  });
}

/**
 * THE way a message the practice starts reaches a contact on WhatsApp, in the caller's transaction: nothing when the
 * server has no Twilio or the practice no sending number, nothing when the contact withdrew WhatsApp messages
 * (docs/decisions/018), free text inside their 24-hour window, else the approved template when there is one
 * (docs/decisions/017). The conversation is the contact's latest (locked), or a new quiet one.
 */
export function contactMessenger(clock: Clock, deps: { gateway: Pick<MessagingGateway, "configured">; queue: WhatsappOutboundService["queue"] }) {
  return async (tx: DbOrTx, m: ContactMessage): Promise<ContactOutcome> => {
    if (!deps.gateway.configured) return { sent: false, reason: "not_configured" };
    const repo = messageRepository(tx);
    if (!(await repo.findSenderOf(m.professionalId))) return { sent: false, reason: "no_sender" };
    if (!(await canSendBusinessInitiated(tx, m.professionalId, { patientId: m.patientId, phone: m.phone }))) return { sent: false, reason: "opted_out" };
    const now = clock.now();
    const conversation =
      (await repo.lockConversationByPhone(m.professionalId, "whatsapp", m.phone)) ??
      (await openQuietConversation(tx, m));
    if (freeTextWindowOpen(conversation.lastInboundAt, now)) {
      await deps.queue(tx, { conversation, content: m.text, sender: m.sender, at: now });
      return { sent: true, as: "text" };
    }
    if (!m.template) return { sent: false, reason: "window_closed" };
    const { contentSid, variables, content } = m.template;
    await deps.queue(tx, { conversation, content: content ?? m.text, sender: m.sender, at: now, template: { contentSid, variables } });
    return { sent: true, as: "template" };
  };
}
