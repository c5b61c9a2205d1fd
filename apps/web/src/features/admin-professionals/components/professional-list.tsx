import type { Professional } from "@clinora/contracts";
import { Eye, Mail, MapPin, Pencil, Phone, Trash2 } from "lucide-react";
import { DropdownMenuItem, DropdownMenuSeparator, RowActionsMenu } from "@/components/ui/dropdown-menu";
import { Table, TableCaption, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { formatPhone } from "@/lib/format";
import { AvailabilityBadge } from "./availability-badge";

export interface ProfessionalRowActions {
  onDetails: (professional: Professional) => void;
  onEdit: (professional: Professional) => void;
  onDelete: (professional: Professional) => void;
}

export interface ProfessionalListProps extends ProfessionalRowActions {
  professionals: readonly Professional[];
}

/** The list of spec part 1 §2.4: a table from `md` up, one card per professional on phones. */
export function ProfessionalList({ professionals, ...actions }: ProfessionalListProps) {
  return (
    <>
      <div className="hidden md:block">
        <Table>
          <TableCaption className="sr-only">Lista de profissionais</TableCaption>
          <THead>
            <TR>
              <TH>Nome</TH>
              <TH>Especialidade</TH>
              <TH>Contato</TH>
              <TH>Cidade</TH>
              <TH className="w-12">
                <span className="sr-only">Ações</span>
              </TH>
            </TR>
          </THead>
          <TBody>
            {professionals.map((professional) => (
              <TR key={professional.id}>
                <TD>
                  <div className="flex flex-col items-start gap-1">
                    <span className="font-medium text-slate-900">{professional.full_name}</span>
                    <AvailabilityBadge available={professional.is_available} />
                  </div>
                </TD>
                <TD className="whitespace-nowrap">{professional.specialty}</TD>
                <TD>
                  <div className="space-y-0.5 text-sm">
                    <p className="break-all">{professional.email ?? "—"}</p>
                    <p className="whitespace-nowrap text-slate-500">{formatPhone(professional.phone) || "—"}</p>
                  </div>
                </TD>
                <TD className="whitespace-nowrap">{professional.clinic_city ?? "—"}</TD>
                <TD className="text-right">
                  <ProfessionalActionsMenu professional={professional} {...actions} />
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </div>

      <ul className="divide-y divide-slate-100 md:hidden" aria-label="Lista de profissionais">
        {professionals.map((professional) => (
          <li key={professional.id} className="flex items-start gap-3 px-4 py-4">
            <div className="min-w-0 flex-1 space-y-1.5">
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
            </div>
            <ProfessionalActionsMenu professional={professional} {...actions} />
          </li>
        ))}
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

function ProfessionalActionsMenu({ professional, onDetails, onEdit, onDelete }: ProfessionalRowActions & { professional: Professional }) {
  return (
    <RowActionsMenu label={`Ações de ${professional.full_name}`}>
      <DropdownMenuItem onSelect={() => onDetails(professional)}>
        <Eye />
        Ver detalhes
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={() => onEdit(professional)}>
        <Pencil />
        Editar
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem tone="danger" onSelect={() => onDelete(professional)}>
        <Trash2 />
        Excluir
      </DropdownMenuItem>
    </RowActionsMenu>
  );
}
