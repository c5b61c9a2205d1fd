import { RECORD_KIND_LABELS, RECORD_KINDS, type RecordAddendum, type RecordEntry, type RecordKind } from "@clinora/contracts";
import { FileText, Lock, NotebookPen, PencilLine } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { LoadingState } from "@/components/ui/loading-state";
import { Pagination } from "@/components/ui/pagination";
import { SearchInput } from "@/components/ui/search-input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { formatDateTime } from "@/lib/format";
import { RECORDS_PER_PAGE, useAddAddendum, useRecords, useRecordTemplates } from "../api/records";
import { RecordAttachments } from "./record-attachments";

const authorLine = (e: RecordAddendum) =>
  [e.author.name, e.author.council_type && e.author.council_number ? `${e.author.council_type} ${e.author.council_number}${e.author.council_uf ? `/${e.author.council_uf}` : ""}` : null]
    .filter(Boolean)
    .join(", ");

function EntryBody({ entry, labelOf }: { entry: RecordAddendum; labelOf: (key: string) => string }) {
  const fields = Object.entries(entry.fields).filter(([, v]) => v !== null && v !== "");
  return (
    <div className="space-y-2 text-sm text-slate-800">
      {entry.addendum_reason ? <p className="text-slate-600">Motivo: {entry.addendum_reason}</p> : null}
      {entry.document_purpose || entry.document_recipient ? (
        <p className="text-slate-600">
          Finalidade: {entry.document_purpose ?? "—"} · Destinatário: {entry.document_recipient ?? "—"}
        </p>
      ) : null}
      {fields.length > 0 ? (
        <dl className="space-y-1.5">
          {fields.map(([k, v]) => (
            <div key={k}>
              <dt className="font-medium text-slate-900">{labelOf(k)}</dt>
              <dd className="whitespace-pre-wrap break-words">{String(v)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {entry.free_text ? <p className="whitespace-pre-wrap break-words">{entry.free_text}</p> : null}
    </div>
  );
}

export interface RecordTimelineProps {
  patientId: string;
  /** Continue a draft in the editor. */
  onContinue: (entry: RecordEntry) => void;
  /** The record is read-only (a restricted patient): no adendo, no draft. */
  readOnly?: boolean;
}

/** The patient's entries, newest session first, each with its adendos; filter by kind, search, pages of 20. */
export function RecordTimeline({ patientId, onContinue, readOnly = false }: RecordTimelineProps) {
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState<RecordKind | "all">("all");
  const [search, setSearch] = useState("");
  const debounced = useDebouncedValue(search).trim();
  const records = useRecords(patientId, { page, kind: kind === "all" ? undefined : kind, search: debounced || undefined });
  const templates = useRecordTemplates();
  const [addendumFor, setAddendumFor] = useState<RecordEntry | null>(null);
  const [reason, setReason] = useState("");
  const [text, setText] = useState("");
  const addAddendum = useAddAddendum();

  // An entry written with an older version of her own template: the field keeps its key across versions, so the
  // latest version's label names it (the PDF prints the entry's own version).
  const labelOf = (e: RecordAddendum) => (key: string) =>
    (templates.data?.templates.find((t) => t.id === e.template_id && t.version === e.template_version) ?? templates.data?.templates.find((t) => t.id === e.template_id))?.fields.find(
      (f) => f.key === key,
    )?.label ?? key;

  const list = () => {
    if (records.isPending) return <LoadingState text="Carregando prontuário..." />;
    if (records.isError) return <ErrorState message="Erro ao carregar o prontuário" onRetry={() => void records.refetch()} retrying={records.isFetching} />;
    const items = records.data.items;
    if (items.length === 0) {
      return (
        <EmptyState
          icon={NotebookPen}
          title={debounced || kind !== "all" ? "Nenhuma entrada encontrada" : "Nenhuma entrada no prontuário"}
          description={debounced || kind !== "all" ? "Tente outro termo ou tipo." : "Registre a primeira entrada em \"Nova entrada\"."}
        />
      );
    }
    return (
      <ol className="space-y-3" aria-label="Entradas do prontuário">
        {items.map((entry) => (
          <li key={entry.id}>
            <Card className="space-y-3 p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <h2 className="font-semibold text-slate-900">{entry.kind_label}</h2>
                  <p className="text-sm text-slate-600">
                    {formatDateTime(entry.session_at)} · {authorLine(entry)}
                  </p>
                </div>
                {entry.status === "draft" ? (
                  <Badge tone="warning">
                    <PencilLine aria-hidden />
                    Rascunho
                  </Badge>
                ) : (
                  <Badge tone="neutral" title={entry.content_hash ? `Hash ${entry.content_hash}` : undefined}>
                    <Lock aria-hidden />
                    Finalizada {formatDateTime(entry.finalised_at)}
                  </Badge>
                )}
              </div>
              <EntryBody entry={entry} labelOf={labelOf(entry)} />
              <RecordAttachments entryId={entry.id} files={entry.attachments} editable={false} />
              {entry.addenda.length > 0 ? (
                <ol className="space-y-2 border-l-2 border-slate-200 pl-3" aria-label="Adendos">
                  {entry.addenda.map((a) => (
                    <li key={a.id} className="space-y-1">
                      <p className="text-sm font-medium text-slate-900">
                        Adendo · {formatDateTime(a.created_at)} · {authorLine(a)}
                      </p>
                      <EntryBody entry={a} labelOf={labelOf(a)} />
                    </li>
                  ))}
                </ol>
              ) : null}
              {!readOnly ? (
                <div className="flex justify-end">
                  {entry.status === "draft" ? (
                    <Button size="sm" variant="outline" icon={PencilLine} onClick={() => onContinue(entry)}>
                      Continuar rascunho
                    </Button>
                  ) : (
                    <Button size="sm" variant="outline" icon={FileText} onClick={() => setAddendumFor(entry)}>
                      Adendo
                    </Button>
                  )}
                </div>
              ) : null}
            </Card>
          </li>
        ))}
      </ol>
    );
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchInput value={search} onValueChange={(v) => (setSearch(v), setPage(1))} placeholder="Buscar nas entradas" aria-label="Buscar nas entradas" className="flex-1" />
        <Select
          aria-label="Tipo de entrada"
          options={[{ value: "all", label: "Todos os tipos" }, ...RECORD_KINDS.map((k) => ({ value: k, label: RECORD_KIND_LABELS[k] }))]}
          value={kind}
          onValueChange={(v) => (setKind(v as RecordKind | "all"), setPage(1))}
          className="sm:w-56"
        />
      </div>
      {list()}
      {records.data && records.data.total > RECORDS_PER_PAGE ? <Pagination page={page} total={records.data.total} perPage={RECORDS_PER_PAGE} onPageChange={setPage} /> : null}
      <ConfirmDialog
        open={addendumFor !== null}
        onOpenChange={(open) => {
          if (!open) setAddendumFor(null);
        }}
        title="Registrar adendo"
        description="A entrada original não muda: o adendo fica registrado abaixo dela, com o motivo, e é finalizado na hora."
        confirmLabel="Registrar adendo"
        confirmDisabled={!reason.trim() || !text.trim()}
        onConfirm={async () => {
          await addAddendum.mutateAsync({ id: addendumFor!.id, input: { reason, free_text: text } });
          setReason("");
          setText("");
        }}
      >
        <div className="space-y-3">
          <FormField label="Motivo" htmlFor="addendum-reason" required>
            <Input value={reason} onChange={(e) => setReason(e.target.value)} />
          </FormField>
          <FormField label="Texto do adendo" htmlFor="addendum-text" required>
            <Textarea rows={4} value={text} onChange={(e) => setText(e.target.value)} />
          </FormField>
        </div>
      </ConfirmDialog>
    </div>
  );
}
