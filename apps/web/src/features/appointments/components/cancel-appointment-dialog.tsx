import type { Appointment } from "@clinora/contracts";
import { cancellationNoticeText } from "@clinora/contracts/cancel-notice";
import { useEffect, useId, useState } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { formatDate } from "@/lib/format";

export interface CancelAppointmentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Kept while the dialog closes, so its texts do not vanish during the exit animation. */
  appointment: Appointment | null;
  /** The name the patient knows the practice by (the clinic's, else the professional's). */
  practiceName: string;
  onConfirm: (input: { id: string; notifyPatient: boolean }) => Promise<unknown>;
}

/**
 * "Cancelar consulta" (docs/decisions/033): the appointment stays in the agenda as cancelled and its time is free
 * again; the patient is told on WhatsApp only when the box is ticked, and the dialog shows the very words they get.
 * Nothing here deletes.
 */
export function CancelAppointmentDialog({ open, onOpenChange, appointment, practiceName, onConfirm }: CancelAppointmentDialogProps) {
  const [notify, setNotify] = useState(false);
  const id = useId();
  // Each opening starts unticked: telling a patient is a choice made each time.
  useEffect(() => {
    if (open) setNotify(false);
  }, [open]);
  const phone = appointment?.patient_phone ?? null;
  const preview = appointment
    ? cancellationNoticeText({ patientName: appointment.patient_name, date: appointment.appointment_date, time: appointment.appointment_time, practiceName })
    : "";

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      tone="danger"
      title="Cancelar consulta?"
      description={
        appointment ? (
          <>
            A consulta de <strong>{appointment.patient_name}</strong> em {formatDate(appointment.appointment_date)} às {appointment.appointment_time} fica na agenda
            como cancelada, e o horário fica livre.
          </>
        ) : null
      }
      confirmLabel="Cancelar consulta"
      cancelLabel="Voltar"
      onConfirm={() => appointment && onConfirm({ id: appointment.id, notifyPatient: notify && phone !== null })}
    >
      {phone ? (
        <div className="rounded-lg border border-slate-200 p-3">
          <div className="flex items-start gap-2.5">
            <Checkbox id={`${id}-notify`} checked={notify} onCheckedChange={(checked) => setNotify(checked === true)} aria-describedby={`${id}-preview`} className="mt-0.5" />
            <label htmlFor={`${id}-notify`} className="text-sm font-medium text-slate-900">
              Avisar o paciente pelo WhatsApp
            </label>
          </div>
          <p id={`${id}-preview`} className="mt-2 text-sm text-slate-600">
            {notify ? "Ele vai receber:" : "Se marcar, ele vai receber:"} <q className="italic">{preview}</q>
          </p>
          <p className="mt-1 text-xs text-slate-600">Sem marcar, o paciente não é avisado.</p>
        </div>
      ) : (
        <p className="text-sm text-slate-600">O paciente não tem celular no cadastro e não será avisado: avise-o por outro meio.</p>
      )}
    </ConfirmDialog>
  );
}
