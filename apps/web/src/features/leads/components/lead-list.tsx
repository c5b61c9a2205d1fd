import type { Lead } from "@clinora/contracts";
import { Eye, Pencil, Trash2 } from "lucide-react";
import { DropdownMenuItem, DropdownMenuSeparator, RowActionsMenu } from "@/components/ui/dropdown-menu";
import { Table, TableCaption, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { formatDateTime, formatTimeAgo } from "@/lib/format";
import { LeadSourceBadge, LeadStatusBadge } from "./lead-badges";
import { LeadContact } from "./lead-contact";

export interface LeadRowActions {
  onDetails: (lead: Lead) => void;
  onEdit: (lead: Lead) => void;
  onDelete: (lead: Lead) => void;
}

export interface LeadListProps extends LeadRowActions {
  leads: readonly Lead[];
}

/** The list of spec part 1 §2.5: a table from `md` up, one card per lead on phones. */
export function LeadList({ leads, ...actions }: LeadListProps) {
  return (
    <>
      <div className="hidden md:block">
        <Table>
          <TableCaption className="sr-only">Lista de leads</TableCaption>
          <THead>
            <TR>
              <TH>Nome</TH>
              <TH>Status</TH>
              <TH>Origem</TH>
              <TH>Contato</TH>
              <TH>Criado</TH>
              <TH className="w-12">
                <span className="sr-only">Ações</span>
              </TH>
            </TR>
          </THead>
          <TBody>
            {leads.map((lead) => (
              <TR key={lead.id}>
                <TD className="font-medium text-slate-900">{lead.name}</TD>
                <TD>
                  <LeadStatusBadge status={lead.status} />
                </TD>
                <TD>
                  <LeadSourceBadge source={lead.source} />
                </TD>
                <TD>
                  <LeadContact contact={lead.contact_form} />
                </TD>
                <TD className="whitespace-nowrap text-slate-500">
                  <CreatedAgo createdAt={lead.created_at} />
                </TD>
                <TD className="text-right">
                  <LeadActionsMenu lead={lead} {...actions} />
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </div>

      <ul className="divide-y divide-slate-100 md:hidden" aria-label="Lista de leads">
        {leads.map((lead) => (
          <li key={lead.id} className="flex items-start gap-3 px-4 py-4">
            <div className="min-w-0 flex-1 space-y-1.5">
              <p className="font-medium text-slate-900">{lead.name}</p>
              <div className="flex flex-wrap gap-1.5">
                <LeadStatusBadge status={lead.status} />
                <LeadSourceBadge source={lead.source} />
              </div>
              <LeadContact contact={lead.contact_form} className="text-sm text-slate-600" />
              <p className="text-xs text-slate-500">
                <CreatedAgo createdAt={lead.created_at} />
              </p>
            </div>
            <LeadActionsMenu lead={lead} {...actions} />
          </li>
        ))}
      </ul>
    </>
  );
}

/** "há 3 dias", with the exact time on hover and for screen readers. */
function CreatedAgo({ createdAt }: { createdAt: string }) {
  return (
    <time dateTime={createdAt} title={formatDateTime(createdAt)}>
      {formatTimeAgo(createdAt)}
    </time>
  );
}

function LeadActionsMenu({ lead, onDetails, onEdit, onDelete }: LeadRowActions & { lead: Lead }) {
  return (
    <RowActionsMenu label={`Ações de ${lead.name}`}>
      <DropdownMenuItem onSelect={() => onDetails(lead)}>
        <Eye />
        Ver detalhes
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={() => onEdit(lead)}>
        <Pencil />
        Editar
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem tone="danger" onSelect={() => onDelete(lead)}>
        <Trash2 />
        Excluir
      </DropdownMenuItem>
    </RowActionsMenu>
  );
}
