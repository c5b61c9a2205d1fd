import { weekdayShort } from "@clinora/contracts/date-display";
import { cn } from "@/lib/cn";
import { formatLongDate } from "@/lib/format";
import { groupByDate } from "../lib/appointment-filters";
import { weekDates } from "../lib/calendar-period";
import { AppointmentWeekGrid } from "./appointment-week-grid";
import { GridDay, SelectedDayAppointments, type CalendarGridProps } from "./day-appointments";

/**
 * Seven day tiles from Monday with total/confirmed/completed counts, the week in hours where blocks move by drag or
 * keys (docs/decisions/038), and the selected day's list (docs/product/appointments.md §2.2).
 */
export function AppointmentWeekView({ appointments, selectedDate, today, onSelectDate, ...actions }: CalendarGridProps) {
  const byDate = groupByDate(appointments);
  const dates = weekDates(selectedDate);
  return (
    <div className="space-y-5">
      <div role="group" aria-label="Dias da semana" className="grid grid-cols-7 gap-1.5 sm:gap-3">
        {dates.map((date) => {
          const items = byDate.get(date) ?? [];
          const confirmed = items.filter((a) => a.status === "confirmed").length;
          const completed = items.filter((a) => a.status === "completed").length;
          const selected = date === selectedDate;
          return (
            <GridDay key={date} date={date} today={today} selected={selected} onSelectDate={onSelectDate}
              className={cn(
                "flex cursor-pointer flex-col items-center rounded-xl border px-1 py-2 transition-colors sm:px-2 sm:py-3",
                selected ? "border-brand-600 bg-brand-600 text-white shadow-sm" : "border-slate-200 bg-white hover:border-brand-300 hover:bg-brand-50",
                !selected && date === today && "border-brand-400",
              )}
            >
              <span className={cn("text-[11px] font-medium uppercase sm:text-xs", selected ? "text-brand-100" : "text-slate-500")}>
                {weekdayShort(date)}
              </span>
              <span className="text-lg font-semibold tabular-nums sm:text-2xl">{Number(date.slice(8, 10))}</span>
              <span className={cn("mt-1 text-xs font-semibold tabular-nums", selected ? "text-white" : "text-slate-700")}>{items.length}</span>
              <span className={cn("text-[11px] leading-tight tabular-nums", selected ? "text-brand-100" : "text-slate-500")}>
                <span className={selected ? undefined : "text-sky-700"}>{confirmed}</span>
                <span className="hidden sm:inline"> conf.</span> ·{" "}
                <span className={selected ? undefined : "text-emerald-700"}>{completed}</span>
                <span className="hidden sm:inline"> concl.</span>
              </span>
              {/*
               * Named by its visible text first (WCAG 2.5.3: voice control says what it sees), then the same in
               * words for a screen reader.
               */}
              <span className="sr-only">
                : {formatLongDate(date)}, {items.length} compromissos, {confirmed} confirmados, {completed} concluídos
              </span>
            </GridDay>
          );
        })}
      </div>
      <p aria-hidden className="-mt-2 text-xs text-slate-500">
        Em cada dia: total de compromissos, <span className="text-sky-700">confirmados</span> ·{" "}
        <span className="text-emerald-700">concluídos</span>.
      </p>
      <AppointmentWeekGrid dates={dates} appointments={appointments} today={today} onEdit={actions.onEdit} />
      <SelectedDayAppointments id="week-selected-day" date={selectedDate} appointments={byDate.get(selectedDate) ?? []} {...actions} />
    </div>
  );
}
