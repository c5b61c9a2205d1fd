import { MSG, type Role, type User, type UserStatus } from "@clinora/contracts";
import { Download, ShieldCheck, ShieldOff, Stethoscope, Trash2, UserPlus, Users } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingState } from "@/components/ui/loading-state";
import { Pagination } from "@/components/ui/pagination";
import { SearchInput } from "@/components/ui/search-input";
import { Select } from "@/components/ui/select";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { useDialogState } from "@/hooks/use-dialog-state";
import { toast } from "@/lib/toast";
import type { BulkUserAction } from "../api/user-mutations";
import { USERS_PER_PAGE, useUsers } from "../api/users";
import { useErrorToast } from "@/hooks/use-error-toast";
import { ALL, ROLE_FILTER_OPTIONS, STATUS_FILTER_OPTIONS } from "../lib/user-options";
import { exportUsersCsv } from "../lib/users-csv";
import { BulkActionDialog } from "./bulk-action-dialog";
import { DeleteUserDialog } from "./delete-user-dialog";
import { ProfessionalAccountDialog } from "./professional-account-dialog";
import { SuspensionDialog } from "./suspension-dialog";
import { UserStats } from "./user-stats";
import { UserFormDialog } from "./user-form-dialog";
import { UsersList } from "./users-list";

type Filter<T> = T | typeof ALL;

/** The users tab of Sistema (docs/product/admin.md §2.4). */
/** `currentUserId`: the signed-in admin, who can neither select nor suspend their own account here. */
export function UsersTab({ currentUserId }: { currentUserId: string }) {
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<Filter<UserStatus>>(ALL);
  const [role, setRole] = useState<Filter<Role>>(ALL);
  const [page, setPage] = useState(1);
  const debouncedSearch = useDebouncedValue(search.trim());
  const users = useUsers({
    page,
    search: debouncedSearch || undefined,
    status: status === ALL ? undefined : status,
    role: role === ALL ? undefined : role,
  });
  useErrorToast(users.isError, MSG.loadDataError);

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [accountOpen, setAccountOpen] = useState(false);
  /** The user being edited, or null for 'Criar usuário'. */
  const userForm = useDialogState<User | null>();
  const [suspending, setSuspending] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  // The ids are fixed when the confirmation opens, so the dialog's text does not change under the user.
  const [bulk, setBulk] = useState<{ action: BulkUserAction; ids: string[] } | null>(null);

  const rows = users.data?.items ?? [];
  // Only users on screen count: a filter change may hide some that were ticked.
  const selectedIds = rows.filter((u) => selected.has(u.id)).map((u) => u.id);

  const changeFilter = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };
  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleAll = (on: boolean) => setSelected(on ? new Set(rows.filter((u) => u.id !== currentUserId).map((u) => u.id)) : new Set());
  const startBulk = (action: BulkUserAction) => {
    if (selectedIds.length === 0) {
      toast.error(MSG.bulkSelectionRequired);
      return;
    }
    setBulk({ action, ids: selectedIds });
  };
  const exportCsv = () => {
    exportUsersCsv(rows);
    toast.success(MSG.exportDone);
  };

  return (
    <div className="space-y-6">
      <UserStats />

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 className="text-lg font-semibold text-slate-900">Usuários</h2>
        <div className="grid gap-2 sm:flex">
          <Button variant="outline" onClick={() => setAccountOpen(true)}>
            <Stethoscope aria-hidden />
            Nova conta profissional
          </Button>
          <Button onClick={() => userForm.show(null)}>
            <UserPlus aria-hidden />
            Criar usuário
          </Button>
        </div>
      </div>

      <Card className="overflow-hidden">
        <div className="flex flex-col gap-3 border-b border-slate-100 p-4 lg:flex-row lg:items-center">
          <SearchInput
            value={search}
            onValueChange={changeFilter(setSearch)}
            placeholder="Buscar por email ou nome do profissional"
            aria-label="Buscar usuários"
            className="lg:flex-1"
          />
          <div className="grid gap-3 sm:flex">
            <Select aria-label="Filtrar por status" options={STATUS_FILTER_OPTIONS} value={status} onValueChange={changeFilter(setStatus)} className="sm:w-44" />
            <Select aria-label="Filtrar por perfil" options={ROLE_FILTER_OPTIONS} value={role} onValueChange={changeFilter(setRole)} className="sm:w-44" />
          </div>
          <Button variant="outline" onClick={exportCsv} disabled={rows.length === 0}>
            <Download aria-hidden />
            Exportar CSV
          </Button>
        </div>

        <div className="flex flex-wrap items-center gap-2 border-b border-slate-100 bg-slate-50/60 px-4 py-2.5" role="toolbar" aria-label="Ações em massa">
          <span className="w-full text-sm text-slate-600 sm:mr-auto sm:w-auto" aria-live="polite">
            {selectedIds.length > 0 ? `${selectedIds.length} selecionado(s)` : "Nenhum usuário selecionado"}
          </span>
          <Button size="sm" variant="outline" onClick={() => startBulk("activate")}>
            <ShieldCheck aria-hidden />
            Ativar
          </Button>
          <Button size="sm" variant="outline" onClick={() => startBulk("suspend")}>
            <ShieldOff aria-hidden />
            Suspender
          </Button>
          <Button size="sm" variant="outline" className="text-red-600 hover:text-red-700" onClick={() => startBulk("delete")}>
            <Trash2 aria-hidden />
            Excluir
          </Button>
        </div>

        {users.isPending ? (
          <LoadingState text="Carregando usuários..." />
        ) : users.isError ? (
          <ErrorState message={MSG.loadDataError} onRetry={() => void users.refetch()} retrying={users.isFetching} />
        ) : rows.length === 0 ? (
          <EmptyState icon={Users} title="Nenhum usuário encontrado" description="Ajuste a busca ou os filtros." />
        ) : (
          <UsersList
            users={rows}
            selectedIds={selected}
            onToggle={toggle}
            onToggleAll={toggleAll}
            currentUserId={currentUserId}
            onEdit={userForm.show}
            onSuspension={setSuspending}
            onDelete={setDeleting}
          />
        )}
      </Card>

      <Pagination page={page} total={users.data?.total ?? 0} perPage={USERS_PER_PAGE} onPageChange={setPage} disabled={users.isFetching} />

      <UserFormDialog open={userForm.open} onOpenChange={userForm.onOpenChange} user={userForm.item} isSelf={userForm.item?.id === currentUserId} />
      <ProfessionalAccountDialog open={accountOpen} onOpenChange={setAccountOpen} />
      <SuspensionDialog user={suspending} onClose={() => setSuspending(null)} />
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
      <BulkActionDialog action={bulk?.action ?? null} userIds={bulk?.ids ?? []} onClose={() => setBulk(null)} onDone={() => setSelected(new Set())} />
    </div>
  );
}
