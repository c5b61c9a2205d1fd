import { describe, expect, it } from "vitest";
import { contactName, conversationChannelOf, formatListTime, sortedBySentAt, conversationStatusOf, formatWaitingAge, isStaleWaiting, messageStatusOf, minutesSince } from "./conversation-display";

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
    expect(messageStatusOf("queued")).toBeNull();
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
});
