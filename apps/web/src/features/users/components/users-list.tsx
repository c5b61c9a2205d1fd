import type { User } from "@clinora/contracts";
import { Eye, Pencil, ShieldOff, ShieldCheck, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { Checkbox } from "@/components/ui/checkbox";
import { DropdownMenuItem, DropdownMenuSeparator, RowActionsMenu } from "@/components/ui/dropdown-menu";
import { ActionsTH, Table, TableCaption, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { formatDate } from "@/lib/format";
import { lastAccessText } from "../lib/last-access";
import { userDetailsPath } from "../lib/user-paths";
import { UserRoleBadge, UserStatusBadge } from "./user-badges";

export interface UserRowHandlers {
  onEdit: (user: User) => void;
  /** Suspend an active user or reactivate a suspended one. */
  onSuspension: (user: User) => void;
  onDelete: (user: User) => void;
}

export interface UsersListProps extends UserRowHandlers {
  users: User[];
  selectedIds: ReadonlySet<string>;
  onToggle: (userId: string, selected: boolean) => void;
  onToggleAll: (selected: boolean) => void;
  /** The signed-in administrator: their own row cannot be selected, suspended or deleted. */
  currentUserId: string;
}

/** The users table on wide screens and one card per user on phones, from the same rows and handlers. */
export function UsersList({ users, selectedIds, onToggle, onToggleAll, currentUserId, ...handlers }: UsersListProps) {
  const selectable = users.filter((u) => u.id !== currentUserId);
  const selectedCount = selectable.filter((u) => selectedIds.has(u.id)).length;
  const allState = selectedCount === 0 ? false : selectedCount === selectable.length ? true : "indeterminate";
  const selectAll = (
    <Checkbox aria-label="Selecionar todos" checked={allState} disabled={selectable.length === 0} onCheckedChange={(checked) => onToggleAll(checked === true)} />
  );
  const rowCheckbox = (user: User) => (
    <Checkbox
      aria-label={`Selecionar ${user.email}`}
      checked={selectedIds.has(user.id)}
      disabled={user.id === currentUserId}
      onCheckedChange={(checked) => onToggle(user.id, checked === true)}
    />
  );

  return (
    <>
      <div className="hidden md:block">
        <Table>
          <TableCaption className="sr-only">Usuários do sistema</TableCaption>
          <THead>
            <TR>
              <TH className="w-10">{selectAll}</TH>
              <TH>Usuário</TH>
              <TH>Perfil</TH>
              <TH>Status</TH>
              <TH>Profissional</TH>
              <TH>Último acesso</TH>
              <TH className="hidden 2xl:table-cell">Criado em</TH>
              <ActionsTH className="text-right" />
            </TR>
          </THead>
          <TBody>
            {users.map((user) => (
              <TR key={user.id} selected={selectedIds.has(user.id)}>
                <TD>{rowCheckbox(user)}</TD>
                <TD className="max-w-72">
                  <UserIdentity user={user} isSelf={user.id === currentUserId} />
                </TD>
                <TD>
                  <UserRoleBadge role={user.role} />
                </TD>
                <TD>
                  <UserStatusBadge status={user.status} />
                </TD>
                <TD className="max-w-48 truncate">{user.professional_name ?? <span className="text-subtle">Nenhum</span>}</TD>
                <TD className="whitespace-nowrap text-slate-500">{lastAccessText(user.last_login)}</TD>
                <TD className="hidden whitespace-nowrap text-slate-500 2xl:table-cell">{formatDate(user.created_at)}</TD>
                <TD className="text-right">
                  <UserRowActions user={user} isSelf={user.id === currentUserId} {...handlers} />
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </div>

      <div className="md:hidden">
        <div className="flex items-center gap-3 border-b border-slate-100 px-4 py-3">
          {selectAll}
          <span className="text-sm text-slate-500">Selecionar todos</span>
        </div>
        <ul className="divide-y divide-slate-100">
          {users.map((user) => (
            <li key={user.id} className="flex items-start gap-3 px-4 py-3.5" data-selected={selectedIds.has(user.id) || undefined}>
              <div className="pt-1">{rowCheckbox(user)}</div>
              <div className="min-w-0 flex-1 space-y-2">
                <UserIdentity user={user} isSelf={user.id === currentUserId} />
                <div className="flex flex-wrap gap-1.5">
                  <UserRoleBadge role={user.role} />
                  <UserStatusBadge status={user.status} />
                </div>
                <p className="text-xs text-slate-500">
                  {user.professional_name ? `${user.professional_name} · ` : ""}
                  Último acesso: {lastAccessText(user.last_login)}
                </p>
              </div>
              <UserRowActions user={user} isSelf={user.id === currentUserId} {...handlers} />
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

function UserIdentity({ user, isSelf }: { user: User; isSelf: boolean }) {
  return (
    <div className="min-w-0">
      <Link
        to={userDetailsPath(user.id)}
        className="block truncate font-medium text-slate-900 hover:text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
      >
        {user.full_name}
        {isSelf ? <span className="ml-1.5 text-xs font-normal text-slate-500">(você)</span> : null}
      </Link>
      <p className="truncate text-sm text-slate-500">{user.email}</p>
    </div>
  );
}

function UserRowActions({ user, isSelf, onEdit, onSuspension, onDelete }: UserRowHandlers & { user: User; isSelf: boolean }) {
  const suspended = user.status === "suspended";
  return (
    <RowActionsMenu label={`Ações de ${user.email}`}>
      <DropdownMenuItem asChild>
        <Link to={userDetailsPath(user.id)}>
          <Eye />
          Ver detalhes
        </Link>
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={() => onEdit(user)}>
        <Pencil />
        Editar
      </DropdownMenuItem>
      {isSelf ? null : (
        <>
          <DropdownMenuItem onSelect={() => onSuspension(user)}>
            {suspended ? <ShieldCheck /> : <ShieldOff />}
            {suspended ? "Reativar" : "Suspender"}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem tone="danger" onSelect={() => onDelete(user)}>
            <Trash2 />
            Excluir
          </DropdownMenuItem>
        </>
      )}
    </RowActionsMenu>
  );
}
