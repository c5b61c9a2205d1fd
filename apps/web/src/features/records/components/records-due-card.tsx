import { Archive, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { formatDate } from "@/lib/format";
import { useEliminateRecord, useRecordsDueForElimination } from "../api/records";

/**
 * "Prontuários após o prazo de guarda" on the Painel (docs/product/records.md §7): records whose retention has
 * ended, each eliminated only when the professional confirms; the server keeps a termo de eliminação. Absent when
 * nothing is due.
 */
export function RecordsDueCard() {
  const due = useRecordsDueForElimination();
  const eliminate = useEliminateRecord();
  const [confirming, setConfirming] = useState<{ id: string; name: string; entries: number } | null>(null);
  const items = due.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle id="records-due-title" icon={Archive}>
          Prontuários após o prazo de guarda
        </CardTitle>
      </CardHeader>
      <CardContent>
        <p className="mb-3 text-sm text-slate-600">
          O prazo de guarda de {due.data?.retention_years} anos após a última entrada terminou (Lei 13.787/2018). Você decide se elimina cada um; um termo
          de eliminação fica registrado.
        </p>
        <ul aria-labelledby="records-due-title" className="divide-y divide-slate-100">
          {items.map((r) => (
            <li key={r.patient_id} className="flex flex-wrap items-center gap-x-3 gap-y-1.5 py-2.5 first:pt-0 last:pb-0">
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium break-words text-slate-900">{r.patient_name}</p>
                <p className="text-xs text-slate-600">
                  {r.entries === 1 ? "1 entrada" : `${r.entries} entradas`} · última em {formatDate(r.last_entry_at)} · guarda até {formatDate(r.retained_until)}
                </p>
              </div>
              <Button variant="outline" size="sm" icon={Trash2} onClick={() => setConfirming({ id: r.patient_id, name: r.patient_name, entries: r.entries })} aria-label={`Eliminar prontuário de ${r.patient_name}`}>
                Eliminar prontuário
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? null : setConfirming(null))}
        tone="danger"
        title="Eliminar este prontuário?"
        description={
          confirming
            ? `Todas as ${confirming.entries === 1 ? "1 entrada" : `${confirming.entries} entradas`} do prontuário de ${confirming.name}, com adendos e arquivos, serão apagadas para sempre. Um termo de eliminação registra quem eliminou, quando, o paciente e quantas entradas.`
            : ""
        }
        confirmLabel="Eliminar prontuário"
        onConfirm={() => eliminate.mutateAsync(confirming!.id)}
      />
    </Card>
  );
}
