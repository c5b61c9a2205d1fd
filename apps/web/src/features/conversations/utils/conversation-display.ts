import {
  CONVERSATION_CHANNELS,
  CONVERSATION_STATUSES,
  MESSAGE_STATUSES,
  STALE_WAITING_MINUTES,
  type ConversationChannel,
  type ConversationStatus,
  type MessageStatus,
} from "@clinora/contracts";
import { isSameDay } from "date-fns";
import { formatDate, formatPhone } from "@/lib/format";

const MINUTE_MS = 60_000;

/** Spec part 2 §4: an unknown status is shown as waiting. */
export function conversationStatusOf(value: string | null | undefined): ConversationStatus {
  return (CONVERSATION_STATUSES as readonly string[]).includes(value ?? "") ? (value as ConversationStatus) : "waiting";
}

/** Spec part 2 §4: an unknown channel is shown as WhatsApp. */
export function conversationChannelOf(value: string | null | undefined): ConversationChannel {
  return (CONVERSATION_CHANNELS as readonly string[]).includes(value ?? "") ? (value as ConversationChannel) : "whatsapp";
}

export function messageStatusOf(value: string | null | undefined): MessageStatus | null {
  return (MESSAGE_STATUSES as readonly string[]).includes(value ?? "") ? (value as MessageStatus) : null;
}

/** Whole minutes since the last message, or null without a (valid) time. */
export function minutesSince(lastMessageAt: string | null | undefined, now: number): number | null {
  if (!lastMessageAt) return null;
  const at = Date.parse(lastMessageAt);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.floor((now - at) / MINUTE_MS));
}

/** Spec part 2 §4: a waiting conversation is stale when its last message is 120 or more minutes old. */
export function isStaleWaiting(conversation: { status: string; last_message_at: string | null }, now: number): boolean {
  if (conversationStatusOf(conversation.status) !== "waiting") return false;
  const minutes = minutesSince(conversation.last_message_at, now);
  return minutes !== null && minutes >= STALE_WAITING_MINUTES;
}

/** Spec part 2 §4: minutes below 60 ("45 min"), then hours and minutes ("2h 05min"). */
export function formatWaitingAge(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return `${hours}h ${String(minutes % 60).padStart(2, "0")}min`;
}

/** The patient's name, else the formatted phone, else a neutral label. */
export function contactName(conversation: { patient_name: string | null; phone_number: string | null }): string {
  return conversation.patient_name?.trim() || formatPhone(conversation.phone_number) || "Contato desconhecido";
}

/** Spec part 2 §7: the thread is shown by `sent_at`, oldest first. */
export function sortedBySentAt<T extends { sent_at: string }>(messages: readonly T[]): T[] {
  return [...messages].sort((a, b) => Date.parse(a.sent_at) - Date.parse(b.sent_at));
}

/** Inbox-style time of the last message: "14:32" today, "Ontem", else "dd/MM/yyyy" (spec part 2 §9 date format). */
export function formatListTime(value: string | null | undefined, now: number): string {
  if (!value) return "";
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return "";
  const today = new Date(now);
  const yesterday = new Date(now);
  yesterday.setDate(today.getDate() - 1);
  if (isSameDay(at, today)) return `${String(at.getHours()).padStart(2, "0")}:${String(at.getMinutes()).padStart(2, "0")}`;
  if (isSameDay(at, yesterday)) return "Ontem";
  return formatDate(at);
}
