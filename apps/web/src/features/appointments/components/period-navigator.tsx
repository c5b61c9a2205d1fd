import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { AppointmentView } from "../lib/calendar-period";

const STEP_LABELS: Record<AppointmentView, { previous: string; next: string }> = {
  timeline: { previous: "Dia anterior", next: "Próximo dia" },
  week: { previous: "Semana anterior", next: "Próxima semana" },
  month: { previous: "Mês anterior", next: "Próximo mês" },
  list: { previous: "Mês anterior", next: "Próximo mês" },
};

export interface PeriodNavigatorProps {
  view: AppointmentView;
  label: string;
  onPrevious: () => void;
  onToday: () => void;
  onNext: () => void;
}

/** Previous / today / next for the period of the current view (docs/product/appointments.md §2.2). */
export function PeriodNavigator({ view, label, onPrevious, onToday, onNext }: PeriodNavigatorProps) {
  const steps = STEP_LABELS[view];
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <div className="flex items-center gap-1">
        <Button variant="outline" size="icon" aria-label={steps.previous} onClick={onPrevious}>
          <ChevronLeft aria-hidden />
        </Button>
        <Button variant="outline" onClick={onToday}>
          Hoje
        </Button>
        <Button variant="outline" size="icon" aria-label={steps.next} onClick={onNext}>
          <ChevronRight aria-hidden />
        </Button>
      </div>
      <h2 aria-live="polite" className="text-base font-semibold text-slate-900 sm:text-lg">
        {label}
      </h2>
    </div>
  );
}
