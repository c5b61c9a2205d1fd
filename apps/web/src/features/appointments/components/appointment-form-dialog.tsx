import {
  APPOINTMENT_STATUS_LABELS,
  APPOINTMENT_STATUSES,
  appointmentInputSchema,
  DEFAULT_APPOINTMENT_TYPE,
  type Appointment,
  type AppointmentInput,
  type AppointmentInputParsed,
} from "@clinora/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { DateFormField } from "@/components/ui/date-field";
import { DialogBody, DialogForm, DialogSubmitFooter, FormDialog } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { SelectFormField } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { isApiError } from "@/lib/api-client";
import { useSaveAppointment } from "../api/appointments";
import { PatientPicker, type AppointmentPatient as PatientOption } from "./patient-picker-slot";
import { TimePicker } from "./time-picker";

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
  /** Minutes a new appointment lasts (the professional's setting), for the free-slot lookup after a conflict. */
  defaultDuration: number;
  onSaved: (appointment: Appointment) => void;
}

/** Create/edit dialog of Compromissos (docs/product/appointments.md §2.2); the status field appears only when editing. */
export function AppointmentFormDialog({ open, onOpenChange, appointment, ...rest }: AppointmentFormDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={appointment ? "Editar Compromisso" : "Novo Compromisso"}
      description={appointment ? "Altere os dados do compromisso e salve." : "Escolha o paciente, a data e o horário."}
    >
      {/* Keyed, so each opening starts from the appointment's own values. */}
      <AppointmentForm key={appointment?.id ?? "new"} appointment={appointment} {...rest} />
    </FormDialog>
  );
}

type AppointmentFormProps = Omit<AppointmentFormDialogProps, "open" | "onOpenChange">;

function AppointmentForm({ appointment, defaultDate, defaultDuration, onSaved }: AppointmentFormProps) {
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

  const submit = async (input: AppointmentInputParsed) => {
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
              <FormField label="Horário" htmlFor="appointment-time" required error={fieldState.error?.message}>
                {(control) => <TimePicker {...control} value={field.value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />}
              </FormField>
            )}
          />
        </div>
        <FormField label="Tipo de consulta" htmlFor="appointment-type" required error={errors.appointment_type?.message}>
          <Input placeholder="Consulta, Retorno, Avaliação..." {...form.register("appointment_type")} />
        </FormField>
        {editing ? (
          <SelectFormField control={form.control} name="status" label="Status" htmlFor="appointment-status" options={STATUS_OPTIONS} />
        ) : null}
        <FormField label="Observações" htmlFor="appointment-notes" error={errors.notes?.message}>
          <Textarea rows={3} placeholder="Informações para a consulta (opcional)" {...form.register("notes")} />
        </FormField>
      </DialogBody>
      <DialogSubmitFooter busy={busy} submitLabel={editing ? "Salvar alterações" : "Agendar"} closeLabel="Fechar" />
    </DialogForm>
  );
}
