import { RECORD_SIGNATURE_NOTE, type RecordEntry } from "@clinora/contracts";
import { ArrowLeft, Download, LayoutTemplate, Plus, Printer } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { LoadingState } from "@/components/ui/loading-state";
import { PageHeader } from "@/components/ui/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { usePatient } from "@/features/patients/api/patients";
import { usePrintRecord, useRecord, useRecordRetention } from "@/features/records/api/records";
import { RecordAccess } from "@/features/records/components/record-access";
import { RecordTemplatesDialog } from "@/features/records/components/record-templates-dialog";
import { localDraftKey, RecordEditor } from "@/features/records/components/record-editor";
import { RecordTimeline } from "@/features/records/components/record-timeline";
import { formatDate } from "@/lib/format";
import { pagePath } from "@/lib/page-paths";

/**
 * ProfessionalPatientRecord: the patient's prontuário (docs/product/records.md), from `?paciente=<id>`; with
 * `&compromisso=<id>&inicio=<ISO>` a new evolução tied to that concluded appointment opens at once.
 */
export function PatientRecordPage() {
  const [params] = useSearchParams();
  const patientId = params.get("paciente") ?? "";
  const appointmentId = params.get("compromisso");
  const startsAt = params.get("inicio");
  const draftId = params.get("rascunho");
  const draft = useRecord(draftId);
  return patientId ? (
    <PatientRecord
      key={patientId}
      patientId={patientId}
      appointment={appointmentId && startsAt ? { id: appointmentId, startsAt } : null}
      draft={draft.data?.status === "draft" ? draft.data : null}
    />
  ) : (
    <Alert tone="warning">Paciente não encontrado</Alert>
  );
}

function PatientRecord({ patientId, appointment, draft }: { patientId: string; appointment: { id: string; startsAt: string } | null; draft: RecordEntry | null }) {
  const [, setParams] = useSearchParams();
  const patient = usePatient(patientId);
  const retention = useRecordRetention(patientId);
  const print = usePrintRecord();
  const [templatesOpen, setTemplatesOpen] = useState(false);
  // A new entry left unsaved in this browser (a reload, a lost connection) opens again by itself.
  const [editing, setEditing] = useState<{ entry: RecordEntry | null } | null>(() =>
    draft ? { entry: draft } : appointment || localStorage.getItem(localDraftKey(patientId, null)) ? { entry: null } : null,
  );
  // Once the server has a new draft, the address names it: a reload continues it instead of starting another.
  const rememberDraft = (id: string) => setParams({ paciente: patientId, rascunho: id }, { replace: true });
  const close = () => {
    setEditing(null);
    setParams({ paciente: patientId }, { replace: true });
  };
  const restricted = retention.data?.restricted ?? false;
  // After a reload the draft named in the address arrives a moment later and opens in the editor.
  useEffect(() => {
    if (draft) setEditing((current) => current ?? { entry: draft });
  }, [draft]);

  if (patient.isPending) return <LoadingState text="Carregando paciente..." className="py-24" />;
  if (patient.isError) return <Alert tone="danger">Paciente não encontrado</Alert>;

  return (
    <>
      <PageHeader
        title={`Prontuário de ${patient.data.name}`}
        description={`Só você lê este prontuário. Entradas finalizadas não podem ser alteradas; impressões levam ${RECORD_SIGNATURE_NOTE}.`}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" icon={ArrowLeft} asChild>
              <Link to={pagePath("ProfessionalPatients")}>Pacientes</Link>
            </Button>
            <Button variant="outline" icon={LayoutTemplate} onClick={() => setTemplatesOpen(true)}>
              Modelos
            </Button>
            <Button variant="outline" icon={Printer} onClick={() => print.mutate({ patientId, print: true })} disabled={print.isPending}>
              Imprimir
            </Button>
            <Button variant="outline" icon={Download} onClick={() => print.mutate({ patientId, print: false })} disabled={print.isPending}>
              Baixar PDF
            </Button>
            {!restricted ? (
              <Button icon={Plus} onClick={() => setEditing({ entry: null })} disabled={editing !== null}>
                Nova entrada
              </Button>
            ) : null}
          </div>
        }
      />
      <RecordTemplatesDialog open={templatesOpen} onOpenChange={setTemplatesOpen} />
      <div className="space-y-4">
        {restricted && retention.data?.label ? (
          <Alert tone="info" title="Prontuário retido">
            Registro {retention.data.label}, guardado até {formatDate(retention.data.retained_until)}.
          </Alert>
        ) : null}
        {editing ? <RecordEditor key={editing.entry?.id ?? "new"} patientId={patientId} entry={editing.entry} appointment={editing.entry ? null : appointment} onClose={close} onSaved={rememberDraft} /> : null}
        <Tabs defaultValue="timeline">
          <TabsList>
            <TabsTrigger value="timeline">Linha do tempo</TabsTrigger>
            <TabsTrigger value="access">Acessos</TabsTrigger>
          </TabsList>
          <TabsContent value="timeline">
            <RecordTimeline patientId={patientId} readOnly={restricted} onContinue={(entry) => setEditing({ entry })} />
          </TabsContent>
          <TabsContent value="access">
            <Card className="p-4">
              <RecordAccess patientId={patientId} />
            </Card>
          </TabsContent>
        </Tabs>
      </div>
    </>
  );
}
