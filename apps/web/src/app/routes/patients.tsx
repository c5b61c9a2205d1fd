import type { Patient } from "@clinora/contracts";
import { Plus, Users } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState, NoMatchState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingState } from "@/components/ui/loading-state";
import { PageHeader } from "@/components/ui/page-header";
import { SearchInput } from "@/components/ui/search-input";
import { Select } from "@/components/ui/select";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { useDialogState } from "@/hooks/use-dialog-state";
import { useErrorToast } from "@/hooks/use-error-toast";
import { useCurrentUser } from "@/features/auth/hooks/use-current-user";
import { PATIENTS_PER_PAGE, usePatients, type PatientSort } from "@/features/patients/api/patients";
import { PatientCard } from "@/features/patients/components/patient-card";
import { PatientDetailsDialog } from "@/features/patients/components/patient-details-dialog";
import { PatientFormDialog } from "@/features/patients/components/patient-form-dialog";
import { PatientPrivacyDialog } from "@/features/patients/components/patient-privacy-dialog";
import { FillPatientPayments } from "@/features/patients/components/patient-payments-slot";
import { PatientOpenCharges } from "@/features/payments/components/patient-open-charges";

const LOAD_ERROR = "Erro ao carregar dados dos pacientes";

const SORT_OPTIONS: { value: PatientSort; label: string }[] = [
  { value: "name", label: "Nome (A-Z)" },
  { value: "recent", label: "Mais recentes" },
  { value: "last_appointment", label: "Última consulta" },
];

export function PatientsPage() {
  const { professional } = useCurrentUser();
  // docs/product/patients.md §1: without a professional profile nothing is loaded and the list stays empty.
  const enabled = professional !== null;

  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<PatientSort>("name");
  const debouncedSearch = useDebouncedValue(search).trim();
  const patients = usePatients({ search: debouncedSearch || undefined, sort }, enabled);
  useErrorToast(patients.error, LOAD_ERROR);

  /** The patient being edited, or null when registering one. */
  const editing = useDialogState<Patient | null>();
  /** The patient shown read-only ("Ver detalhes"). */
  const details = useDialogState<Patient>();
  const openCreate = () => editing.show(null);
  /** The patient whose data rights (LGPD) are open. */
  const privacy = useDialogState<Patient>();

  const items = patients.data?.items ?? [];
  const total = patients.data?.total ?? 0;

  const results = () => {
    if (patients.isPending && enabled) return <LoadingState text="Carregando pacientes..." />;
    if (patients.isError) {
      return (
        <Card>
          <ErrorState message={LOAD_ERROR} onRetry={() => void patients.refetch()} retrying={patients.isFetching} />
        </Card>
      );
    }
    if (items.length === 0) {
      return (
        <Card>
          {debouncedSearch ? (
            <NoMatchState
              title="Nenhum paciente encontrado"
              description={`Nenhum resultado para "${debouncedSearch}". Tente outro nome, telefone, email ou CPF.`}
              clearLabel="Limpar busca"
              onClear={() => setSearch("")}
            />
          ) : (
            <EmptyState
              icon={Users}
              title="Nenhum paciente cadastrado"
              description="Cadastre seu primeiro paciente para acompanhar consultas, histórico e anotações."
              action={<Button icon={Plus} onClick={openCreate} disabled={!enabled}>Adicionar primeiro paciente</Button>}
            />
          )}
        </Card>
      );
    }
    return (
      <>
        <p className="text-sm text-slate-500" aria-live="polite">
          {total === 1 ? "1 paciente" : `${total} pacientes`}
          {total > PATIENTS_PER_PAGE ? ` (mostrando os ${PATIENTS_PER_PAGE} primeiros; use a busca para encontrar os demais)` : ""}
        </p>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {items.map((patient) => (
            <PatientCard key={patient.id} patient={patient} onOpen={details.show} onEdit={editing.show} onPrivacy={privacy.show} />
          ))}
        </div>
      </>
    );
  };

  return (
    <>
      <PageHeader
        title="Meus pacientes"
        description="Contatos, consultas e histórico dos seus pacientes."
        actions={<Button icon={Plus} onClick={openCreate} disabled={!enabled}>Novo paciente</Button>}
      />
      <div className="space-y-5">
        <Card className="flex flex-col gap-3 p-4 sm:flex-row">
          <SearchInput
            value={search}
            onValueChange={setSearch}
            placeholder="Nome, telefone, email ou CPF"
            aria-label="Buscar pacientes"
            className="flex-1"
          />
          <Select aria-label="Ordenar por" options={SORT_OPTIONS} value={sort} onValueChange={setSort} className="sm:w-52" />
        </Card>
        {results()}
      </div>

      <FillPatientPayments component={PatientOpenCharges}>
        <PatientDetailsDialog
          open={details.open}
          onOpenChange={details.onOpenChange}
          patient={details.item ?? null}
          onEdit={(patient) => {
            details.onOpenChange(false);
            editing.show(patient);
          }}
        />
      </FillPatientPayments>
      <PatientFormDialog open={editing.open} onOpenChange={editing.onOpenChange} patient={editing.item} />
      <PatientPrivacyDialog open={privacy.open} onOpenChange={privacy.onOpenChange} patient={privacy.item ?? null} />
    </>
  );
}
