import { formatCpf, type Patient } from "@clinora/contracts";
import { Badge } from "@/components/ui/badge";
import { DescriptionItem } from "@/components/ui/description-list";
import { DetailsDialog } from "@/components/ui/dialog";
import { formatDate, formatDateTime, formatPhone } from "@/lib/format";
import { PatientPayments } from "./patient-payments-slot";

export interface PatientDetailsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  patient: Patient | null;
  onEdit: (patient: Patient) => void;
}

/** "Ver detalhes": the patient read-only, with "Editar" to open the form. */
export function PatientDetailsDialog({ patient, ...dialog }: PatientDetailsDialogProps) {
  return (
    <DetailsDialog
      {...dialog}
      record={patient}
      title={(p) => p.name}
      after={(p) => <PatientPayments patientId={p.id} />}
      description={(p) => (
        <span className="flex flex-wrap items-center gap-1.5">
          {p.next_appointment ? (
            <Badge tone="brand">
              Próxima: {formatDate(p.next_appointment.date)} às {p.next_appointment.time}
            </Badge>
          ) : null}
          {p.last_appointment ? <Badge tone="neutral">Última: {formatDate(p.last_appointment)}</Badge> : null}
          {p.whatsapp_opted_out ? <Badge tone="danger">Não recebe mensagens automáticas</Badge> : null}
        </span>
      )}
    >
      {(p) => (
        <>
          <DescriptionItem label="Telefone">{p.phone ? formatPhone(p.phone) : null}</DescriptionItem>
          <DescriptionItem label="Email">{p.email}</DescriptionItem>
          <DescriptionItem label="CPF">{p.cpf ? formatCpf(p.cpf) : null}</DescriptionItem>
          <DescriptionItem label="Data de nascimento">{p.birth_date ? formatDate(p.birth_date) : null}</DescriptionItem>
          <DescriptionItem label="Endereço" wide>
            {p.address}
          </DescriptionItem>
          <DescriptionItem label="Horário preferido">{p.preferred_time}</DescriptionItem>
          <DescriptionItem label="Contato de emergência">{p.emergency_contact}</DescriptionItem>
          <DescriptionItem label="Histórico médico" wide>
            {p.medical_history}
          </DescriptionItem>
          <DescriptionItem label="Notas" wide>
            {p.notes}
          </DescriptionItem>
          <DescriptionItem label="Cadastrado em">{formatDateTime(p.created_at)}</DescriptionItem>
          <DescriptionItem label="Atualizado em">{formatDateTime(p.updated_at)}</DescriptionItem>
        </>
      )}
    </DetailsDialog>
  );
}
