import { describe, expect, it } from "vitest";
import {
  contactName,
  conversationChannelOf,
  conversationStatusOf,
  formatListTime,
  formatWaitingAge,
  formatWindowLeft,
  isReplyWindowOpen,
  isStaleWaiting,
  isUrgentOpen,
  messageSenderOf,
  messageStatusOf,
  minutesSince,
  minutesUntil,
  sortedBySentAt,
} from "./conversation-display";

const NOW = Date.parse("2026-03-10T15:00:00Z");
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

describe("conversation display rules", () => {
  it("falls back to waiting and WhatsApp for unknown values", () => {
    expect(conversationStatusOf("bot_handling")).toBe("bot_handling");
    expect(conversationStatusOf("archived")).toBe("waiting");
    expect(conversationStatusOf(null)).toBe("waiting");
    expect(conversationChannelOf("web_chat")).toBe("web_chat");
    expect(conversationChannelOf("sms")).toBe("whatsapp");
    expect(messageStatusOf("read")).toBe("read");
    expect(messageStatusOf("queued")).toBe("queued");
    expect(messageStatusOf("accepted")).toBeNull();
    expect(messageStatusOf(null)).toBeNull();
  });

  it("names the author of a message, and never guesses the author of an outbound one", () => {
    expect(messageSenderOf({ sender: "assistant", direction: "outbound" })).toBe("assistant");
    expect(messageSenderOf({ sender: "professional", direction: "outbound" })).toBe("professional");
    expect(messageSenderOf({ sender: "patient", direction: "inbound" })).toBe("patient");
    expect(messageSenderOf({ sender: undefined, direction: "inbound" })).toBe("patient");
    expect(messageSenderOf({ sender: "bot", direction: "outbound" })).toBeNull();
  });

  it("counts whole minutes since the last message", () => {
    expect(minutesSince(ago(59.9), NOW)).toBe(59);
    expect(minutesSince(null, NOW)).toBeNull();
    expect(minutesSince("ontem", NOW)).toBeNull();
  });

  it("marks waiting conversations stale from 120 minutes on", () => {
    expect(isStaleWaiting({ status: "waiting", last_message_at: ago(119) }, NOW)).toBe(false);
    expect(isStaleWaiting({ status: "waiting", last_message_at: ago(120) }, NOW)).toBe(true);
    expect(isStaleWaiting({ status: "unknown", last_message_at: ago(300) }, NOW)).toBe(true);
    expect(isStaleWaiting({ status: "in_progress", last_message_at: ago(300) }, NOW)).toBe(false);
    expect(isStaleWaiting({ status: "waiting", last_message_at: null }, NOW)).toBe(false);
  });

  it("shows minutes below an hour, then hours and minutes", () => {
    expect(formatWaitingAge(0)).toBe("0 min");
    expect(formatWaitingAge(59)).toBe("59 min");
    expect(formatWaitingAge(60)).toBe("1h 00min");
    expect(formatWaitingAge(185)).toBe("3h 05min");
  });

  it("names the contact by patient, else phone, else a neutral label", () => {
    expect(contactName({ patient_name: "Ana Lima", phone_number: "+5511987654321" })).toBe("Ana Lima");
    expect(contactName({ patient_name: " ", phone_number: "+5511987654321" })).toBe("(11) 98765-4321");
    expect(contactName({ patient_name: null, phone_number: null })).toBe("Contato desconhecido");
    expect(contactName({ patient_name: null, phone_number: null, channel: "web_chat" })).toBe("Visitante do site");
  });

  it("orders a thread by send time, oldest first", () => {
    const thread = [{ id: "b", sent_at: ago(5) }, { id: "c", sent_at: ago(1) }, { id: "a", sent_at: ago(30) }];
    expect(sortedBySentAt(thread).map((m) => m.id)).toEqual(["a", "b", "c"]);
    expect(thread[0]!.id).toBe("b");
  });

  it("shows the last message time like an inbox: hour today, 'Ontem', else the date", () => {
    const now = new Date(2026, 2, 10, 15, 0).getTime();
    expect(formatListTime(new Date(2026, 2, 10, 8, 5).toISOString(), now)).toBe("08:05");
    expect(formatListTime(new Date(2026, 2, 9, 23, 59).toISOString(), now)).toBe("Ontem");
    expect(formatListTime(new Date(2026, 2, 8, 12, 0).toISOString(), now)).toBe("08/03/2026");
    expect(formatListTime(null, now)).toBe("");
  });

  it("shows the time left in WhatsApp's 24-hour window in whole hours and minutes, rounded down", () => {
    const inMinutes = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();
    expect(formatWindowLeft(inMinutes(5 * 60 + 12), NOW)).toBe("5 h 12 min");
    expect(formatWindowLeft(inMinutes(5 * 60 + 12.9), NOW)).toBe("5 h 12 min");
    expect(formatWindowLeft(inMinutes(24 * 60), NOW)).toBe("24 h");
    expect(formatWindowLeft(inMinutes(59), NOW)).toBe("59 min");
    expect(formatWindowLeft(inMinutes(0.5), NOW)).toBe("menos de 1 min");
  });

  it("has no time left once the window has closed, or without a closing time", () => {
    expect(formatWindowLeft(new Date(NOW).toISOString(), NOW)).toBeNull();
    expect(formatWindowLeft(ago(1), NOW)).toBeNull();
    expect(formatWindowLeft(null, NOW)).toBeNull();
    expect(formatWindowLeft("amanhã", NOW)).toBeNull();
  });

  it("counts the whole minutes until the window closes, never below zero", () => {
    expect(minutesUntil(new Date(NOW + 90.5 * 60_000).toISOString(), NOW)).toBe(90);
    expect(minutesUntil(ago(10), NOW)).toBe(0);
    expect(minutesUntil(null, NOW)).toBeNull();
  });

  it("lets the professional reply only while the server says so and the window has not passed", () => {
    const later = new Date(NOW + 60_000).toISOString();
    expect(isReplyWindowOpen({ open: true, closes_at: later }, NOW)).toBe(true);
    expect(isReplyWindowOpen({ open: true, closes_at: null }, NOW)).toBe(true);
    expect(isReplyWindowOpen({ open: true, closes_at: ago(1) }, NOW)).toBe(false);
    expect(isReplyWindowOpen({ open: true, closes_at: later }, NOW + 60_000)).toBe(false);
    expect(isReplyWindowOpen({ open: false, closes_at: later }, NOW)).toBe(false);
    expect(isReplyWindowOpen({ open: false, closes_at: null }, NOW)).toBe(false);
  });
});

describe("urgent conversations", () => {
  it("marks an emergency or a crisis until it is resolved, and nothing below the highest urgency", () => {
    expect(isUrgentOpen({ status: "waiting", urgency: 3 })).toBe(true);
    expect(isUrgentOpen({ status: "in_progress", urgency: 3 })).toBe(true);
    expect(isUrgentOpen({ status: "resolved", urgency: 3 })).toBe(false);
    expect(isUrgentOpen({ status: "waiting", urgency: 2 })).toBe(false);
  });
});
