import { useState } from "react";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingState } from "@/components/ui/loading-state";
import { Pagination } from "@/components/ui/pagination";
import { useRecordAccess } from "../api/records";

/** "Acessos": who read, printed, exported or changed the patient's record, when and from which address. */
export function RecordAccess({ patientId }: { patientId: string }) {
  const [page, setPage] = useState(1);
  const access = useRecordAccess(patientId, page);
  if (access.isPending) return <LoadingState text="Carregando acessos..." />;
  if (access.isError) return <ErrorState message="Erro ao carregar os acessos" onRetry={() => void access.refetch()} retrying={access.isFetching} />;
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-slate-100" aria-label="Acessos ao prontuário">
        {access.data.items.map((row) => {
          const entries = Array.isArray(row.details?.entry_ids) ? row.details.entry_ids.length : null;
          return (
            <li key={row.id} className="flex flex-col gap-0.5 py-2 text-sm sm:flex-row sm:justify-between">
              <span>
                <span className="font-medium text-slate-900">{row.action_label}</span>
                {entries !== null ? <span className="text-slate-600"> · {entries === 1 ? "1 entrada" : `${entries} entradas`}</span> : null}
              </span>
              <span className="text-slate-600">
                {row.at_local} · {row.actor_name}
                {row.ip ? ` · ${row.ip}` : ""}
              </span>
            </li>
          );
        })}
      </ul>
      {access.data.total > 20 ? <Pagination page={page} total={access.data.total} perPage={20} onPageChange={setPage} /> : null}
    </div>
  );
}
