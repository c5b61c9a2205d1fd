import type { User } from "@clinora/contracts";
import { CalendarDays, Clock, Mail, Phone, ShieldAlert } from "lucide-react";
import { Card, CardContent } from "@/components/ui/card";
import { formatDate, formatDateTimeLong, formatPhone } from "@/lib/format";
import { lastAccessText } from "../lib/last-access";
import { UserRoleBadge, UserStatusBadge } from "./user-badges";

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter((part) => part.length > 2 || /^[A-ZÀ-Ú]/.test(part))
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join("");

/** Who the user is, their status and role, last access, and the suspension while suspended (docs/product/admin.md §2.6). */
export function UserHeaderCard({ user }: { user: User }) {
  return (
    <Card>
      <CardContent className="space-y-5">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          <span aria-hidden className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-lg font-semibold text-brand-700 ring-1 ring-brand-100">
            {initialsOf(user.full_name) || "?"}
          </span>
          <div className="min-w-0 flex-1">
            <h2 className="truncate text-xl font-semibold text-slate-900">{user.full_name}</h2>
            <div className="mt-1.5 flex flex-wrap gap-1.5">
              <UserStatusBadge status={user.status} />
              <UserRoleBadge role={user.role} />
            </div>
          </div>
        </div>

        <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <Fact icon={Mail} label="Email" value={user.email} />
          <Fact icon={Phone} label="Telefone" value={user.phone ? formatPhone(user.phone) : "Não informado"} />
          <Fact icon={CalendarDays} label="Criado em" value={formatDate(user.created_at)} />
          <Fact icon={Clock} label="Último acesso" value={lastAccessText(user.last_login)} />
        </dl>

        {user.status === "suspended" ? (
          <div role="note" className="flex gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            <ShieldAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-red-600" />
            <div className="space-y-0.5">
              <p className="font-semibold">Usuário suspenso</p>
              <p>
                <span className="font-medium">Motivo:</span> {user.suspension_reason ?? "Não informado"}
              </p>
              <p className="text-red-700">
                {user.suspended_at ? `Em ${formatDateTimeLong(user.suspended_at)}` : "Data não registrada"}
                {user.suspended_by ? ` por ${user.suspended_by}` : ""}
              </p>
            </div>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function Fact({ icon: Icon, label, value }: { icon: typeof Mail; label: string; value: string }) {
  return (
    // dt and dd straight inside the <div> that groups them (a <dl> allows no other nesting); the icon sits in the dt.
    <div className="relative min-w-0 pl-[26px]">
      <dt className="text-xs text-slate-500">
        <Icon aria-hidden className="absolute top-0.5 left-0 size-4 text-slate-400" />
        {label}
      </dt>
      <dd className="font-medium break-words text-slate-800">{value}</dd>
    </div>
  );
}
