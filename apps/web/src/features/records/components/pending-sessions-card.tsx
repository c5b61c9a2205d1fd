import type { RecordPendingSession } from "@clinora/contracts";
import { NotebookPen } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { formatDateTimeLong } from "@/lib/format";
import { pagePath } from "@/lib/page-paths";
import { usePendingRecordSessions } from "../api/records";
import { PatientListCard, PatientListRow } from "./patient-list-card";

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
    <PatientListCard
      titleId="pending-sessions-title"
      icon={NotebookPen}
      title="Sessões sem evolução"
      intro={
        <>
          {total === 1 ? "1 sessão concluída" : `${total} sessões concluídas`} nos últimos 7 dias ainda sem registro no prontuário.
          {total > sessions.length ? ` Mostrando as ${sessions.length} mais recentes.` : ""}
        </>
      }
    >
      {sessions.map((s) => (
        <PatientListRow
          key={s.appointment_id}
          patientName={s.patient_name}
          detail={`${formatDateTimeLong(s.starts_at)} · ${s.appointment_type}`}
          truncateDetail
          action={
            <Button variant="secondary" size="sm" className="shrink-0" asChild>
              <Link to={recordLink(s)} aria-label={`Registrar evolução de ${s.patient_name}, sessão de ${formatDateTimeLong(s.starts_at)}`}>
                <NotebookPen aria-hidden />
                Registrar evolução
              </Link>
            </Button>
          }
        />
      ))}
    </PatientListCard>
  );
}
