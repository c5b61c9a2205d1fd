import type { AdminAction } from "@clinora/contracts";
import { History } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDateTimeLong } from "@/lib/format";
import { adminActionLabel, fieldLabel } from "../lib/user-labels";

/** The fields an action changed, when its details name them ({fields: [...]}). */
function changedFields(details: AdminAction["details"]): string[] {
  const fields = details?.fields;
  return Array.isArray(fields) ? fields.filter((f): f is string => typeof f === "string") : [];
}

/** What administrators did to this account, newest first (docs/product/admin.md §2.6). */
export function ActionHistoryCard({ actions }: { actions: AdminAction[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle icon={History} iconClassName="size-4 text-slate-400">Histórico de ações</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="relative space-y-5 border-l border-slate-200 pl-5">
          {actions.map((action) => {
            const fields = changedFields(action.details);
            return (
              <li key={action.id} className="relative">
                <span aria-hidden className="absolute top-1.5 -left-[25px] size-2.5 rounded-full bg-brand-500 ring-4 ring-white" />
                <p className="text-sm font-semibold text-slate-900">{adminActionLabel(action.action)}</p>
                <p className="text-xs text-slate-500">
                  {formatDateTimeLong(action.performed_at)}
                  {action.performed_by ? ` · por ${action.performed_by}` : ""}
                </p>
                {action.reason ? <p className="mt-1 text-sm text-slate-700">Motivo: {action.reason}</p> : null}
                {fields.length > 0 ? <p className="mt-1 text-sm text-slate-600">Campos alterados: {fields.map(fieldLabel).join(", ")}</p> : null}
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
