import {
  CONSENT_CHANNEL_LABELS,
  CONSENT_METHOD_LABELS,
  CONSENT_STATE_LABELS,
  MANUAL_CONSENT_METHODS,
  type ConsentChannel,
  type ConsentState,
  type ConsentStatus,
  type Patient,
} from "@clinora/contracts";
import { Download, FileJson, FileText, History, ShieldCheck, ShieldOff, UserX } from "lucide-react";
import { useState } from "react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog, DialogBody, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingState } from "@/components/ui/loading-state";
import { Pagination } from "@/components/ui/pagination";
import { Select } from "@/components/ui/select";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { serverDetail } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import {
  ACCESS_LOG_PER_PAGE,
  useAccessLog,
  useAnonymizePatient,
  useExportPatient,
  usePatientConsents,
  useRecordConsent,
  type ExportFormat,
} from "../api/patient-privacy";

const STATE_TONES: Record<ConsentState, BadgeTone> = { given: "success", withdrawn: "danger", not_recorded: "neutral" };
const METHOD_OPTIONS = MANUAL_CONSENT_METHODS.map((m) => ({ value: m, label: CONSENT_METHOD_LABELS[m] }));

function ExportTab({ patient }: { patient: Patient }) {
  const exporting = useExportPatient();
  const [includeConfidential, setIncludeConfidential] = useState(false);
  const run = (format: ExportFormat) =>
    exporting.mutate(
      { patientId: patient.id, format, includeConfidential },
      {
        onSuccess: () => toast.success("Dados do paciente exportados"),
        onError: (error) => toast.error("Erro ao exportar dados do paciente", { description: serverDetail(error) ?? undefined }),
      },
    );
  const busy = exporting.isPending ? exporting.variables?.format : null;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        Tudo o que o consultório guarda sobre este paciente: cadastro, prontuário, compromissos, tarefas, conversas com cada mensagem e sua
        entrega, consentimentos e histórico de acesso (LGPD, art. 18). A exportação fica registrada no histórico de acesso.
      </p>
      <label className="flex items-start gap-2.5 text-sm text-slate-700">
        <Checkbox className="mt-0.5" checked={includeConfidential} onCheckedChange={(checked) => setIncludeConfidential(checked === true)} />
        <span>
          Incluir os registros documentais sigilosos do prontuário
          <span className="block text-xs text-slate-500">Sem esta marcação, eles ficam fora da exportação (CFP, Resolução 001/2009).</span>
        </span>
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button onClick={() => run("html")} disabled={exporting.isPending} aria-busy={busy === "html"}>
          <FileText aria-hidden />
          {busy === "html" ? "Exportando..." : "Exportar dados do paciente"}
        </Button>
        <Button variant="outline" onClick={() => run("json")} disabled={exporting.isPending} aria-busy={busy === "json"}>
          <FileJson aria-hidden />
          {busy === "json" ? "Exportando..." : "Baixar em JSON"}
        </Button>
      </div>
      <p className="text-xs text-slate-500">
        O documento (HTML) abre em qualquer navegador e pode ser impresso ou salvo em PDF. O JSON leva os mesmos dados em formato estruturado.
      </p>
    </div>
  );
}

function ConsentForm({ patientId, channel, onDone }: { patientId: string; channel: ConsentChannel; onDone: () => void }) {
  const record = useRecordConsent(patientId);
  const [status, setStatus] = useState<ConsentStatus>("given");
  const [method, setMethod] = useState<(typeof MANUAL_CONSENT_METHODS)[number]>("in_person");
  const [note, setNote] = useState("");
  const idBase = `consent-${channel}`;
  return (
    <form
      className="mt-3 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        record.mutate({ channel, status, method, note: note.trim() || null }, { onSuccess: onDone });
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Select
          label="Situação"
          id={`${idBase}-status`}
          options={[
            { value: "given", label: "Consentimento dado" },
            { value: "withdrawn", label: "Consentimento retirado" },
          ]}
          value={status}
          onValueChange={setStatus}
        />
        <Select label="Como" id={`${idBase}-method`} options={METHOD_OPTIONS} value={method} onValueChange={setMethod} />
      </div>
      <div>
        <label htmlFor={`${idBase}-note`} className="mb-1 block text-sm font-medium text-slate-700">
          Observação (opcional)
        </label>
        <Textarea id={`${idBase}-note`} rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" disabled={record.isPending}>
          {record.isPending ? "Salvando..." : "Registrar"}
        </Button>
      </div>
    </form>
  );
}

function ConsentTab({ patient }: { patient: Patient }) {
  const consents = usePatientConsents(patient.id, true);
  const [editing, setEditing] = useState<ConsentChannel | null>(null);
  if (consents.isPending) return <LoadingState text="Carregando consentimentos..." />;
  if (consents.isError) return <ErrorState message="Erro ao carregar consentimentos" onRetry={() => void consents.refetch()} retrying={consents.isFetching} />;
  const data = consents.data;
  const withdrawn = data.channels.filter((c) => c.state === "withdrawn");
  return (
    <div className="space-y-4">
      {data.whatsapp_opted_out ? (
        <p role="status" className="flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          <ShieldOff aria-hidden className="mt-0.5 size-4 shrink-0" />
          {`Consentimento retirado: ${withdrawn.map((c) => CONSENT_CHANNEL_LABELS[c.channel].toLowerCase()).join(" e ")}. Nada automático é enviado por ${withdrawn.length === 1 ? "esse canal" : "esses canais"}; a equipe ainda pode responder às mensagens do paciente.`}
        </p>
      ) : null}
      <ul className="space-y-3" aria-label="Consentimento por canal">
        {data.channels.map((c) => (
          <li key={c.channel} className="rounded-lg border border-slate-200 p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{CONSENT_CHANNEL_LABELS[c.channel]}</p>
                <p className="text-xs text-slate-500">
                  {c.method ? `${CONSENT_METHOD_LABELS[c.method]} · ${c.at_local}` : "Sem registro: as mensagens são enviadas até o paciente pedir para parar."}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <Badge tone={STATE_TONES[c.state]}>{CONSENT_STATE_LABELS[c.state]}</Badge>
                {patient.anonymized_at ? null : (
                  <Button size="sm" variant="outline" onClick={() => setEditing(editing === c.channel ? null : c.channel)} aria-expanded={editing === c.channel}>
                    Alterar
                  </Button>
                )}
              </div>
            </div>
            {editing === c.channel ? <ConsentForm patientId={patient.id} channel={c.channel} onDone={() => setEditing(null)} /> : null}
          </li>
        ))}
      </ul>
      <div>
        <h3 className="mb-2 text-sm font-semibold text-slate-800">Histórico de consentimento</h3>
        {data.history.length === 0 ? (
          <p className="text-sm text-slate-500">Nenhuma alteração registrada. O paciente pode parar as mensagens a qualquer momento enviando PARAR no WhatsApp.</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm" aria-label="Histórico de consentimento">
            {data.history.map((e) => (
              <li key={e.id} className="py-2">
                <span className="font-medium">{CONSENT_STATE_LABELS[e.status]}</span> · {CONSENT_CHANNEL_LABELS[e.channel]}
                <span className="block text-xs text-slate-500">
                  {e.at_local} · {CONSENT_METHOD_LABELS[e.method]} · {e.actor_name}
                  {e.note ? ` · ${e.note}` : ""}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function AccessTab({ patient }: { patient: Patient }) {
  const [page, setPage] = useState(1);
  const log = useAccessLog(patient.id, page, true);
  if (log.isPending) return <LoadingState text="Carregando histórico de acesso..." />;
  if (log.isError) return <ErrorState message="Erro ao carregar histórico de acesso" onRetry={() => void log.refetch()} retrying={log.isFetching} />;
  if (log.data.items.length === 0) return <EmptyState icon={History} title="Nenhum acesso registrado" description="Visualizações, alterações e exportações aparecem aqui." />;
  return (
    <div className="space-y-3">
      <p className="text-xs text-slate-500">Quem visualizou ou alterou o cadastro, o quê e quando (horário do consultório).</p>
      <ol className="divide-y divide-slate-100" aria-label="Histórico de acesso">
        {log.data.items.map((entry) => (
          <li key={entry.id} className="flex flex-col gap-0.5 py-2 text-sm sm:flex-row sm:items-baseline sm:gap-3">
            <time dateTime={entry.at} className="shrink-0 text-slate-500 tabular-nums sm:w-32">
              {entry.at_local}
            </time>
            <span className="min-w-0">
              <span className="font-medium text-slate-900">{entry.actor_name}</span> · {entry.action_label}
            </span>
          </li>
        ))}
      </ol>
      <Pagination page={page} total={log.data.total} perPage={ACCESS_LOG_PER_PAGE} onPageChange={setPage} disabled={log.isFetching} />
    </div>
  );
}

function AnonymizeTab({ patient, onAnonymized }: { patient: Patient; onAnonymized: () => void }) {
  const anonymize = useAnonymizePatient(patient.id);
  const [confirming, setConfirming] = useState(false);
  if (patient.anonymized_at) {
    return <EmptyState icon={UserX} title="Paciente anonimizado" description="Os dados de identificação foram removidos. O histórico de compromissos foi mantido." />;
  }
  return (
    <div className="space-y-4 text-sm text-slate-600">
      <p>
        A pedido do paciente, substitui nome, telefone, email, CPF, dados pessoais e os textos das conversas por valores neutros, inclusive nas
        tarefas e na agenda do Google. O histórico de compromissos (datas, tipos e situações) é mantido para a guarda legal do prontuário.
      </p>
      <p>Compromissos futuros ainda ativos precisam ser cancelados antes. Se precisar guardar uma cópia, exporte os dados primeiro.</p>
      <Button variant="destructive" onClick={() => setConfirming(true)}>
        <UserX aria-hidden />
        Anonimizar paciente
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        tone="danger"
        title="Anonimizar este paciente?"
        description={`Os dados de identificação de ${patient.name} serão apagados para sempre. Esta ação não pode ser desfeita.`}
        confirmLabel="Anonimizar definitivamente"
        onConfirm={() => anonymize.mutateAsync().then(onAnonymized)}
      />
    </div>
  );
}

export interface PatientPrivacyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  patient: Patient | null;
}

/** A patient's data rights (LGPD): export, consent per channel, access history, anonymisation. */
export function PatientPrivacyDialog({ open, onOpenChange, patient }: PatientPrivacyDialogProps) {
  const [tab, setTab] = useState("export");
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setTab("export");
      }}
    >
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <ShieldCheck aria-hidden className="size-5 text-brand-700" />
            Privacidade e dados (LGPD)
          </DialogTitle>
          <DialogDescription>{patient ? patient.name : ""}</DialogDescription>
        </DialogHeader>
        <DialogBody>
          {patient ? (
            <Tabs value={tab} onValueChange={setTab}>
              <TabsList aria-label="Direitos do titular">
                <TabsTrigger value="export">
                  <Download aria-hidden />
                  Exportar
                </TabsTrigger>
                <TabsTrigger value="consent">
                  <ShieldCheck aria-hidden />
                  Consentimento
                </TabsTrigger>
                <TabsTrigger value="access">
                  <History aria-hidden />
                  Histórico de acesso
                </TabsTrigger>
                <TabsTrigger value="anonymize">
                  <UserX aria-hidden />
                  Anonimizar
                </TabsTrigger>
              </TabsList>
              <TabsContent value="export">
                <ExportTab patient={patient} />
              </TabsContent>
              <TabsContent value="consent">
                <ConsentTab patient={patient} />
              </TabsContent>
              <TabsContent value="access">
                <AccessTab patient={patient} />
              </TabsContent>
              <TabsContent value="anonymize">
                <AnonymizeTab patient={patient} onAnonymized={() => onOpenChange(false)} />
              </TabsContent>
            </Tabs>
          ) : null}
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}
