import type { TodayAppointment } from "@clinora/contracts";

/** docs/product/appointments.md §9: the upcoming card lists 5. */
export const UPCOMING_LIMIT = 5;

/** Her working hours as the profile holds them (weekdays 0 = Sunday, HH:mm[:ss] times). */
export interface WorkingHours {
  business_days: readonly number[];
  business_start: string;
  business_end: string;
}

export interface DashboardFigures {
  /** Today's appointments that are not cancelled. */
  today: number;
  completed: number;
  /** Status "pending" only, as Compromissos counts it (docs/product/appointments.md §4). */
  pending: number;
  /**
   * Whole percent of today's working minutes taken by the minutes of today's appointments (not cancelled), or
   * null when today is not one of her working days.
   */
  occupancy: number | null;
  /** Today's working window, "08:00" to "18:00", or null on a day off. */
  hours: { start: string; end: string } | null;
  next: TodayAppointment | null;
  upcoming: TodayAppointment[];
  confirmations: ConfirmationFigures;
}

/** Today's answers to the reminders, at a glance (docs/decisions/017). */
export interface ConfirmationFigures {
  /** Confirmed, by the patient or by the professional. */
  confirmed: number;
  /** Of those, confirmed by the patient themselves. */
  confirmedByPatient: number;
  /** Still pending: no confirmation yet. */
  awaiting: number;
  cancelledByPatient: number;
}

/** The confirmation card's figures from today's appointments. */
export function confirmationFigures(appointments: readonly TodayAppointment[]): ConfirmationFigures {
  const confirmed = appointments.filter((a) => a.status === "confirmed");
  return {
    confirmed: confirmed.length,
    confirmedByPatient: confirmed.filter((a) => a.patient_response === "confirmed").length,
    awaiting: appointments.filter((a) => a.status === "pending").length,
    cancelledByPatient: appointments.filter((a) => a.status === "cancelled" && a.patient_response === "cancelled").length,
  };
}

const minutesOf = (time: string) => {
  const [h, m] = time.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/**
 * The Painel's cards from today's appointments (in time order), the current HH:mm, today's weekday (0 = Sunday) and
 * her working hours (docs/product/appointments.md §4): the occupancy is the share of her working minutes booked.
 */
export function dashboardFigures(
  appointments: readonly TodayAppointment[],
  nowTime: string,
  weekday: number,
  workingHours: WorkingHours,
): DashboardFigures {
  const booked = appointments.filter((a) => a.status !== "cancelled");
  const start = workingHours.business_start.slice(0, 5);
  const end = workingHours.business_end.slice(0, 5);
  const workingMinutes = workingHours.business_days.includes(weekday) ? minutesOf(end) - minutesOf(start) : 0;
  const bookedMinutes = booked.reduce((sum, a) => sum + a.duration, 0);
  // Ahead of now and still to happen: a past, completed or cancelled appointment is not "próximo".
  const ahead = booked.filter((a) => a.status !== "completed" && a.time.slice(0, 5) >= nowTime);
  return {
    today: booked.length,
    completed: appointments.filter((a) => a.status === "completed").length,
    pending: appointments.filter((a) => a.status === "pending").length,
    occupancy: workingMinutes > 0 ? Math.round((bookedMinutes / workingMinutes) * 100) : null,
    hours: workingMinutes > 0 ? { start, end } : null,
    next: ahead[0] ?? null,
    upcoming: ahead.slice(0, UPCOMING_LIMIT),
    confirmations: confirmationFigures(appointments),
  };
}

/** Honorifics kept together with the name that follows ("Dra. Ana"), so the greeting is never just "Dra.". */
const TITLE = /^(dr|dra|prof|profa|sr|sra)\.?$/i;

/**
 * The name the Painel greets: the first word of the professional's name, falling back to the account's full
 * name (docs/product/appointments.md §2.1).
 */
export function greetingName(professionalName: string | null | undefined, accountName: string): string {
  const words = (professionalName ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return accountName;
  return TITLE.test(words[0]!) && words[1] ? `${words[0]} ${words[1]}` : words[0]!;
}

/** "Bom dia" from 05:00 until noon, "Boa tarde" until 18:00, then "Boa noite" (also after midnight, until 05:00). */
export function greetingFor(nowTime: string): string {
  if (nowTime < "05:00") return "Boa noite";
  if (nowTime < "12:00") return "Bom dia";
  return nowTime < "18:00" ? "Boa tarde" : "Boa noite";
}
