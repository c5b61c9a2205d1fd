import type { Appointment, AppointmentStatus } from "@clinora/contracts";

/** The status filter of Compromissos; 'all' hides cancelled appointments (docs/product/appointments.md §2.2). */
export type StatusFilter = "all" | AppointmentStatus;

export function applyStatusFilter<T extends Pick<Appointment, "status">>(items: readonly T[], filter: StatusFilter): T[] {
  return filter === "all" ? items.filter((a) => a.status !== "cancelled") : items.filter((a) => a.status === filter);
}

export interface AppointmentSummary {
  /** Every appointment except the cancelled ones. */
  total: number;
  pending: number;
  confirmed: number;
  completed: number;
}

/** The summary cards of Compromissos (docs/product/appointments.md §2.2). */
export function summarize(items: readonly Pick<Appointment, "status">[]): AppointmentSummary {
  const count = (status: AppointmentStatus) => items.filter((a) => a.status === status).length;
  return {
    total: items.filter((a) => a.status !== "cancelled").length,
    pending: count("pending"),
    confirmed: count("confirmed"),
    completed: count("completed"),
  };
}

/** Appointments by their date, each day in the order given (the API's date and time order). */
export function groupByDate<T extends Pick<Appointment, "appointment_date">>(items: readonly T[]): Map<string, T[]> {
  const days = new Map<string, T[]>();
  for (const item of items) {
    const day = days.get(item.appointment_date);
    if (day) day.push(item);
    else days.set(item.appointment_date, [item]);
  }
  return days;
}

/** Appointments of one timeline row: those starting within the hour. */
export function startingInHour<T extends Pick<Appointment, "appointment_time">>(items: readonly T[], hour: number): T[] {
  return items.filter((a) => Number(a.appointment_time.slice(0, 2)) === hour);
}
