import type { Lead } from "@clinora/contracts";
import { DescriptionItem } from "@/components/ui/description-list";
import { DetailsDialog } from "@/components/ui/dialog";
import { formatDateTime } from "@/lib/format";
import { LeadSourceBadge, LeadStatusBadge } from "./lead-badges";
import { LeadContact } from "./lead-contact";

export interface LeadDetailsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  lead: Lead | null;
  onEdit: (lead: Lead) => void;
}

/** A lead read-only, with "Editar" to open its form (docs/product/admin.md §2.3). */
export function LeadDetailsDialog({ lead, ...dialog }: LeadDetailsDialogProps) {
  return (
    <DetailsDialog
      {...dialog}
      record={lead}
      title={(l) => l.name}
      description={(l) => (
        <span className="flex flex-wrap items-center gap-1.5">
          <LeadStatusBadge status={l.status} />
          <LeadSourceBadge source={l.source} />
        </span>
      )}
    >
      {(l) => (
        <>
          <DescriptionItem label="Contato" wide>
            <LeadContact contact={l.contact_form} />
          </DescriptionItem>
          <DescriptionItem label="Observações" wide>
            {l.notes}
          </DescriptionItem>
          <DescriptionItem label="Criado em">{formatDateTime(l.created_at)}</DescriptionItem>
          <DescriptionItem label="Atualizado em">{formatDateTime(l.updated_at)}</DescriptionItem>
        </>
      )}
    </DetailsDialog>
  );
}
