import { cn } from "@/lib/cn";
import { formatLongDate } from "@/lib/format";
import { groupByDate } from "../lib/appointment-filters";
import { monthWeeks } from "../lib/calendar-period";
import { GridDay, SelectedDayAppointments, type CalendarGridProps } from "./day-appointments";

const WEEKDAY_HEADINGS = ["Seg", "Ter", "Qua", "Qui", "Sex", "Sáb", "Dom"];

/** Month grid with a dot on days that have appointments; the list below shows only the selected day (docs/product/appointments.md §2.2). */
export function AppointmentMonthView({ appointments, selectedDate, today, onSelectDate, ...actions }: CalendarGridProps) {
  const byDate = groupByDate(appointments);
  const month = selectedDate.slice(0, 7);
  return (
    <div className="space-y-5">
      <div className="rounded-xl border border-slate-200 bg-white p-2 sm:p-4">
        <div aria-hidden className="mb-1 grid grid-cols-7 text-center text-xs font-medium text-subtle">
          {WEEKDAY_HEADINGS.map((weekday) => (
            <span key={weekday} className="py-1">
              {weekday}
            </span>
          ))}
        </div>
        <div role="group" aria-label="Dias do mês" className="grid grid-cols-7 gap-1">
          {monthWeeks(selectedDate).flat().map((date) => {
            const count = byDate.get(date)?.length ?? 0;
            const selected = date === selectedDate;
            const inMonth = date.startsWith(month);
            return (
              <GridDay key={date} date={date} today={today} selected={selected} onSelectDate={onSelectDate}
                aria-label={`${formatLongDate(date)}${count ? `: ${count} ${count === 1 ? "compromisso" : "compromissos"}` : ""}`}
                className={cn(
                  "flex aspect-square cursor-pointer flex-col items-center justify-center gap-1 rounded-lg text-sm tabular-nums transition-colors sm:aspect-auto sm:h-16",
                  selected ? "bg-brand-600 font-semibold text-white" : "hover:bg-brand-50",
                  !selected && !inMonth && "text-subtle",
                  !selected && inMonth && "text-slate-700",
                  !selected && date === today && "font-semibold text-brand-700 ring-1 ring-brand-400",
                )}
              >
                {Number(date.slice(8, 10))}
                <span
                  aria-hidden
                  className={cn("size-1.5 rounded-full", count ? (selected ? "bg-white" : "bg-brand-500") : "bg-transparent")}
                />
              </GridDay>
            );
          })}
        </div>
      </div>
      <SelectedDayAppointments id="month-selected-day" date={selectedDate} appointments={byDate.get(selectedDate) ?? []} {...actions} />
    </div>
  );
}
