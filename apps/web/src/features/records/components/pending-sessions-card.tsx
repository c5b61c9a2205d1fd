import type { RecordPendingSession } from "@clinora/contracts";
import { NotebookPen } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDateTimeLong } from "@/lib/format";
import { pagePath } from "@/lib/page-paths";
import { usePendingRecordSessions } from "../api/records";

const recordLink = (s: RecordPendingSession) =>
  `${pagePath("ProfessionalPatientRecord")}?${new URLSearchParams({ paciente: s.patient_id, compromisso: s.appointment_id, inicio: s.starts_at })}`;

/**
 * "Sessões sem evolução" on the Painel (docs/product/records.md §2): concluded appointments of the last 7 days with no
 * prontuário entry, each opening "Nova entrada" pre-filled with the session. Nothing is shown when there is none.
 */
export function PendingSessionsCard() {
  const query = usePendingRecordSessions();
  useEffect(() => {
    if (query.error) console.error("Erro ao carregar as sessões sem evolução:", query.error);
  }, [query.error]);
  const sessions = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  if (sessions.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle id="pending-sessions-title" icon={NotebookPen}>
          Sessões sem evolução
        </CardTitle>
      </CardHeader>
      <CardContent>
        <p className="mb-3 text-sm text-slate-600">
          {total === 1 ? "1 sessão concluída" : `${total} sessões concluídas`} nos últimos 7 dias ainda sem registro no prontuário.
          {total > sessions.length ? ` Mostrando as ${sessions.length} mais recentes.` : ""}
        </p>
        <ul aria-labelledby="pending-sessions-title" className="divide-y divide-slate-100">
          {sessions.map((s) => (
            <li key={s.appointment_id} className="flex flex-wrap items-center gap-x-3 gap-y-1.5 py-2.5 first:pt-0 last:pb-0">
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium break-words text-slate-900">{s.patient_name}</p>
                <p className="truncate text-xs text-slate-600">
                  {formatDateTimeLong(s.starts_at)} · {s.appointment_type}
                </p>
              </div>
              <Button variant="secondary" size="sm" className="shrink-0" asChild>
                <Link to={recordLink(s)} aria-label={`Registrar evolução de ${s.patient_name}, sessão de ${formatDateTimeLong(s.starts_at)}`}>
                  <NotebookPen aria-hidden />
                  Registrar evolução
                </Link>
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
