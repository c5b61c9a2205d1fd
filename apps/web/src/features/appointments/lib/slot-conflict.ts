import type { TimeSlot } from "@clinora/contracts";
import { minutesOfDay } from "@clinora/contracts/zoned-time";
import { isApiError } from "@/lib/api-client";

/** docs/product/appointments.md §9: the slot error toast lasts 6000 ms. */
export const SLOT_CONFLICT_TOAST_MS = 6000;

/** A save refused because the slot is taken (docs/product/appointments.md §8: a message containing 'already booked'). */
export function isSlotConflict(error: unknown): boolean {
  return isApiError(error) && (error.detail ?? error.message).toLowerCase().includes("already booked");
}

/** The free slot closest in minutes to `time`; the earlier one on a tie. */
export function nearestFreeSlot(slots: readonly TimeSlot[], time: string): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const slot of slots) {
    if (!slot.available) continue;
    const distance = Math.abs(minutesOfDay(slot.time) - minutesOfDay(time));
    if (distance < bestDistance) {
      best = slot.time;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * The slot conflict texts of docs/product/appointments.md §8: a suggestion when the day has a free slot, another text when it
 * has none, and a third when the slots could not be read (`slots` null).
 */
export function slotConflictMessage(time: string, slots: readonly TimeSlot[] | null): string {
  if (slots === null) return "Este horário já está ocupado. Escolha outro horário.";
  const nearest = nearestFreeSlot(slots, time);
  if (nearest === null) return "Este horário já está ocupado. Nenhum horário disponível nesta data.";
  return `Horário ${time} já está ocupado. Tente: ${nearest}`;
}
