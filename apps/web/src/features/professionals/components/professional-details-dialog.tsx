import type { Professional } from "@clinora/contracts";
import { DescriptionItem } from "@/components/ui/description-list";
import { DetailsDialog } from "@/components/ui/dialog";
import { formatDateTime, formatPhone } from "@/lib/format";
import { AvailabilityBadge } from "./availability-badge";
import { ProfessionalAccessPanel } from "./professional-access-panel";

export interface ProfessionalDetailsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  professional: Professional | null;
  onEdit: (professional: Professional) => void;
}

/** Every field of docs/product/admin.md §2.2 "Details dialog". */
export function ProfessionalDetailsDialog({ professional, ...dialog }: ProfessionalDetailsDialogProps) {
  return (
    <DetailsDialog
      {...dialog}
      size="lg"
      record={professional}
      title={(p) => p.full_name}
      description={(p) => (
        <>
          <span>{p.specialty}</span>
          <AvailabilityBadge available={p.is_available} />
        </>
      )}
    >
      {(p) => (
        <>
          <DescriptionItem label="Email">{p.email}</DescriptionItem>
          <DescriptionItem label="Telefone">{formatPhone(p.phone)}</DescriptionItem>
          <DescriptionItem label="Clínica">{p.clinic_name}</DescriptionItem>
          <DescriptionItem label="Endereço">{clinicAddress(p)}</DescriptionItem>
          <DescriptionItem label="Duração da consulta">{`${p.appointment_duration} minutos`}</DescriptionItem>
          <DescriptionItem label="Modo zen">{p.zen_mode ? "Ativado" : "Desativado"}</DescriptionItem>
          <DescriptionItem label="Bio" wide>
            {p.bio}
          </DescriptionItem>
          <DescriptionItem label="Criado em">{formatDateTime(p.created_at)}</DescriptionItem>
          <DescriptionItem label="Atualizado em">{formatDateTime(p.updated_at)}</DescriptionItem>
          <DescriptionItem label="Acesso" wide>
            <ProfessionalAccessPanel key={p.id} professional={p} />
          </DescriptionItem>
        </>
      )}
    </DetailsDialog>
  );
}

/** "Rua Augusta, 1508 - Consolação, São Paulo/SP, 01304-001" from the parts that are filled in. */
function clinicAddress(p: Professional): string {
  const place = [p.clinic_city, p.clinic_state].filter(Boolean).join("/");
  return [p.clinic_address, place, p.clinic_zip].filter(Boolean).join(", ");
}
