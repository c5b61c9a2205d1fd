import type { AppointmentStatus, ReminderSkipReason } from "@clinora/contracts";
import { freeTextWindowOpen } from "../messaging";
import { REMINDED_STATUSES } from "./reminder.repository";

/** A job that finds its reminder due more than this far ahead was re-armed for later (the appointment moved). */
const NOT_DUE_TOLERANCE_MS = 60_000;

/** Everything the decision to send one reminder depends on, read when the job runs. */
export interface ReminderFacts {
  now: Date;
  appointment: { status: AppointmentStatus; startsAt: Date } | null;
  settings: { enabled: boolean; leadHours: number };
  /** The lead time the job was queued with. */
  jobLeadHours: number;
  /** A reminder for this very start was already queued (by an earlier run of this job or another). */
  alreadySent: boolean;
  patientPhone: string | null;
  /** The patient withdrew WhatsApp reminders (PARAR, Twilio's 21610, or on the patient's screen; docs/decisions/018). */
  patientOptedOut: boolean;
  /** The professional's WhatsApp sender number. */
  senderNumber: string | null;
  twilioConfigured: boolean;
  templateConfigured: boolean;
  /** When the patient last wrote in their WhatsApp conversation, if ever. */
  lastInboundAt: Date | null;
}

export type ReminderDecision =
  /** Send now: as the approved template, or as free text inside the 24-hour window. */
  | { action: "send"; mode: "template" | "text" }
  /** Should have gone but cannot: recorded with the reason the professional sees. */
  | { action: "skip"; reason: ReminderSkipReason }
  /** Nothing to do, and nothing to tell: the reminder no longer has a reason to exist, or another run owns it. */
  | { action: "none"; why: "gone" | "not_reminded" | "disabled" | "past" | "not_due" | "lead_changed" | "already_sent" };

/**
 * THE one place that decides whether a reminder goes out (docs/decisions/017). Pure, so every rule is unit-tested;
 * a new rule (e.g. a patient who opted out of messages) is added here and nowhere else.
 */
export function reminderDecision(f: ReminderFacts): ReminderDecision {
  const a = f.appointment;
  if (!a) return { action: "none", why: "gone" };
  if (!(REMINDED_STATUSES as readonly string[]).includes(a.status)) return { action: "none", why: "not_reminded" };
  if (!f.settings.enabled) return { action: "none", why: "disabled" };
  // Never a reminder for a time already past (docs/decisions/017), whatever delayed the job.
  if (a.startsAt.getTime() <= f.now.getTime()) return { action: "none", why: "past" };
  if (f.settings.leadHours !== f.jobLeadHours) return { action: "none", why: "lead_changed" };
  if (a.startsAt.getTime() - f.settings.leadHours * 3_600_000 > f.now.getTime() + NOT_DUE_TOLERANCE_MS) return { action: "none", why: "not_due" };
  if (f.alreadySent) return { action: "none", why: "already_sent" };
  // Zen mode is deliberately not a rule: it silences notifications to the professional, not messages to patients.
  if (!f.patientPhone) return { action: "skip", reason: "no_phone" };
  if (f.patientOptedOut) return { action: "skip", reason: "opted_out" };
  if (!f.twilioConfigured) return { action: "skip", reason: "not_configured" };
  if (!f.senderNumber) return { action: "skip", reason: "no_sender" };
  if (f.templateConfigured) return { action: "send", mode: "template" };
  return freeTextWindowOpen(f.lastInboundAt, f.now) ? { action: "send", mode: "text" } : { action: "skip", reason: "no_template" };
}
