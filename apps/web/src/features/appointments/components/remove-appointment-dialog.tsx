import type { Appointment } from "@clinora/contracts";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { formatDate } from "@/lib/format";

export interface RemoveAppointmentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Kept while the dialog closes, so its texts do not vanish during the exit animation. */
  appointment: Appointment | null;
  onConfirm: (id: string) => Promise<unknown>;
}

/**
 * Deleting an appointment entered by mistake (docs/product/appointments.md §2.2), offered in its details: it leaves
 * the agenda and the history and the patient is not told. The usual way to call off a visit is "Cancelar consulta";
 * the dialog says so. The server refuses one with a prontuário entry or a payment, and the toast gives its reason.
 */
export function RemoveAppointmentDialog({ open, onOpenChange, appointment, onConfirm }: RemoveAppointmentDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      tone="danger"
      title="Excluir compromisso?"
      description={
        appointment ? (
          <>
            O compromisso de <strong>{appointment.patient_name}</strong> em {formatDate(appointment.appointment_date)} às {appointment.appointment_time} sai da
            agenda e do histórico, e o paciente não é avisado. Use só para um lançamento feito por engano; para desmarcar uma consulta, use &ldquo;Cancelar
            consulta&rdquo;.
          </>
        ) : null
      }
      confirmLabel="Excluir compromisso"
      cancelLabel="Voltar"
      onConfirm={() => appointment && onConfirm(appointment.id)}
    />
  );
}
