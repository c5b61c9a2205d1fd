import { PROFESSIONALS_PAGE_SIZE, type Professional } from "@clinora/contracts";
import { CircleCheck, CircleMinus, Plus, Stethoscope, Users } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingState } from "@/components/ui/loading-state";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { StatCard } from "@/components/ui/stat-card";
import { useClampedPage } from "@/hooks/use-clamped-page";
import { useDialogState } from "@/hooks/use-dialog-state";
import { useErrorToast } from "@/hooks/use-error-toast";
import {
  useDeleteProfessional,
  useProfessionalStats,
  useProfessionals,
  type ProfessionalListParams,
} from "@/features/professionals/api/professionals";
import { ProfessionalDetailsDialog } from "@/features/professionals/components/professional-details-dialog";
import {
  ALL,
  NO_PROFESSIONAL_FILTERS,
  ProfessionalFilters,
  type ProfessionalFilterValues,
} from "@/features/professionals/components/professional-filters";
import { ProfessionalFormDialog } from "@/features/professionals/components/professional-form-dialog";
import { ProfessionalList } from "@/features/professionals/components/professional-list";
import { matchesProfessionalSearch } from "@/features/professionals/lib/match-professional";

function listParams(filters: ProfessionalFilterValues, page: number): ProfessionalListParams {
  return {
    page,
    per_page: PROFESSIONALS_PAGE_SIZE,
    specialty: filters.specialty === ALL ? undefined : filters.specialty,
    city: filters.city === ALL ? undefined : filters.city,
    is_available: filters.availability === ALL ? undefined : filters.availability === "available",
  };
}

/** SuperAdminProfessionals (docs/product/admin.md §2.2). */
export function AdminProfessionalsPage() {
  const [filters, setFilters] = useState(NO_PROFESSIONAL_FILTERS);
  const [page, setPage] = useState(1);
  const list = useProfessionals(listParams(filters, page));
  const stats = useProfessionalStats();
  const remove = useDeleteProfessional();
  useErrorToast(list.error, "Erro ao carregar profissionais");
  useClampedPage(page, setPage, list.data?.total, PROFESSIONALS_PAGE_SIZE);

  const details = useDialogState<Professional>();
  const form = useDialogState<Professional | null>();
  const deleting = useDialogState<Professional>();

  const changeFilters = (change: Partial<ProfessionalFilterValues>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPage(1);
  };

  const visible = (list.data?.items ?? []).filter((professional) => matchesProfessionalSearch(professional, filters.search));
  const figures = stats.data;

  return (
    <>
      <PageHeader
        title="Gerenciamento de profissionais"
        description="Cadastre, edite e acompanhe os profissionais da plataforma"
        actions={<Button icon={Plus} onClick={() => form.show(null)}>Novo profissional</Button>}
      />

      <section aria-label="Indicadores" className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label="Total" value={figures?.total ?? "—"} icon={Users} loading={stats.isPending} />
        <StatCard label="Disponíveis" value={figures?.available ?? "—"} icon={CircleCheck} tone="success" loading={stats.isPending} />
        <StatCard label="Indisponíveis" value={figures?.unavailable ?? "—"} icon={CircleMinus} tone="muted" loading={stats.isPending} />
        <StatCard label="Especialidades" value={figures?.by_specialty.length ?? "—"} icon={Stethoscope} tone="info" loading={stats.isPending} />
      </section>

      <Card className="overflow-hidden">
        <ProfessionalFilters values={filters} onChange={changeFilters} stats={figures} />
        <div className="border-t border-slate-100">
          {list.isPending ? (
            <LoadingState text="Carregando profissionais..." />
          ) : list.isError ? (
            <ErrorState message="Erro ao carregar profissionais" onRetry={() => void list.refetch()} retrying={list.isFetching} />
          ) : visible.length === 0 ? (
            <EmptyState icon={Stethoscope} title="Nenhum profissional encontrado" description="Ajuste os filtros ou cadastre um novo profissional." />
          ) : (
            <ProfessionalList professionals={visible} onDetails={details.show} onEdit={form.show} onDelete={deleting.show} />
          )}
        </div>
        {list.data ? (
          <Pagination
            page={page}
            total={list.data.total}
            perPage={PROFESSIONALS_PAGE_SIZE}
            onPageChange={setPage}
            disabled={list.isFetching}
            className="border-t border-slate-100 px-4 py-3 sm:px-5"
          />
        ) : null}
      </Card>

      <ProfessionalDetailsDialog
        open={details.open}
        onOpenChange={details.onOpenChange}
        professional={details.item}
        onEdit={(professional) => {
          details.onOpenChange(false);
          form.show(professional);
        }}
      />
      <ProfessionalFormDialog open={form.open} onOpenChange={form.onOpenChange} professional={form.item} />
      <ConfirmDeleteDialog
        state={deleting}
        title="Excluir profissional?"
        description={(professional) => (
          <>
            <strong className="font-medium text-slate-900">{professional.full_name}</strong> será removido da plataforma.
            Profissionais com pacientes, consultas ou conta de acesso não podem ser excluídos.
          </>
        )}
        onConfirm={(professional) => remove.mutateAsync(professional.id)}
      />
    </>
  );
}
