import type { Lead } from "@clinora/contracts";
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
import { formatDateTime } from "@/lib/format";
import { LeadSourceBadge, LeadStatusBadge } from "./lead-badges";
import { LeadContact } from "./lead-contact";

export interface LeadDetailsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  lead: Lead | null;
  onEdit: (lead: Lead) => void;
}

export function LeadDetailsDialog({ open, onOpenChange, lead, onEdit }: LeadDetailsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {lead ? (
          <>
            <DialogHeader>
              <DialogTitle>{lead.name}</DialogTitle>
              <DialogDescription className="flex flex-wrap items-center gap-1.5">
                <LeadStatusBadge status={lead.status} />
                <LeadSourceBadge source={lead.source} />
              </DialogDescription>
            </DialogHeader>
            <DialogBody>
              <DescriptionList>
                <DescriptionItem label="Contato" wide>
                  <LeadContact contact={lead.contact_form} />
                </DescriptionItem>
                <DescriptionItem label="Observações" wide>
                  {lead.notes}
                </DescriptionItem>
                <DescriptionItem label="Criado em">{formatDateTime(lead.created_at)}</DescriptionItem>
                <DescriptionItem label="Atualizado em">{formatDateTime(lead.updated_at)}</DescriptionItem>
              </DescriptionList>
            </DialogBody>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Fechar</Button>
              </DialogClose>
              <Button onClick={() => onEdit(lead)}>Editar</Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
