import type { TodayAppointment } from "@clinora/contracts";

/** docs/product/appointments.md §9: a full day is 8 appointments; the upcoming card lists 5. */
export const FULL_DAY_APPOINTMENTS = 8;
export const UPCOMING_LIMIT = 5;

export interface DashboardFigures {
  /** Today's appointments that are not cancelled. */
  today: number;
  completed: number;
  /** Any status other than completed or cancelled (docs/product/appointments.md §4). */
  pending: number;
  /** Whole percent of a full day. */
  occupancy: number;
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

/** The Painel's cards from today's appointments (in time order) and the current HH:mm (docs/product/appointments.md §4). */
export function dashboardFigures(appointments: readonly TodayAppointment[], nowTime: string): DashboardFigures {
  const booked = appointments.filter((a) => a.status !== "cancelled");
  return {
    today: booked.length,
    completed: appointments.filter((a) => a.status === "completed").length,
    pending: booked.filter((a) => a.status !== "completed").length,
    occupancy: Math.round((booked.length / FULL_DAY_APPOINTMENTS) * 100),
    next: booked.find((a) => a.time.slice(0, 5) >= nowTime) ?? null,
    upcoming: appointments.slice(0, UPCOMING_LIMIT),
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

/** "Bom dia" until noon, "Boa tarde" until 18:00, then "Boa noite". */
export function greetingFor(nowTime: string): string {
  if (nowTime < "12:00") return "Bom dia";
  return nowTime < "18:00" ? "Boa tarde" : "Boa noite";
}
