import { APPOINTMENT_DURATION_MAX, APPOINTMENT_DURATION_MIN, type Appointment } from "@clinora/contracts";
import { weekdayName } from "@clinora/contracts/date-display";
import { minutesOfDay, timeOfDay, weekdayOf } from "@clinora/contracts/zoned-time";
import { TIMELINE_HOURS } from "./calendar-period";
import { timeWarning, type TimeWarning } from "./time-suggestions";

/**
 * Where an appointment sits in the week view's and the day timeline's grid: its date, its start in minutes since
 * midnight (in the practice's zone, as the API gives it) and its length (docs/decisions/038).
 */
export interface Placement {
  date: string;
  start: number;
  duration: number;
}

/** A pointer drag snaps to 5 minutes: the real gaps the agenda offers are on 5 minutes (docs/product/appointments.md §10.3). */
export const POINTER_SNAP_MINUTES = 5;
/** An arrow key moves or resizes by 15 minutes. */
export const KEY_STEP_MINUTES = 15;
/** A touch held this long starts a move; a shorter one that moves is a scroll. */
export const LONG_PRESS_MS = 450;

/** The grid's first and last minute: 08:00 to 20:00 (docs/product/appointments.md §9). */
export const GRID_START = TIMELINE_HOURS[0]! * 60;
export const GRID_END = (TIMELINE_HOURS.at(-1)! + 1) * 60;

/** Only what can still happen is moved: a cancelled or concluded appointment stays where it was. */
export const isMovable = (appointment: Pick<Appointment, "status">): boolean =>
  appointment.status === "pending" || appointment.status === "confirmed";

export const placementOf = (appointment: Pick<Appointment, "appointment_date" | "appointment_time" | "duration">): Placement => ({
  date: appointment.appointment_date,
  start: minutesOfDay(appointment.appointment_time),
  duration: appointment.duration,
});

export const samePlacement = (a: Placement, b: Placement): boolean => a.date === b.date && a.start === b.start && a.duration === b.duration;

const snap = (minutes: number, step: number) => Math.round(minutes / step) * step;
const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** The latest start that keeps the block inside the grid; one already ending past 20:00 may stay where it is. */
const latestStart = (origin: Placement, duration: number) => Math.max(GRID_END - duration, Math.min(origin.start, 24 * 60 - duration));

/**
 * The placement after a pointer moved the block by `minutes` (vertically) and `days` columns (the week view), snapped
 * to 5 minutes and kept inside the grid and the dates shown.
 */
export function movedBy(origin: Placement, minutes: number, days: number, dates: readonly string[]): Placement {
  const index = dates.indexOf(origin.date);
  const date = index < 0 ? origin.date : dates[clamp(index + days, 0, dates.length - 1)]!;
  const start = clamp(snap(origin.start + minutes, POINTER_SNAP_MINUTES), GRID_START, latestStart(origin, origin.duration));
  return { date, start, duration: origin.duration };
}

/** The placement after the bottom edge was dragged by `minutes`: 5-minute steps, within the durations allowed. */
export function resizedBy(origin: Placement, minutes: number): Placement {
  const longest = Math.min(APPOINTMENT_DURATION_MAX, 24 * 60 - origin.start);
  const duration = clamp(snap(origin.duration + minutes, POINTER_SNAP_MINUTES), APPOINTMENT_DURATION_MIN, longest);
  return { ...origin, duration };
}

/**
 * The placement after an arrow key (docs/decisions/038): up and down 15 minutes earlier or later, left and right the
 * previous or next day among `dates`; with Shift, up and down shorten or lengthen by 15 minutes. Null for a key that
 * does not move (another key, or left/right where there is no other day).
 */
export function placementAfterKey(current: Placement, key: string, shift: boolean, dates: readonly string[]): Placement | null {
  if (shift && (key === "ArrowUp" || key === "ArrowDown")) {
    const longest = Math.min(APPOINTMENT_DURATION_MAX, 24 * 60 - current.start);
    const step = key === "ArrowUp" ? -KEY_STEP_MINUTES : KEY_STEP_MINUTES;
    return { ...current, duration: clamp(current.duration + step, APPOINTMENT_DURATION_MIN, longest) };
  }
  if (key === "ArrowUp" || key === "ArrowDown") {
    const step = key === "ArrowUp" ? -KEY_STEP_MINUTES : KEY_STEP_MINUTES;
    return { ...current, start: clamp(current.start + step, GRID_START, latestStart(current, current.duration)) };
  }
  if (key === "ArrowLeft" || key === "ArrowRight") {
    const index = dates.indexOf(current.date);
    const next = dates[index + (key === "ArrowLeft" ? -1 : 1)];
    return index < 0 || next === undefined ? null : { ...current, date: next };
  }
  return null;
}

/**
 * What the live region says when left or right cannot go further (docs/decisions/038): the grid shows one week, or
 * one day, so a move to another week or day is made in the dialog. Null where the key moves or is not left/right.
 */
export function sidewaysStopText(current: Placement, key: string, dates: readonly string[]): string | null {
  if (key !== "ArrowLeft" && key !== "ArrowRight") return null;
  if (dates.length <= 1) return "Nesta visão o compromisso muda só de horário. Para outro dia, abra-o e altere a data.";
  const index = dates.indexOf(current.date);
  const atEdge = key === "ArrowLeft" ? index === 0 : index === dates.length - 1;
  if (!atEdge) return null;
  return key === "ArrowLeft"
    ? "Início da semana: não dá para mover para a semana anterior por aqui. Abra o compromisso e altere a data."
    : "Fim da semana: não dá para mover para a próxima semana por aqui. Abra o compromisso e altere a data.";
}

/**
 * The question a move asks before saving, as the dialog does (docs/product/appointments.md §8): a start in the past, or
 * a time outside her hours that day. `hours` is her hours on the new date (null: a day off; undefined: not known, so
 * only the past is checked); `now` is her date and time. A change of length alone keeps the start, so it asks only
 * when it makes the appointment run outside her hours.
 */
export function moveWarning(
  origin: Placement,
  to: Placement,
  hours: { start: string; end: string } | null | undefined,
  now: { date: string; time: string },
): TimeWarning | null {
  const warning = timeWarning(to.date, timeOfDay(to.start), to.duration, hours, now);
  if (!warning || origin.date !== to.date || origin.start !== to.start) return warning;
  if (warning !== "outside_hours") return null;
  return timeWarning(origin.date, timeOfDay(origin.start), origin.duration, hours, { date: "", time: "" }) === "outside_hours" ? null : warning;
}

/** "10:30–11:20". */
export const rangeText = (placement: Placement): string =>
  `${timeOfDay(placement.start)}–${timeOfDay(placement.start + placement.duration)}`;

/** "terça, 10:30–11:20": the weekday as said aloud, without "-feira". */
export const placementText = (placement: Placement): string =>
  `${weekdayName(weekdayOf(placement.date)).replace("-feira", "")}, ${rangeText(placement)}`;

/** The update the server receives: the appointment as it is, at its new date, time and length. */
export function movedInput(appointment: Appointment, to: Placement) {
  return {
    patient_id: appointment.patient_id,
    appointment_date: to.date,
    appointment_time: timeOfDay(to.start),
    appointment_type: appointment.appointment_type,
    notes: appointment.notes,
    status: appointment.status,
    duration: to.duration,
  };
}

/** Side-by-side columns for the blocks of one day that overlap (a cancelled one under a new one). */
export function dayLanes(appointments: readonly Appointment[]): Map<string, { lane: number; lanes: number }> {
  const lanes = new Map<string, { lane: number; lanes: number }>();
  const sorted = [...appointments].sort((a, b) => minutesOfDay(a.appointment_time) - minutesOfDay(b.appointment_time));
  let cluster: { id: string; lane: number }[] = [];
  let laneEnds: number[] = [];
  let clusterEnd = -1;
  const close = () => {
    for (const { id, lane } of cluster) lanes.set(id, { lane, lanes: laneEnds.length });
    cluster = [];
    laneEnds = [];
  };
  for (const appointment of sorted) {
    const start = minutesOfDay(appointment.appointment_time);
    const end = start + appointment.duration;
    if (start >= clusterEnd) close();
    let lane = laneEnds.findIndex((laneEnd) => laneEnd <= start);
    if (lane < 0) lane = laneEnds.push(end) - 1;
    else laneEnds[lane] = end;
    cluster.push({ id: appointment.id, lane });
    clusterEnd = Math.max(clusterEnd, end);
  }
  close();
  return lanes;
}
