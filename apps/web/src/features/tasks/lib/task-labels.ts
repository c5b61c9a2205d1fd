import { TASK_DUE_SOON_DAYS, type TaskPriority, type TaskStatus } from "@clinora/contracts";
import { differenceInCalendarDays, parseISO } from "date-fns";
import type { BadgeTone } from "@/components/ui/badge";
import { formatDayMonth } from "@/lib/format";

export const STATUS_TONES: Record<TaskStatus, BadgeTone> = {
  todo: "neutral",
  in_progress: "info",
  done: "success",
};

export const PRIORITY_TONES: Record<TaskPriority, BadgeTone> = {
  low: "neutral",
  medium: "brand",
  high: "warning",
  urgent: "danger",
};

export interface DueBadge {
  label: string;
  tone: BadgeTone;
}

/**
 * The due badge of docs/product/tasks.md §4: none for done or undated tasks; 'Vencida' when past, 'Hoje', dd/MM in
 * blue within the next 3 days, otherwise dd/MM in grey. `today` is the professional's date (YYYY-MM-DD).
 */
export function dueBadgeOf(task: { status: TaskStatus; due_date: string | null }, today: string): DueBadge | null {
  if (task.status === "done" || !task.due_date) return null;
  const days = differenceInCalendarDays(parseISO(task.due_date), parseISO(today));
  if (days < 0) return { label: "Vencida", tone: "danger" };
  if (days === 0) return { label: "Hoje", tone: "warning" };
  return { label: formatDayMonth(task.due_date), tone: days <= TASK_DUE_SOON_DAYS ? "info" : "neutral" };
}
