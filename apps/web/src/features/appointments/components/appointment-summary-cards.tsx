import { CalendarDays, CircleCheckBig, Clock, ThumbsUp } from "lucide-react";
import { StatCard } from "@/components/ui/stat-card";
import type { AppointmentSummary } from "../lib/appointment-filters";

export interface AppointmentSummaryCardsProps {
  summary: AppointmentSummary;
  /** The period counted, e.g. 'Março de 2026'. */
  periodLabel: string;
  loading: boolean;
}

/** Total (without cancelled), Pendentes, Confirmados, Concluídos (docs/product/appointments.md §2.2). */
export function AppointmentSummaryCards({ summary, periodLabel, loading }: AppointmentSummaryCardsProps) {
  return (
    <section aria-label="Resumo do período" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard label="Total" value={summary.total} icon={CalendarDays} hint={periodLabel} loading={loading} />
      <StatCard label="Pendentes" value={summary.pending} icon={Clock} tone="warning" loading={loading} />
      <StatCard label="Confirmados" value={summary.confirmed} icon={ThumbsUp} tone="info" loading={loading} />
      <StatCard label="Concluídos" value={summary.completed} icon={CircleCheckBig} tone="success" loading={loading} />
    </section>
  );
}
