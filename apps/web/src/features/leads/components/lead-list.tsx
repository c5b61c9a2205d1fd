import type { Lead } from "@clinora/contracts";
import { type RecordActions, RecordActionsMenu } from "@/components/ui/dropdown-menu";
import { type ResponsiveColumn, ResponsiveList } from "@/components/ui/table";
import { formatDateTime, formatTimeAgo } from "@/lib/format";
import { LeadSourceBadge, LeadStatusBadge } from "./lead-badges";
import { LeadContact } from "./lead-contact";

export interface LeadListProps extends RecordActions<Lead> {
  leads: readonly Lead[];
}

const COLUMNS: ResponsiveColumn<Lead>[] = [
  { header: "Nome", className: "font-medium text-slate-900", cell: (lead) => lead.name },
  { header: "Status", cell: (lead) => <LeadStatusBadge status={lead.status} /> },
  { header: "Origem", cell: (lead) => <LeadSourceBadge source={lead.source} /> },
  { header: "Contato", cell: (lead) => <LeadContact contact={lead.contact_form} /> },
  { header: "Criado", className: "whitespace-nowrap text-slate-500", cell: (lead) => <CreatedAgo createdAt={lead.created_at} /> },
];

/** The list of docs/product/admin.md §2.3: a table from `md` up, one card per lead on phones. */
export function LeadList({ leads, ...actions }: LeadListProps) {
  return (
    <ResponsiveList
      rows={leads}
      label="Lista de leads"
      columns={COLUMNS}
      card={(lead) => <LeadCard lead={lead} />}
      actions={(lead) => <RecordActionsMenu record={lead} label={`Ações de ${lead.name}`} {...actions} />}
    />
  );
}

function LeadCard({ lead }: { lead: Lead }) {
  return (
    <>
      <p className="font-medium text-slate-900">{lead.name}</p>
      <div className="flex flex-wrap gap-1.5">
        <LeadStatusBadge status={lead.status} />
        <LeadSourceBadge source={lead.source} />
      </div>
      <LeadContact contact={lead.contact_form} className="text-sm text-slate-600" />
      <p className="text-xs text-slate-500">
        <CreatedAgo createdAt={lead.created_at} />
      </p>
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
