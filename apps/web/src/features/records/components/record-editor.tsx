import { RECORD_KIND_LABELS, RECORD_KINDS, type RecordAttachment, type RecordEntry, type RecordKind, type RecordTemplate, type RecordVisibility } from "@clinora/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { Lock, Save } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DateField } from "@/components/ui/date-field";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { TimeField } from "@/components/ui/time-field";
import { serverDetail } from "@/lib/api-client";
import { inDisplayZone, instantInDisplayZone } from "@/lib/format";
import { refreshQueries } from "@/lib/refresh-queries";
import { RecordAttachments } from "./record-attachments";
import { createRecord, recordKeys, saveRecordDraft, useFinaliseRecord, useRecordTemplates, useRecordTemplateVersion } from "../api/records";

/** A number field as typed ("7,5" with the decimal comma): the number, the text itself when it is not one (the server names the field), or null when empty. */
function numberOf(text: string): number | string | null {
  const t = text.trim();
  if (!t) return null;
  const n = Number(t.includes(",") ? t.replace(/\./g, "").replace(",", ".") : t);
  return Number.isFinite(n) ? n : t;
}

/** The draft is saved on the server this often while the text changes (docs/product/records.md §6). */
const AUTOSAVE_MS = 3000;

interface DraftState {
  entryId: string | null;
  choice: string;
  fields: Record<string, string>;
  freeText: string;
  date: string;
  time: string;
  visibility: RecordVisibility;
  documentPurpose: string;
  documentRecipient: string;
}

/** Where a draft waits in this browser until the server has it: survives a reload, a closed tab, a lost connection. */
export const localDraftKey = (patientId: string, entryId: string | null) => `clinora.record-draft.${patientId}.${entryId ?? "new"}`;

const readLocal = (key: string): DraftState | null => {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as DraftState) : null;
  } catch {
    return null;
  }
};

const NO_TEMPLATE = "kind:";
const choiceOf = (entry: RecordEntry) => entry.template_id ?? `${NO_TEMPLATE}${entry.kind}`;

function initialState(entry: RecordEntry | null, sessionAt: string | null, defaultChoice: string): DraftState {
  const local = inDisplayZone(entry?.session_at ?? sessionAt ?? new Date()) ?? { date: "", time: "" };
  return {
    entryId: entry?.id ?? null,
    choice: entry ? choiceOf(entry) : defaultChoice,
    fields: Object.fromEntries(Object.entries(entry?.fields ?? {}).map(([k, v]) => [k, v === null ? "" : String(v)])),
    freeText: entry?.free_text ?? "",
    date: local.date,
    time: local.time,
    visibility: entry?.visibility ?? "prontuario",
    documentPurpose: entry?.document_purpose ?? "",
    documentRecipient: entry?.document_recipient ?? "",
  };
}

export interface RecordEditorProps {
  patientId: string;
  /** The draft being continued, or null for a new entry. */
  entry: RecordEntry | null;
  /** A new entry from a concluded appointment: tied to it, its start as the session's time. */
  appointment?: { id: string; startsAt: string } | null;
  onClose: () => void;
  /** The server has the draft under this id (the page keeps it in its address, so a reload finds it). */
  onSaved?: (id: string) => void;
}

/** Writes or continues a draft: autosaved every few seconds, kept in the browser too, finalised by "Finalizar". */
export function RecordEditor({ patientId, entry, appointment = null, onClose, onSaved }: RecordEditorProps) {
  const templates = useRecordTemplates();
  const queryClient = useQueryClient();
  const finalise = useFinaliseRecord();
  const headingId = useId();
  const own = templates.data?.templates.filter((t) => t.profession === templates.data?.profession) ?? [];
  const defaultChoice = own.find((t) => t.kind === "evolucao")?.id ?? `${NO_TEMPLATE}evolucao`;

  // A copy left in this browser is newer than the server's (a reload or a lost connection before the last save).
  const [local] = useState(() => readLocal(localDraftKey(patientId, entry?.id ?? null)));
  const [state, setState] = useState<DraftState>(() => local ?? initialState(entry, appointment?.startsAt ?? null, defaultChoice));
  const [status, setStatus] = useState<string>(local ? "Texto recuperado deste aparelho; salvando…" : entry ? "Rascunho salvo" : "");
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [files, setFiles] = useState<RecordAttachment[]>(entry?.attachments ?? []);
  const dirty = useRef(local !== null);
  const saving = useRef(false);

  // Once the templates arrive, a new entry starts on the profession's evolução.
  useEffect(() => {
    if (!entry && !dirty.current && templates.data) setState((s) => ({ ...s, choice: defaultChoice }));
  }, [templates.data, entry, defaultChoice]);

  const listed: RecordTemplate | null = templates.data?.templates.find((t) => t.id === state.choice) ?? null;
  // A draft keeps the version of her own template it was started with, even after the template was edited.
  const olderVersion = Boolean(entry && listed?.custom && entry.template_id === listed.id && entry.template_version !== listed.version);
  const kept = useRecordTemplateVersion(entry?.template_id, entry?.template_version, olderVersion);
  const template: RecordTemplate | null = olderVersion ? (kept.data ?? null) : listed;
  const kind: RecordKind = template?.kind ?? ((state.choice.startsWith(NO_TEMPLATE) ? state.choice.slice(NO_TEMPLATE.length) : "evolucao") as RecordKind);

  const update = (patch: Partial<DraftState>) => {
    dirty.current = true;
    setState((s) => {
      const next = { ...s, ...patch };
      localStorage.setItem(localDraftKey(patientId, next.entryId), JSON.stringify(next));
      return next;
    });
  };

  const body = useCallback(
    (s: DraftState) => ({
      template_id: template?.id ?? null,
      fields: Object.fromEntries(
        (template?.fields ?? []).filter((f) => f.key in s.fields).map((f) => [f.key, f.type === "number" ? numberOf(s.fields[f.key] ?? "") : (s.fields[f.key] ?? "")]),
      ),
      free_text: s.freeText,
      session_at: instantInDisplayZone(s.date, s.time || "00:00"),
      visibility: s.visibility,
      document_purpose: s.documentPurpose || null,
      document_recipient: s.documentRecipient || null,
    }),
    [template],
  );

  /** Sends the draft to the server; the browser's copy stays until the server has it. */
  const save = useCallback(async (): Promise<string | null> => {
    if (saving.current) return state.entryId;
    saving.current = true;
    const snapshot = state;
    try {
      const saved = snapshot.entryId
        ? await saveRecordDraft(snapshot.entryId, body(snapshot))
        : await createRecord(patientId, { kind, appointment_id: appointment?.id ?? null, ...body(snapshot) });
      localStorage.removeItem(localDraftKey(patientId, null));
      localStorage.setItem(localDraftKey(patientId, saved.id), JSON.stringify({ ...snapshot, entryId: saved.id }));
      setState((s) => ({ ...s, entryId: saved.id }));
      if (!snapshot.entryId) onSaved?.(saved.id);
      dirty.current = false;
      setError(null);
      setStatus(`Rascunho salvo às ${inDisplayZone(new Date())?.time ?? ""}`);
      void refreshQueries(queryClient, [recordKeys.all]);
      return saved.id;
    } catch (e) {
      const detail = serverDetail(e);
      setError(detail);
      setStatus(detail ? "" : "Sem conexão: o texto está guardado neste aparelho e será salvo assim que possível");
      return null;
    } finally {
      saving.current = false;
    }
  }, [state, body, patientId, kind, appointment, queryClient, onSaved]);

  useEffect(() => {
    const timer = setInterval(() => {
      if (dirty.current) void save();
    }, AUTOSAVE_MS);
    return () => clearInterval(timer);
  }, [save]);

  const finaliseNow = async () => {
    const id = dirty.current || !state.entryId ? await save() : state.entryId;
    if (!id) throw new Error("not saved");
    await finalise.mutateAsync(id);
    localStorage.removeItem(localDraftKey(patientId, id));
    onClose();
  };

  const options = [
    ...(templates.data?.templates ?? []).map((t) => ({
      value: t.id,
      label: t.profession === templates.data?.profession ? t.name : `${t.name} (${t.profession})`,
    })),
    ...RECORD_KINDS.map((k) => ({ value: `${NO_TEMPLATE}${k}`, label: `${RECORD_KIND_LABELS[k]} (texto livre)` })),
  ];

  return (
    <Card className="space-y-4 p-4" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          {entry ? "Continuar rascunho" : "Nova entrada"}
        </h2>
        <p className="text-sm text-slate-600" role="status" aria-live="polite">
          {status}
        </p>
      </div>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField label="Tipo de registro" htmlFor="record-kind" className="sm:col-span-3">
          {(control) => <Select {...control} options={options} value={state.choice} onValueChange={(choice) => update({ choice })} disabled={Boolean(state.entryId)} />}
        </FormField>
        <FormField label="Data da sessão" htmlFor="record-date">
          {(control) => <DateField {...control} value={state.date} onChange={(date) => update({ date })} />}
        </FormField>
        <FormField label="Horário" htmlFor="record-time">
          {(control) => <TimeField {...control} value={state.time} onChange={(time) => update({ time })} />}
        </FormField>
        <FormField label="Visibilidade" htmlFor="record-visibility" description="Registro documental sigiloso fica fora da exportação do paciente">
          {(control) => (
            <Select
              {...control}
              options={[
                { value: "prontuario", label: "Prontuário" },
                { value: "sigiloso", label: "Registro documental sigiloso" },
              ]}
              value={state.visibility}
              onValueChange={(visibility) => update({ visibility: visibility as RecordVisibility })}
            />
          )}
        </FormField>
      </div>
      {kind === "documento_emitido" ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label="Finalidade" htmlFor="record-purpose" required>
            {(control) => <Input {...control} value={state.documentPurpose} onChange={(e) => update({ documentPurpose: e.target.value })} />}
          </FormField>
          <FormField label="Destinatário" htmlFor="record-recipient" required>
            {(control) => <Input {...control} value={state.documentRecipient} onChange={(e) => update({ documentRecipient: e.target.value })} />}
          </FormField>
        </div>
      ) : null}
      {template?.fields.map((f) => (
        <FormField key={f.key} label={f.label} htmlFor={`record-field-${f.key}`} required={f.required}>
          {(control) =>
            f.type === "choice" ? (
              <Select {...control} options={(f.options ?? []).map((o) => ({ value: o, label: o }))} value={state.fields[f.key] ?? ""} onValueChange={(v) => update({ fields: { ...state.fields, [f.key]: v } })} />
            ) : f.type === "date" ? (
              <DateField {...control} value={state.fields[f.key] ?? ""} onChange={(v) => update({ fields: { ...state.fields, [f.key]: v } })} />
            ) : f.type === "number" ? (
              <Input {...control} inputMode="decimal" value={state.fields[f.key] ?? ""} onChange={(e) => update({ fields: { ...state.fields, [f.key]: e.target.value } })} />
            ) : f.type === "long_text" ? (
              <Textarea {...control} rows={4} value={state.fields[f.key] ?? ""} onChange={(e) => update({ fields: { ...state.fields, [f.key]: e.target.value } })} />
            ) : (
              <Input {...control} value={state.fields[f.key] ?? ""} onChange={(e) => update({ fields: { ...state.fields, [f.key]: e.target.value } })} />
            )
          }
        </FormField>
      ))}
      <FormField label={template ? "Observações (texto livre)" : "Texto"} htmlFor="record-free-text">
        {(control) => <Textarea {...control} rows={template ? 3 : 8} value={state.freeText} onChange={(e) => update({ freeText: e.target.value })} />}
      </FormField>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">Arquivos</legend>
        {state.entryId ? (
          <RecordAttachments entryId={state.entryId} files={files} editable onChanged={setFiles} />
        ) : (
          <p className="text-xs text-slate-600">Arquivos podem ser anexados assim que o rascunho for salvo.</p>
        )}
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          Fechar
        </Button>
        <Button variant="outline" icon={Save} onClick={() => void save()}>
          Salvar rascunho
        </Button>
        <Button icon={Lock} onClick={() => setConfirming(true)}>
          Finalizar
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Finalizar esta entrada?"
        description="Depois de finalizada, a entrada fica bloqueada para sempre: ninguém pode alterá-la ou apagá-la, nem você. Correções são feitas por adendo, que fica registrado abaixo dela com o motivo. Rascunhos são finalizados automaticamente 24 horas após a sessão."
        confirmLabel="Finalizar"
        onConfirm={finaliseNow}
      />
    </Card>
  );
}
