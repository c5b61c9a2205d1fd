import type { Professional } from "@clinora/contracts";
import { Button } from "@/components/ui/button";
import { DescriptionItem, DescriptionList } from "@/components/ui/description-list";
import {
  Dialog,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { formatDateTime, formatPhone } from "@/lib/format";
import { AvailabilityBadge } from "./availability-badge";

export interface ProfessionalDetailsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  professional: Professional | null;
  onEdit: (professional: Professional) => void;
}

/** Every field of spec part 1 §2.4 "Details dialog". */
export function ProfessionalDetailsDialog({ open, onOpenChange, professional, onEdit }: ProfessionalDetailsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        {professional ? (
          <>
            <DialogHeader>
              <DialogTitle>{professional.full_name}</DialogTitle>
              <DialogDescription className="flex flex-wrap items-center gap-2">
                <span>{professional.specialty}</span>
                <AvailabilityBadge available={professional.is_available} />
              </DialogDescription>
            </DialogHeader>
            <DialogBody>
              <DescriptionList>
                <DescriptionItem label="Email">{professional.email}</DescriptionItem>
                <DescriptionItem label="Telefone">{formatPhone(professional.phone)}</DescriptionItem>
                <DescriptionItem label="Clínica">{professional.clinic_name}</DescriptionItem>
                <DescriptionItem label="Endereço">{clinicAddress(professional)}</DescriptionItem>
                <DescriptionItem label="Duração da consulta">{`${professional.appointment_duration} minutos`}</DescriptionItem>
                <DescriptionItem label="Modo zen">{professional.zen_mode ? "Ativado" : "Desativado"}</DescriptionItem>
                <DescriptionItem label="Bio" wide>
                  {professional.bio}
                </DescriptionItem>
                <DescriptionItem label="Criado em">{formatDateTime(professional.created_at)}</DescriptionItem>
                <DescriptionItem label="Atualizado em">{formatDateTime(professional.updated_at)}</DescriptionItem>
              </DescriptionList>
            </DialogBody>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Fechar</Button>
              </DialogClose>
              <Button onClick={() => onEdit(professional)}>Editar</Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** "Rua Augusta, 1508 - Consolação, São Paulo/SP, 01304-001" from the parts that are filled in. */
function clinicAddress(p: Professional): string {
  const place = [p.clinic_city, p.clinic_state].filter(Boolean).join("/");
  return [p.clinic_address, place, p.clinic_zip].filter(Boolean).join(", ");
}
