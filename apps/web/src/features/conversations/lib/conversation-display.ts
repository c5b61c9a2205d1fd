import {
  CONVERSATION_CHANNELS,
  CONVERSATION_STATUSES,
  HIGHEST_URGENCY,
  MESSAGE_SENDERS,
  MESSAGE_STATUSES,
  STALE_WAITING_MINUTES,
  type ConversationChannel,
  type ConversationStatus,
  type MessageDirection,
  type MessageSender,
  type MessageStatus,
} from "@clinora/contracts";
import { shortDate } from "@clinora/contracts/date-display";
import { addDays } from "@clinora/contracts/zoned-time";
import { formatPhone, inDisplayZone } from "@/lib/format";

const MINUTE_MS = 60_000;

/** docs/product/conversations-and-whatsapp.md §4: an unknown status is shown as waiting. */
export function conversationStatusOf(value: string | null | undefined): ConversationStatus {
  return (CONVERSATION_STATUSES as readonly string[]).includes(value ?? "") ? (value as ConversationStatus) : "waiting";
}

/** docs/product/conversations-and-whatsapp.md §4: an unknown channel is shown as WhatsApp. */
export function conversationChannelOf(value: string | null | undefined): ConversationChannel {
  return (CONVERSATION_CHANNELS as readonly string[]).includes(value ?? "") ? (value as ConversationChannel) : "whatsapp";
}

export function messageStatusOf(value: string | null | undefined): MessageStatus | null {
  return (MESSAGE_STATUSES as readonly string[]).includes(value ?? "") ? (value as MessageStatus) : null;
}

/**
 * Who wrote a message. An unknown sender (a server older than the field) falls back to the patient for an
 * inbound message and to no label for an outbound one, rather than naming the wrong author.
 */
export function messageSenderOf(message: { sender?: string | null; direction: MessageDirection }): MessageSender | null {
  if ((MESSAGE_SENDERS as readonly string[]).includes(message.sender ?? "")) return message.sender as MessageSender;
  return message.direction === "inbound" ? "patient" : null;
}

/**
 * Whether the professional may write now: the server's answer, and on WhatsApp also the clock, so a window that
 * closes while the dialog is open disables the box before the next poll (WhatsApp's 24-hour rule).
 */
export function isReplyWindowOpen(replyWindow: { open: boolean; closes_at: string | null }, now: number): boolean {
  if (!replyWindow.open) return false;
  if (!replyWindow.closes_at) return true;
  const closesAt = Date.parse(replyWindow.closes_at);
  return Number.isNaN(closesAt) || closesAt > now;
}

/**
 * Time left in WhatsApp's 24-hour window, for "Janela do WhatsApp: 5 h 12 min restantes": whole hours and
 * minutes, rounded down so it never promises more than there is; "menos de 1 min" in the last minute.
 * Null without a closing time (web chat), with an invalid one, or once it has passed.
 */
export function formatWindowLeft(closesAt: string | null | undefined, now: number): string | null {
  if (!closesAt) return null;
  const at = Date.parse(closesAt);
  if (Number.isNaN(at) || at <= now) return null;
  const minutes = Math.floor((at - now) / MINUTE_MS);
  if (minutes < 1) return "menos de 1 min";
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** Below this, the time left is shown as a warning: an answer may not fit in what remains. */
export const REPLY_WINDOW_WARNING_MINUTES = 60;

/** Whole minutes until the window closes, or null without a valid closing time. */
export function minutesUntil(closesAt: string | null | undefined, now: number): number | null {
  if (!closesAt) return null;
  const at = Date.parse(closesAt);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.floor((at - now) / MINUTE_MS));
}

/** Whole minutes since the last message, or null without a (valid) time. */
export function minutesSince(lastMessageAt: string | null | undefined, now: number): number | null {
  if (!lastMessageAt) return null;
  const at = Date.parse(lastMessageAt);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.floor((now - at) / MINUTE_MS));
}

/** docs/product/conversations-and-whatsapp.md §4: a waiting conversation is stale when its last message is 120 or more minutes old. */
export function isStaleWaiting(conversation: { status: string; last_message_at: string | null }, now: number): boolean {
  if (conversationStatusOf(conversation.status) !== "waiting") return false;
  const minutes = minutesSince(conversation.last_message_at, now);
  return minutes !== null && minutes >= STALE_WAITING_MINUTES;
}

/** An emergency or a crisis not resolved yet (docs/decisions/022): listed first and marked "Urgente". */
export function isUrgentOpen(conversation: { status: string; urgency: number }): boolean {
  return conversation.urgency >= HIGHEST_URGENCY && conversationStatusOf(conversation.status) !== "resolved";
}

/** docs/product/conversations-and-whatsapp.md §4: minutes below 60 ("45 min"), then hours and minutes ("2h 05min"). */
export function formatWaitingAge(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return `${hours}h ${String(minutes % 60).padStart(2, "0")}min`;
}

/** The patient's name, else the formatted phone, else a neutral label (a web-chat visitor who gave no name yet). */
export function contactName(conversation: { patient_name: string | null; phone_number: string | null; channel?: string }): string {
  const fallback = conversation.channel === "web_chat" ? "Visitante do site" : "Contato desconhecido";
  return conversation.patient_name?.trim() || formatPhone(conversation.phone_number) || fallback;
}

/** docs/product/conversations-and-whatsapp.md §7: the thread is shown by `sent_at`, oldest first. */
export function sortedBySentAt<T extends { sent_at: string }>(messages: readonly T[]): T[] {
  return [...messages].sort((a, b) => Date.parse(a.sent_at) - Date.parse(b.sent_at));
}

/** Inbox-style time of the last message: "14:32" today, "Ontem", else "dd/MM/yyyy" (docs/product/conversations-and-whatsapp.md §9 date format). */
export function formatListTime(value: string | null | undefined, now: number): string {
  const at = inDisplayZone(value);
  if (!at) return "";
  const today = inDisplayZone(now)?.date ?? "";
  if (at.date === today) return at.time;
  if (at.date === addDays(today, -1)) return "Ontem";
  return shortDate(at.date);
}
