import type { TwilioNumber } from "@clinora/contracts";
import { Pencil, Phone, Plus, Trash2 } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-dialog";
import { DropdownMenuItem, RowActionsMenu } from "@/components/ui/dropdown-menu";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingState } from "@/components/ui/loading-state";
import { ActionsTH, Table, TableCaption, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { useDialogState } from "@/hooks/use-dialog-state";
import { useErrorToast } from "@/hooks/use-error-toast";
import { formatDateTime, formatPhone } from "@/lib/format";
import type { ProfessionalOption } from "../api/whatsapp";
import { useDeleteTwilioNumber, useTwilioNumbers } from "../api/twilio-numbers";
import { TwilioNumberDialog } from "./twilio-number-dialog";

const LOAD_FAILED = "Não foi possível carregar os números Twilio.";

function NumberCell({ number }: { number: TwilioNumber }) {
  return (
    <div className="min-w-0">
      <p className="font-medium whitespace-nowrap text-slate-900">{formatPhone(number.e164_number)}</p>
      <p className="truncate font-mono text-xs text-slate-500">{number.twilio_number}</p>
    </div>
  );
}

function OwnerCell({ number }: { number: TwilioNumber }) {
  if (!number.professional_id) return <Badge tone="warning">Sem profissional</Badge>;
  return (
    <div className="min-w-0">
      <p className="truncate text-slate-900">{number.professional_name}</p>
      {number.professional_email ? <p className="truncate text-xs text-slate-500">{number.professional_email}</p> : null}
    </div>
  );
}

interface RowActionsProps {
  number: TwilioNumber;
  onEdit: (number: TwilioNumber) => void;
  onRemove: (number: TwilioNumber) => void;
}

function RowActions({ number, onEdit, onRemove }: RowActionsProps) {
  return (
    <RowActionsMenu label={`Ações do número ${formatPhone(number.e164_number)}`}>
      <DropdownMenuItem onSelect={() => onEdit(number)}>
        <Pencil aria-hidden />
        Editar
      </DropdownMenuItem>
      <DropdownMenuItem tone="danger" onSelect={() => onRemove(number)}>
        <Trash2 aria-hidden />
        Remover
      </DropdownMenuItem>
    </RowActionsMenu>
  );
}

/** Registered senders with add, edit (label and owner) and remove (docs/product/admin.md §2.5). */
export function TwilioNumbersCard({ professionals }: { professionals: ProfessionalOption[] }) {
  const numbers = useTwilioNumbers();
  useErrorToast(numbers.error, LOAD_FAILED);
  const editing = useDialogState<TwilioNumber | null>();
  const removing = useDialogState<TwilioNumber>();
  const remove = useDeleteTwilioNumber();

  const actions = { onEdit: editing.show, onRemove: removing.show };
  const rows = numbers.data ?? [];

  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1">
          <CardTitle>Números cadastrados</CardTitle>
          <CardDescription>Números WhatsApp provisionados no Twilio e o profissional atendido por cada um.</CardDescription>
        </div>
        <Button icon={Plus} onClick={() => editing.show(null)}>Adicionar número</Button>
      </CardHeader>
      <CardContent>
        {numbers.isPending ? (
          <LoadingState text="Carregando números..." />
        ) : numbers.isError ? (
          <ErrorState message={LOAD_FAILED} onRetry={() => void numbers.refetch()} retrying={numbers.isFetching} />
        ) : rows.length === 0 ? (
          <EmptyState icon={Phone} title="Nenhum número cadastrado" description="Adicione o primeiro número WhatsApp provisionado no Twilio." />
        ) : (
          <>
            <div className="hidden overflow-hidden rounded-lg border border-slate-200 md:block">
              <Table>
                <TableCaption className="sr-only">Números Twilio cadastrados</TableCaption>
                <THead>
                  <TR>
                    <TH>Número</TH>
                    <TH>Rótulo</TH>
                    <TH>Profissional</TH>
                    <TH>Atualizado em</TH>
                    <ActionsTH className="text-right" />
                  </TR>
                </THead>
                <TBody>
                  {rows.map((number) => (
                    <TR key={number.id}>
                      <TD>
                        <NumberCell number={number} />
                      </TD>
                      <TD>{number.label ?? <span className="text-subtle">—</span>}</TD>
                      <TD>
                        <OwnerCell number={number} />
                      </TD>
                      <TD className="whitespace-nowrap">{formatDateTime(number.updated_at)}</TD>
                      <TD className="text-right">
                        <RowActions number={number} {...actions} />
                      </TD>
                    </TR>
                  ))}
                </TBody>
              </Table>
            </div>
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 md:hidden" aria-label="Números Twilio cadastrados">
              {rows.map((number) => (
                <li key={number.id} className="flex items-start justify-between gap-3 px-4 py-3">
                  <div className="min-w-0 space-y-2">
                    <NumberCell number={number} />
                    {number.label ? <p className="text-sm text-slate-600">{number.label}</p> : null}
                    <OwnerCell number={number} />
                  </div>
                  <RowActions number={number} {...actions} />
                </li>
              ))}
            </ul>
          </>
        )}
      </CardContent>

      <TwilioNumberDialog open={editing.open} onOpenChange={editing.onOpenChange} number={editing.item ?? null} professionals={professionals} />
      <ConfirmDeleteDialog
        state={removing}
        title="Remover número?"
        description={(number) => `O número ${formatPhone(number.e164_number)} deixará de ser atendido pela plataforma. Esta ação não pode ser desfeita.`}
        confirmLabel="Remover"
        onConfirm={(number) => remove.mutateAsync(number.id)}
      />
    </Card>
  );
}
