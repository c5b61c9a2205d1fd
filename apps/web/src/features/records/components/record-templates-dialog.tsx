import { RECORD_KIND_LABELS, RECORD_KINDS, RECORD_TEMPLATE_MAX_FIELDS, type RecordFieldType, type RecordKind, type RecordTemplate } from "@clinora/contracts";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogBody, DialogContent, DialogDescription, DialogForm, DialogHeader, DialogSubmitFooter, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { serverDetail } from "@/lib/api-client";
import { useRecordTemplates, useSaveRecordTemplate } from "../api/records";

const FIELD_TYPE_LABELS: Record<RecordFieldType, string> = {
  short_text: "Texto curto",
  long_text: "Texto longo",
  choice: "Escolha",
  number: "Número",
  date: "Data",
};
const TYPE_OPTIONS = (Object.keys(FIELD_TYPE_LABELS) as RecordFieldType[]).map((t) => ({ value: t, label: FIELD_TYPE_LABELS[t] }));
const KIND_OPTIONS = RECORD_KINDS.map((k) => ({ value: k, label: RECORD_KIND_LABELS[k] }));

interface FieldDraft {
  key?: string;
  label: string;
  type: RecordFieldType;
  /** Choice options, one per line. */
  options: string;
  required: boolean;
}

const emptyField = (): FieldDraft => ({ label: "", type: "short_text", options: "", required: false });

/**
 * "Modelos próprios" (docs/product/records.md §3): the professional's own templates, each a list of fields (texto
 * curto, texto longo, escolha, número, data). Saving an edited template makes its next version; entries already
 * written keep theirs.
 */
export function RecordTemplatesDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const templates = useRecordTemplates();
  const [editing, setEditing] = useState<RecordTemplate | "new" | null>(null);
  const own = templates.data?.templates.filter((t) => t.custom) ?? [];
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setEditing(null);
        onOpenChange(next);
      }}
    >
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>{editing === null ? "Modelos próprios" : editing === "new" ? "Novo modelo" : `Editar modelo: ${editing.name}`}</DialogTitle>
          <DialogDescription>
            {editing === null
              ? "Modelos que você cria para o prontuário, além dos modelos prontos da sua profissão."
              : "Ao salvar uma alteração, o modelo ganha uma nova versão; entradas já escritas continuam com a versão em que foram escritas."}
          </DialogDescription>
        </DialogHeader>
        {editing === null ? (
          <DialogBody>
            {own.length === 0 ? (
              <p className="text-sm text-slate-600">Você ainda não criou nenhum modelo.</p>
            ) : (
              <ul aria-label="Modelos próprios" className="divide-y divide-slate-100">
                {own.map((t) => (
                  <li key={t.id} className="flex flex-wrap items-center gap-2 py-2.5">
                    <span className="min-w-0 flex-1">
                      <span className="block font-medium text-slate-900">{t.name}</span>
                      <span className="block text-xs text-slate-600">
                        {RECORD_KIND_LABELS[t.kind]} · {t.fields.length === 1 ? "1 campo" : `${t.fields.length} campos`} · versão {t.version}
                      </span>
                    </span>
                    <Button variant="outline" size="sm" icon={Pencil} onClick={() => setEditing(t)} aria-label={`Editar modelo ${t.name}`}>
                      Editar
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            <div className="mt-4">
              <Button icon={Plus} onClick={() => setEditing("new")}>
                Novo modelo
              </Button>
            </div>
          </DialogBody>
        ) : (
          <TemplateForm key={editing === "new" ? "new" : `${editing.id}@${editing.version}`} template={editing === "new" ? null : editing} onDone={() => setEditing(null)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function TemplateForm({ template, onDone }: { template: RecordTemplate | null; onDone: () => void }) {
  const save = useSaveRecordTemplate();
  const [name, setName] = useState(template?.name ?? "");
  const [kind, setKind] = useState<RecordKind>(template?.kind ?? "evolucao");
  const [fields, setFields] = useState<FieldDraft[]>(
    template ? template.fields.map((f) => ({ key: f.key, label: f.label, type: f.type, options: (f.options ?? []).join("\n"), required: Boolean(f.required) })) : [emptyField()],
  );
  const [error, setError] = useState<string | null>(null);
  const change = (i: number, patch: Partial<FieldDraft>) => setFields((all) => all.map((f, j) => (j === i ? { ...f, ...patch } : f)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await save.mutateAsync({
        id: template?.id ?? null,
        input: {
          name,
          kind,
          fields: fields.map((f) => ({
            ...(f.key ? { key: f.key } : {}),
            label: f.label,
            type: f.type,
            ...(f.type === "choice" ? { options: f.options.split("\n").map((o) => o.trim()).filter(Boolean) } : {}),
            required: f.required,
          })),
        },
      });
      onDone();
    } catch (err) {
      setError(serverDetail(err) ?? "Não foi possível salvar o modelo");
    }
  };

  return (
    <DialogForm onSubmit={(e) => void submit(e)}>
      <DialogBody>
        <div className="space-y-4">
          {error ? <Alert tone="danger">{error}</Alert> : null}
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField label="Nome do modelo" htmlFor="template-name" required>
              {(control) => <Input {...control} value={name} onChange={(e) => setName(e.target.value)} maxLength={80} />}
            </FormField>
            <FormField label="Tipo de registro" htmlFor="template-kind">
              {(control) => <Select {...control} options={KIND_OPTIONS} value={kind} onValueChange={(v) => setKind(v)} />}
            </FormField>
          </div>
          <fieldset className="space-y-3">
            <legend className="text-sm font-semibold text-slate-900">Campos</legend>
            <ol className="space-y-3">
              {fields.map((f, i) => (
                <li key={i} className="space-y-3 rounded-lg border border-slate-200 p-3" aria-label={`Campo ${i + 1}`}>
                  <div className="grid gap-3 sm:grid-cols-2">
                    <FormField label={`Nome do campo ${i + 1}`} htmlFor={`template-field-${i}-label`} required>
                      {(control) => <Input {...control} value={f.label} onChange={(e) => change(i, { label: e.target.value })} maxLength={80} />}
                    </FormField>
                    <FormField label={`Tipo do campo ${i + 1}`} htmlFor={`template-field-${i}-type`}>
                      {(control) => <Select {...control} options={TYPE_OPTIONS} value={f.type} onValueChange={(v) => change(i, { type: v })} />}
                    </FormField>
                  </div>
                  {f.type === "choice" ? (
                    <FormField label={`Opções do campo ${i + 1}`} htmlFor={`template-field-${i}-options`} description="Uma opção por linha, pelo menos duas">
                      {(control) => (
                        <Textarea {...control} rows={3} value={f.options} onChange={(e) => change(i, { options: e.target.value })} />
                      )}
                    </FormField>
                  ) : null}
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <label className="flex items-center gap-2 text-sm text-slate-700">
                      <Checkbox checked={f.required} onCheckedChange={(c) => change(i, { required: c === true })} />
                      Obrigatório para finalizar
                    </label>
                    {fields.length > 1 ? (
                      <Button variant="ghost" size="sm" icon={Trash2} onClick={() => setFields((all) => all.filter((_, j) => j !== i))} aria-label={`Remover campo ${i + 1}`}>
                        Remover
                      </Button>
                    ) : null}
                  </div>
                </li>
              ))}
            </ol>
            {fields.length < RECORD_TEMPLATE_MAX_FIELDS ? (
              <Button variant="outline" size="sm" icon={Plus} onClick={() => setFields((all) => [...all, emptyField()])}>
                Adicionar campo
              </Button>
            ) : null}
          </fieldset>
        </div>
      </DialogBody>
      <DialogSubmitFooter busy={save.isPending} submitLabel="Salvar modelo" />
    </DialogForm>
  );
}
