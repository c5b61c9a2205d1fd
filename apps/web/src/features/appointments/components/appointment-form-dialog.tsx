import {
  APPOINTMENT_STATUS_LABELS,
  APPOINTMENT_STATUSES,
  appointmentInputSchema,
  DEFAULT_APPOINTMENT_TYPE,
  type Appointment,
  type AppointmentInput,
  type AppointmentInputParsed,
} from "@clinora/contracts";
import { toLocal } from "@clinora/contracts/zoned-time";
import { zodResolver } from "@hookform/resolvers/zod";
import { TriangleAlert } from "lucide-react";
import { useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { DateFormField } from "@/components/ui/date-field";
import { DialogBody, DialogForm, DialogSubmitFooter, FormDialog } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { SelectFormField } from "@/components/ui/select";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { isApiError } from "@/lib/api-client";
import { useDayAgenda, useSaveAppointment } from "../api/appointments";
import { isSlotConflict } from "../lib/slot-conflict";
import { clashMessage, clashOf, nearestFreeTimes, quickTimes, TIME_WARNING_TEXT, timeWarning, type TimeWarning } from "../lib/time-suggestions";
import { AppointmentPayment } from "./appointment-payment-slot";
import { PatientPicker, type AppointmentPatient as PatientOption } from "./patient-picker-slot";
import { TimeChip, TimePicker } from "./time-picker";

const STATUS_OPTIONS = APPOINTMENT_STATUSES.map((status) => ({ value: status, label: APPOINTMENT_STATUS_LABELS[status] }));
const FORM_FIELDS = ["patient_id", "appointment_date", "appointment_time", "appointment_type", "notes", "status"] as const;
type FieldName = (typeof FORM_FIELDS)[number];

export interface AppointmentFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The appointment to edit; null to create one. */
  appointment: Appointment | null;
  /** Date a new appointment starts with (the selected day). */
  defaultDate: string;
  /** Minutes a new appointment lasts (the professional's setting), for the free times and the clash check. */
  defaultDuration: number;
  /** Her zone: "today", "now" and "past" are hers, not the browser's. */
  timeZone: string;
  onSaved: (appointment: Appointment) => void;
  /** Offered when editing: delete an appointment entered by mistake (cancelling is the usual way). */
  onRemove?: (appointment: Appointment) => void;
}

/** Create/edit dialog of Compromissos (docs/product/appointments.md §2.2); the status field appears only when editing. */
export function AppointmentFormDialog({ open, onOpenChange, appointment, ...rest }: AppointmentFormDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={appointment ? "Editar compromisso" : "Novo compromisso"}
      description={appointment ? "Altere os dados do compromisso e salve." : "Escolha o paciente, a data e o horário."}
    >
      {/* Keyed, so each opening starts from the appointment's own values. */}
      <AppointmentForm key={appointment?.id ?? "new"} appointment={appointment} {...rest} />
    </FormDialog>
  );
}

type AppointmentFormProps = Omit<AppointmentFormDialogProps, "open" | "onOpenChange">;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A time the server refused as taken after the dialog's own check (someone else booked it meanwhile). */
const TAKEN_MEANWHILE = "Este horário acabou de ser ocupado. Escolha um dos horários livres.";

function AppointmentForm({ appointment, defaultDate, defaultDuration, timeZone, onSaved, onRemove }: AppointmentFormProps) {
  const editing = appointment !== null;
  const [patient, setPatient] = useState<PatientOption | null>(() =>
    appointment
      ? { id: appointment.patient_id, name: appointment.patient_name, email: appointment.patient_email, phone: appointment.patient_phone }
      : null,
  );
  const form = useForm<AppointmentInput, unknown, AppointmentInputParsed>({
    resolver: zodResolver(appointmentInputSchema),
    defaultValues: {
      patient_id: appointment?.patient_id ?? "",
      appointment_date: appointment?.appointment_date ?? defaultDate,
      appointment_time: appointment?.appointment_time ?? "",
      appointment_type: appointment?.appointment_type ?? DEFAULT_APPOINTMENT_TYPE,
      notes: appointment?.notes ?? "",
      status: appointment?.status ?? "pending",
    },
  });
  const save = useSaveAppointment();
  const { errors } = form.formState;

  // docs/product/appointments.md §2.2: the free times, clashes and her hours of the chosen date, from the one
  // availability service, shown on the time field before saving.
  const duration = appointment?.duration ?? defaultDuration;
  const date = form.watch("appointment_date");
  const time = form.watch("appointment_time");
  const agenda = useDayAgenda(ISO_DATE.test(date) ? { date, duration, exclude_id: appointment?.id } : null);
  const day = agenda.data && !agenda.isPlaceholderData ? agenda.data : undefined;
  const now = toLocal(new Date(), timeZone);
  const clash = day?.busy ? clashOf(time, duration, day.busy) : null;
  const suggestions = day ? nearestFreeTimes(day.slots, time) : [];
  const chips = quickTimes(day?.hours, duration, { isToday: date === now.date, nowTime: now.time });
  // A past time or one outside her hours is saved only after she says so, for that date and time.
  // An edit that keeps its date and time (marking a past one completed) asks nothing.
  const moved = !appointment || appointment.appointment_date !== date || appointment.appointment_time.slice(0, 5) !== time;
  const warning = moved ? timeWarning(date, time, duration, day?.hours, now) : null;
  const [asked, setAsked] = useState<{ key: string; warning: TimeWarning } | null>(null);
  const accepted = useRef<string | null>(null);
  const whenKey = `${date} ${time}`;
  const question = asked && asked.key === whenKey ? asked.warning : null;

  const submit = async (input: AppointmentInputParsed) => {
    if (clash) return form.setFocus("appointment_time");
    if (warning && accepted.current !== whenKey) return setAsked({ key: whenKey, warning });
    try {
      const saved = await save.mutateAsync({
        id: appointment?.id,
        input,
        duration: appointment?.duration ?? defaultDuration,
      });
      onSaved(saved);
    } catch (error) {
      // The mutation has toasted; field messages from the server go next to their fields.
      if (!isApiError(error)) return;
      if (isSlotConflict(error)) {
        form.setError("appointment_time", { message: TAKEN_MEANWHILE }, { shouldFocus: true });
        void agenda.refetch();
        return;
      }
      for (const issue of error.details) {
        const field = issue.loc[1];
        if (FORM_FIELDS.includes(field as FieldName)) form.setError(field as FieldName, { message: issue.msg });
      }
    }
  };

  const busy = form.formState.isSubmitting;

  return (
    <DialogForm onSubmit={form.handleSubmit(submit)}>
      <DialogBody className="space-y-4">
        <Controller
          control={form.control}
          name="patient_id"
          render={({ field, fieldState }) => (
            <FormField label="Paciente" htmlFor="appointment-patient" required error={fieldState.error?.message}>
              {(control) => (
                <PatientPicker
                  {...control}
                  value={patient}
                  onChange={(next) => {
                    setPatient(next);
                    field.onChange(next?.id ?? "");
                  }}
                />
              )}
            </FormField>
          )}
        />
        <div className="grid gap-4 sm:grid-cols-[minmax(0,11rem)_1fr]">
          <DateFormField control={form.control} name="appointment_date" label="Data" htmlFor="appointment-date" required />
          <Controller
            control={form.control}
            name="appointment_time"
            render={({ field, fieldState }) => (
              <div className="space-y-3">
                <FormField
                  label="Horário"
                  htmlFor="appointment-time"
                  required
                  error={fieldState.error?.message ?? (clash ? clashMessage(clash) : undefined)}
                >
                  {(control) => (
                    <TimePicker {...control} quickTimes={chips} value={field.value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />
                  )}
                </FormField>
                <FreeTimes
                  loading={agenda.isFetching && !day}
                  dayOff={day?.hours === null}
                  times={suggestions}
                  value={field.value}
                  onPick={(picked) => {
                    form.clearErrors("appointment_time");
                    field.onChange(picked);
                  }}
                />
              </div>
            )}
          />
        </div>
        {question ? (
          <div role="alertdialog" aria-labelledby="appointment-time-question" className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 sm:flex-row sm:items-center">
            <p id="appointment-time-question" className="flex flex-1 items-start gap-2 text-sm font-medium text-amber-950">
              <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-700" />
              {TIME_WARNING_TEXT[question]}
            </p>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:shrink-0">
              <Button type="button" variant="outline" size="sm" onClick={() => { setAsked(null); form.setFocus("appointment_time"); }}>
                Escolher outro horário
              </Button>
              <Button
                type="button"
                size="sm"
                autoFocus
                onClick={() => {
                  accepted.current = whenKey;
                  setAsked(null);
                  void form.handleSubmit(submit)();
                }}
              >
                Salvar mesmo assim
              </Button>
            </div>
          </div>
        ) : null}
        <FormField label="Tipo de consulta" htmlFor="appointment-type" required error={errors.appointment_type?.message}>
          <Input placeholder="Consulta, Retorno, Avaliação..." {...form.register("appointment_type")} />
        </FormField>
        {editing ? (
          <SelectFormField control={form.control} name="status" label="Status" htmlFor="appointment-status" options={STATUS_OPTIONS} />
        ) : null}
        {appointment ? <AppointmentPayment appointmentId={appointment.id} variant="detail" /> : null}
        <FormField label="Observações" htmlFor="appointment-notes" error={errors.notes?.message}>
          <Textarea rows={3} placeholder="Informações para a consulta (opcional)" {...form.register("notes")} />
        </FormField>
      </DialogBody>
      <DialogSubmitFooter
        busy={busy}
        submitLabel={editing ? "Salvar alterações" : "Agendar"}
        closeLabel="Fechar"
        start={
          appointment && onRemove ? (
            <Button type="button" variant="ghost" disabled={busy} className="text-red-700 hover:bg-red-50 hover:text-red-800" onClick={() => onRemove(appointment)}>
              Excluir (lançado por engano)
            </Button>
          ) : undefined
        }
      />
    </DialogForm>
  );
}

/**
 * The free times nearest the chosen one (docs/product/appointments.md §2.2), as buttons next to the time field: a
 * click puts the time in the field.
 */
function FreeTimes({ loading, dayOff, times, value, onPick }: { loading: boolean; dayOff: boolean; times: readonly string[]; value: string; onPick: (time: string) => void }) {
  const label = dayOff ? "Você não atende neste dia." : loading ? "Buscando horários livres..." : times.length === 0 ? "Nenhum horário livre nesta data." : "Horários livres mais próximos";
  return (
    <div role="group" aria-labelledby="appointment-free-times-label" className="space-y-1.5">
      <p id="appointment-free-times-label" className="text-xs font-medium text-slate-600" aria-live="polite">
        {label}
      </p>
      {times.length > 0 && !dayOff ? (
        <div className="flex flex-wrap gap-1.5">
          {times.map((time) => (
            <TimeChip key={time} time={time} tone="free" pressed={value === time} onPick={onPick} />
          ))}
        </div>
      ) : null}
    </div>
  );
}
