import {
  MAX_PER_PAGE,
  type Appointment,
  type AppointmentCancelResult,
  type AppointmentInputParsed,
  type AvailabilityRequest,
  type AvailabilityResponse,
  type TodayAppointment,
} from "@clinora/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { useResourceMutation } from "@/hooks/use-resource-mutation";
import { api } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import type { Period } from "../lib/calendar-period";
import { isSlotConflict, SLOT_CONFLICT_TOAST_MS, slotConflictMessage } from "../lib/slot-conflict";

interface AppointmentPage {
  items: Appointment[];
  total: number;
}

export const appointmentKeys = {
  all: ["appointments"] as const,
  period: (period: Period) => ["appointments", "period", period] as const,
  today: () => ["appointments", "today"] as const,
};

/** Every appointment of a period, read page by page at the spec's page size of 100 (docs/product/appointments.md §9). */
export async function fetchAppointmentsInPeriod(period: Period, signal?: AbortSignal): Promise<Appointment[]> {
  const items: Appointment[] = [];
  for (let page = 1; ; page++) {
    const answer = await api.get<AppointmentPage>("/appointments", {
      query: { date_from: period.from, date_to: period.to, page, per_page: MAX_PER_PAGE },
      signal,
    });
    items.push(...answer.items);
    if (answer.items.length === 0 || items.length >= answer.total) return items;
  }
}

export function appointmentsInPeriodQueryOptions(period: Period) {
  return queryOptions({
    queryKey: appointmentKeys.period(period),
    queryFn: ({ signal }) => fetchAppointmentsInPeriod(period, signal),
    placeholderData: keepPreviousData,
  });
}

export const useAppointmentsInPeriod = (period: Period) => useQuery(appointmentsInPeriodQueryOptions(period));

export function fetchTodayAppointments(signal?: AbortSignal): Promise<TodayAppointment[]> {
  return api.get<TodayAppointment[]>("/appointments/today/list", { signal });
}

// Always refetched on visit: appointments change on other pages, and a stale agenda would mislead.
export const todayAppointmentsQueryOptions = () =>
  queryOptions({ queryKey: appointmentKeys.today(), queryFn: ({ signal }) => fetchTodayAppointments(signal), staleTime: 0, retry: false });

export const useTodayAppointments = () => useQuery(todayAppointmentsQueryOptions());

export function fetchAvailability(request: AvailabilityRequest): Promise<AvailabilityResponse> {
  return api.post<AvailabilityResponse>("/appointments/availability", request);
}

/**
 * The dialog's view of one date from the one availability service: free times (real gaps included), busy ranges and
 * her hours. `request` null (no whole date typed yet) waits.
 */
export function useDayAgenda(request: AvailabilityRequest | null) {
  return useQuery({
    queryKey: [...appointmentKeys.all, "day-agenda", request] as const,
    queryFn: () => fetchAvailability(request!),
    enabled: request !== null,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export interface SaveAppointmentVariables {
  /** Set when editing. */
  id?: string;
  input: AppointmentInputParsed;
  /** Minutes the appointment lasts, for the free-slot lookup after a conflict. */
  duration: number;
}

/**
 * On a taken slot, looks up the day's free slots and suggests the nearest one (docs/product/appointments.md §8); the toast
 * lasts 6 s. The caller's promise still rejects, so the dialog stays open.
 */
async function toastSlotConflict({ id, input, duration }: SaveAppointmentVariables): Promise<void> {
  let slots: AvailabilityResponse["slots"] | null = null;
  try {
    slots = (await fetchAvailability({ date: input.appointment_date, duration, exclude_id: id })).slots;
  } catch (lookupError) {
    console.error("Erro ao buscar horários disponíveis:", lookupError);
  }
  toast.error(slotConflictMessage(input.appointment_time, slots), { duration: SLOT_CONFLICT_TOAST_MS });
}

export const useSaveAppointment = () =>
  useResourceMutation({
    mutationFn: ({ id, input }: SaveAppointmentVariables) =>
      id ? api.put<Appointment>(`/appointments/${id}`, input) : api.post<Appointment>("/appointments", input),
    success: (_saved, { id }) => (id ? "Compromisso atualizado com sucesso!" : "Compromisso criado com sucesso!"),
    failure: (error, variables) => {
      if (isSlotConflict(error)) return toastSlotConflict(variables);
      toast.error("Falha ao salvar compromisso");
    },
    invalidates: [appointmentKeys.all],
    changes: ["appointment.changed"],
  });

/**
 * "Cancelar consulta": the appointment stays, with status cancelled, and the patient is told on WhatsApp only when
 * asked. The toast says plainly whether the message goes, and what to do when it cannot.
 */
/** Deletes an appointment entered by mistake; the server refuses (409, saying why) one with a record or a payment. */
export const useRemoveAppointment = () =>
  useResourceMutation({
    mutationFn: (id: string) => api.post<{ id: string }>(`/appointments/${id}/remove`),
    success: "Compromisso excluído.",
    failure: "Não foi possível excluir o compromisso.",
    invalidates: [appointmentKeys.all],
  });

export const useCancelAppointment = () =>
  useResourceMutation({
    mutationFn: ({ id, notifyPatient }: { id: string; notifyPatient: boolean }) =>
      api.post<AppointmentCancelResult>(`/appointments/${id}/cancel`, { notify_patient: notifyPatient }),
    onSuccess: ({ notice }) => {
      if (!notice) toast.success("Consulta cancelada.");
      else if (notice.sent) toast.success("Consulta cancelada.", { description: notice.text });
      else toast.warning("Consulta cancelada, mas o paciente não foi avisado.", { description: notice.text, duration: 10_000 });
    },
    failure: "Não foi possível cancelar a consulta.",
    invalidates: [appointmentKeys.all],
    changes: ["appointment.changed"],
  });
