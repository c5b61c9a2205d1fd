import type { Appointment } from "@clinora/contracts";
import { timeOfDay } from "@clinora/contracts/zoned-time";
import { useResourceMutation } from "@/hooks/use-resource-mutation";
import { api, serverDetail } from "@/lib/api-client";
import { inDisplayZone } from "@/lib/format";
import { toast } from "@/lib/toast";
import { movedInput, moveWarning, placementOf, placementText, type Placement } from "../lib/drag-move";
import { isSlotConflict, SLOT_CONFLICT_TOAST_MS, slotConflictMessage } from "../lib/slot-conflict";
import type { TimeWarning } from "../lib/time-suggestions";
import { appointmentKeys, fetchAvailability } from "./appointments";

/** How long the toast offering "Desfazer" stays. */
const UNDO_TOAST_MS = 10_000;

interface MoveVariables {
  appointment: Appointment;
  to: Placement;
}

/** The refusal in words: a taken slot names the nearest free time of that day, as the dialog's toast does. */
async function refusalText(error: unknown, { appointment, to }: MoveVariables): Promise<string> {
  if (!isSlotConflict(error)) return serverDetail(error) ?? "Não foi possível mover o compromisso.";
  try {
    const { slots } = await fetchAvailability({ date: to.date, duration: to.duration, exclude_id: appointment.id });
    return slotConflictMessage(timeOfDay(to.start), slots);
  } catch {
    return slotConflictMessage(timeOfDay(to.start), null);
  }
}

/**
 * Whether a move must ask first, as the dialog does: a start in the past or outside her hours on the new date, "now"
 * being her date and time (the practice's zone, not the browser's). Her hours come from the availability answer of that date; when it cannot be
 * read, only the past is checked (the server still refuses a taken time).
 */
export async function moveQuestion(appointment: Appointment, to: Placement): Promise<TimeWarning | null> {
  let hours: { start: string; end: string } | null | undefined;
  try {
    ({ hours } = await fetchAvailability({ date: to.date, duration: to.duration, exclude_id: appointment.id }));
  } catch {
    hours = undefined;
  }
  return moveWarning(placementOf(appointment), to, hours, inDisplayZone(new Date())!);
}

/**
 * A drag or an arrow-key move of the week view and the day timeline (docs/decisions/038): the same PUT and conflict
 * rules as the dialog. A success toast offers "Desfazer", which puts the previous time back through the server; a
 * refusal shows its reason and the block goes back. `announce` speaks the outcome in the view's live region.
 * The returned function resolves to whether the server took the change.
 */
export function useMoveAppointment(announce: (text: string) => void) {
  const save = useResourceMutation({
    mutationFn: ({ appointment, to }: MoveVariables) => api.put<Appointment>(`/appointments/${appointment.id}`, movedInput(appointment, to)),
    // The moved block shows at once where it was put; the refresh that follows brings the other views in line.
    onSuccess: (saved, _variables, queryClient) =>
      queryClient.setQueriesData<Appointment[]>({ queryKey: [...appointmentKeys.all, "period"] }, (list) =>
        list?.map((item) => (item.id === saved.id ? saved : item)),
      ),
    invalidates: [appointmentKeys.all],
  });

  async function move(appointment: Appointment, to: Placement, undoing = false): Promise<boolean> {
    try {
      const saved = await save.mutateAsync({ appointment, to });
      const text = undoing ? `Horário anterior restaurado: ${placementText(to)}` : `Movido para ${placementText(to)}`;
      announce(text);
      if (undoing) toast.success(text);
      else {
        const before = placementOf(appointment);
        toast.success(text, {
          duration: UNDO_TOAST_MS,
          action: { label: "Desfazer", onClick: () => void move(saved, before, true) },
        });
      }
      return true;
    } catch (error) {
      const text = await refusalText(error, { appointment, to });
      toast.error(text, { duration: SLOT_CONFLICT_TOAST_MS });
      announce(`${text} O compromisso continua em ${placementText(placementOf(appointment))}.`);
      return false;
    }
  }

  return { move, moving: save.isPending };
}
