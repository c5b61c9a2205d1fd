import type { Professional } from "@clinora/contracts";
import { Mail, MapPin, Phone } from "lucide-react";
import { type RecordActions, RecordActionsMenu } from "@/components/ui/dropdown-menu";
import { type ResponsiveColumn, ResponsiveList } from "@/components/ui/table";
import { formatPhone } from "@/lib/format";
import { AvailabilityBadge } from "./availability-badge";

export interface ProfessionalListProps extends RecordActions<Professional> {
  professionals: readonly Professional[];
}

const COLUMNS: ResponsiveColumn<Professional>[] = [
  {
    header: "Nome",
    cell: (professional) => (
      <div className="flex flex-col items-start gap-1">
        <span className="font-medium text-slate-900">{professional.full_name}</span>
        <AvailabilityBadge available={professional.is_available} />
      </div>
    ),
  },
  { header: "Especialidade", className: "whitespace-nowrap", cell: (professional) => professional.specialty },
  {
    header: "Contato",
    cell: (professional) => (
      <div className="space-y-0.5 text-sm">
        <p className="break-all">{professional.email ?? "—"}</p>
        <p className="whitespace-nowrap text-slate-500">{formatPhone(professional.phone) || "—"}</p>
      </div>
    ),
  },
  { header: "Cidade", className: "whitespace-nowrap", cell: (professional) => professional.clinic_city ?? "—" },
];

/** The list of docs/product/admin.md §2.2: a table from `md` up, one card per professional on phones. */
export function ProfessionalList({ professionals, ...actions }: ProfessionalListProps) {
  return (
    <ResponsiveList
      rows={professionals}
      label="Lista de profissionais"
      columns={COLUMNS}
      card={(professional) => <ProfessionalCard professional={professional} />}
      actions={(professional) => <RecordActionsMenu record={professional} label={`Ações de ${professional.full_name}`} {...actions} />}
    />
  );
}

function ProfessionalCard({ professional }: { professional: Professional }) {
  return (
    <>
      <p className="font-medium text-slate-900">{professional.full_name}</p>
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <AvailabilityBadge available={professional.is_available} />
        <span>{professional.specialty}</span>
      </div>
      <ul className="space-y-1 text-sm text-slate-600">
        {professional.email ? <IconLine icon={Mail} text={professional.email} /> : null}
        {professional.phone ? <IconLine icon={Phone} text={formatPhone(professional.phone)} /> : null}
        {professional.clinic_city ? <IconLine icon={MapPin} text={professional.clinic_city} /> : null}
      </ul>
    </>
  );
}

function IconLine({ icon: Icon, text }: { icon: typeof Mail; text: string }) {
  return (
    <li className="flex items-center gap-2">
      <Icon aria-hidden className="size-3.5 shrink-0 text-slate-400" />
      <span className="min-w-0 break-all">{text}</span>
    </li>
  );
}
