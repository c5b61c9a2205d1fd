import { describe, expect, it } from "vitest";
import { reminderDecision, type ReminderFacts } from "./reminder-decision";
import { reminderRunAt } from "./reminder-schedule";

const NOW = new Date("2026-12-01T12:00:00Z");
const HOUR = 3_600_000;
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

/** A reminder due now: a pending appointment in 24 h, everything in place, a template configured. */
const due = (over: Partial<ReminderFacts> = {}): ReminderFacts => ({
  now: NOW,
  appointment: { status: "pending", startsAt: at(24) },
  settings: { enabled: true, leadHours: 24 },
  jobLeadHours: 24,
  alreadySent: false,
  patientPhone: "+5511987001122",
  patientOptedOut: false,
  senderNumber: "whatsapp:+5511911112222",
  twilioConfigured: true,
  templateConfigured: true,
  lastInboundAt: null,
  ...over,
});

describe("reminderDecision", () => {
  it("sends the template when one is configured, for pending and confirmed appointments", () => {
    expect(reminderDecision(due())).toEqual({ action: "send", mode: "template" });
    expect(reminderDecision(due({ appointment: { status: "confirmed", startsAt: at(24) } }))).toEqual({ action: "send", mode: "template" });
  });

  it("sends free text without a template only inside the patient's 24-hour window", () => {
    expect(reminderDecision(due({ templateConfigured: false, lastInboundAt: at(-23.9) }))).toEqual({ action: "send", mode: "text" });
    expect(reminderDecision(due({ templateConfigured: false, lastInboundAt: at(-24) }))).toEqual({ action: "skip", reason: "no_template" });
    expect(reminderDecision(due({ templateConfigured: false }))).toEqual({ action: "skip", reason: "no_template" });
  });

  it("says why a due reminder cannot go out", () => {
    expect(reminderDecision(due({ patientPhone: null }))).toEqual({ action: "skip", reason: "no_phone" });
    expect(reminderDecision(due({ patientOptedOut: true }))).toEqual({ action: "skip", reason: "opted_out" });
    expect(reminderDecision(due({ senderNumber: null }))).toEqual({ action: "skip", reason: "no_sender" });
    expect(reminderDecision(due({ twilioConfigured: false }))).toEqual({ action: "skip", reason: "not_configured" });
  });

  it("does nothing for a reminder that no longer has a reason to exist", () => {
    expect(reminderDecision(due({ appointment: null }))).toEqual({ action: "none", why: "gone" });
    expect(reminderDecision(due({ appointment: { status: "cancelled", startsAt: at(24) } }))).toEqual({ action: "none", why: "not_reminded" });
    expect(reminderDecision(due({ appointment: { status: "completed", startsAt: at(24) } }))).toEqual({ action: "none", why: "not_reminded" });
    expect(reminderDecision(due({ settings: { enabled: false, leadHours: 24 } }))).toEqual({ action: "none", why: "disabled" });
    expect(reminderDecision(due({ settings: { enabled: true, leadHours: 2 } }))).toEqual({ action: "none", why: "lead_changed" });
    expect(reminderDecision(due({ appointment: { status: "pending", startsAt: at(30) } }))).toEqual({ action: "none", why: "not_due" });
    expect(reminderDecision(due({ alreadySent: true }))).toEqual({ action: "none", why: "already_sent" });
  });

  it("never reminds of a time already past, even when the job ran late", () => {
    expect(reminderDecision(due({ appointment: { status: "pending", startsAt: NOW } }))).toEqual({ action: "none", why: "past" });
    expect(reminderDecision(due({ appointment: { status: "pending", startsAt: at(-1) } }))).toEqual({ action: "none", why: "past" });
    // Late but still ahead: it goes.
    expect(reminderDecision(due({ appointment: { status: "pending", startsAt: at(3) } }))).toEqual({ action: "send", mode: "template" });
  });
});

describe("reminderRunAt", () => {
  it("is the lead time before the start", () => {
    expect(reminderRunAt({ startsAt: at(48), leadHours: 24, now: NOW, late: true })).toEqual(at(24));
  });

  it("is now for an appointment inside the lead time at least an hour away, when a late reminder is allowed", () => {
    expect(reminderRunAt({ startsAt: at(5), leadHours: 24, now: NOW, late: true })).toEqual(NOW);
    expect(reminderRunAt({ startsAt: at(1), leadHours: 24, now: NOW, late: true })).toEqual(NOW);
    expect(reminderRunAt({ startsAt: at(0.9), leadHours: 24, now: NOW, late: true })).toBeNull();
    expect(reminderRunAt({ startsAt: at(5), leadHours: 24, now: NOW, late: false })).toBeNull();
    expect(reminderRunAt({ startsAt: at(-1), leadHours: 2, now: NOW, late: true })).toBeNull();
  });
});
