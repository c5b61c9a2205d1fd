import { Archive, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { formatDate } from "@/lib/format";
import { useEliminateRecord, useRecordsDueForElimination } from "../api/records";
import { PatientListCard, PatientListRow } from "./patient-list-card";

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
    <PatientListCard
      titleId="records-due-title"
      icon={Archive}
      title="Prontuários após o prazo de guarda"
      intro={
        <>
          O prazo de guarda de {due.data?.retention_years} anos após a última entrada terminou (Lei 13.787/2018). Você decide se elimina cada um; um termo
          de eliminação fica registrado.
        </>
      }
      footer={
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
      }
    >
      {items.map((r) => (
        <PatientListRow
          key={r.patient_id}
          patientName={r.patient_name}
          detail={`${r.entries === 1 ? "1 entrada" : `${r.entries} entradas`} · última em ${formatDate(r.last_entry_at)} · guarda até ${formatDate(r.retained_until)}`}
          action={
            <Button variant="outline" size="sm" icon={Trash2} onClick={() => setConfirming({ id: r.patient_id, name: r.patient_name, entries: r.entries })} aria-label={`Eliminar prontuário de ${r.patient_name}`}>
              Eliminar prontuário
            </Button>
          }
        />
      ))}
    </PatientListCard>
  );
}
