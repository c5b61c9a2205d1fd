import { LEADS_PAGE_SIZE, type Lead } from "@clinora/contracts";
import { CalendarRange, CircleCheckBig, Download, LoaderCircle, PhoneCall, Plus, Sparkles, Target } from "lucide-react";
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
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { useDialogState } from "@/hooks/use-dialog-state";
import { useErrorToast } from "@/hooks/use-error-toast";
import { toast } from "@/lib/toast";
import { useDeleteLead, useLeadStats, useLeads, type LeadListFilters } from "@/features/leads/api/leads";
import { LeadDetailsDialog } from "@/features/leads/components/lead-details-dialog";
import { ALL, LeadFilters, NO_LEAD_FILTERS, type LeadFilterValues } from "@/features/leads/components/lead-filters";
import { LeadFormDialog } from "@/features/leads/components/lead-form-dialog";
import { LeadList } from "@/features/leads/components/lead-list";
import { exportLeads } from "@/features/leads/lib/export-leads";

function queryFilters(filters: LeadFilterValues, search: string): LeadListFilters {
  return {
    status: filters.status === ALL ? undefined : filters.status,
    source: filters.source === ALL ? undefined : filters.source,
    search: search.trim() || undefined,
  };
}

/** SuperAdminLeads (docs/product/admin.md §2.3). */
export function LeadsPage() {
  const [filters, setFilters] = useState(NO_LEAD_FILTERS);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const debouncedSearch = useDebouncedValue(filters.search);
  const current = queryFilters(filters, debouncedSearch);
  const list = useLeads({ ...current, page, per_page: LEADS_PAGE_SIZE });
  const stats = useLeadStats();
  const remove = useDeleteLead();
  useErrorToast(list.error, "Erro ao carregar leads");
  useClampedPage(page, setPage, list.data?.total, LEADS_PAGE_SIZE);

  const details = useDialogState<Lead>();
  const form = useDialogState<Lead | null>();
  const deleting = useDialogState<Lead>();

  const changeFilters = (change: Partial<LeadFilterValues>) => {
    setFilters((previous) => ({ ...previous, ...change }));
    setPage(1);
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await exportLeads(current);
      toast.success("Exportação concluída!");
    } catch {
      toast.error("Erro ao carregar leads");
    } finally {
      setExporting(false);
    }
  };

  const figures = stats.data;
  const count = (value: number | undefined) => value ?? "—";
  const leads = list.data?.items ?? [];

  return (
    <>
      <PageHeader
        title="Gerenciamento de leads"
        description="Acompanhe os contatos comerciais, do primeiro contato à conversão"
        actions={
          <>
            <Button variant="outline" onClick={() => void exportCsv()} disabled={exporting}>
              {exporting ? <LoaderCircle aria-hidden className="animate-spin" /> : <Download aria-hidden />}
              Exportar
            </Button>
            <Button icon={Plus} onClick={() => form.show(null)}>Novo lead</Button>
          </>
        }
      />

      <section aria-label="Indicadores" className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
        <StatCard label="Total" value={count(figures?.total)} icon={Target} loading={stats.isPending} />
        <StatCard label="Novos" value={count(figures?.by_status.new)} icon={Sparkles} tone="info" loading={stats.isPending} />
        <StatCard label="Contatados" value={count(figures?.by_status.contacted)} icon={PhoneCall} tone="warning" loading={stats.isPending} />
        <StatCard label="Convertidos" value={count(figures?.by_status.converted)} icon={CircleCheckBig} tone="success" loading={stats.isPending} />
        <StatCard
          label="Últimos 30 dias"
          value={count(figures?.last_30_days)}
          icon={CalendarRange}
          tone="muted"
          loading={stats.isPending}
          className="col-span-2 lg:col-span-1"
        />
      </section>

      <Card className="overflow-hidden">
        <LeadFilters values={filters} onChange={changeFilters} stats={figures} />
        <div className="border-t border-slate-100">
          {list.isPending ? (
            <LoadingState text="Carregando leads..." />
          ) : list.isError ? (
            <ErrorState message="Erro ao carregar leads" onRetry={() => void list.refetch()} retrying={list.isFetching} />
          ) : leads.length === 0 ? (
            <EmptyState icon={Target} title="Nenhum lead encontrado" description="Ajuste a busca e os filtros ou registre um novo lead." />
          ) : (
            <LeadList leads={leads} onDetails={details.show} onEdit={form.show} onDelete={deleting.show} />
          )}
        </div>
        {list.data ? (
          <Pagination
            page={page}
            total={list.data.total}
            perPage={LEADS_PAGE_SIZE}
            onPageChange={setPage}
            disabled={list.isFetching}
            className="border-t border-slate-100 px-4 py-3 sm:px-5"
          />
        ) : null}
      </Card>

      <LeadDetailsDialog
        open={details.open}
        onOpenChange={details.onOpenChange}
        lead={details.item}
        onEdit={(lead) => {
          details.onOpenChange(false);
          form.show(lead);
        }}
      />
      <LeadFormDialog
        open={form.open}
        onOpenChange={form.onOpenChange}
        lead={form.item}
        knownSources={(figures?.top_sources ?? []).map(({ source }) => source)}
      />
      <ConfirmDeleteDialog
        state={deleting}
        title="Excluir lead?"
        description={(lead) => (
          <>
            <strong className="font-medium text-slate-900">{lead.name}</strong> será removido permanentemente.
          </>
        )}
        onConfirm={(lead) => remove.mutateAsync(lead.id)}
      />
    </>
  );
}
