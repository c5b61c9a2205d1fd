import { monthYear } from "@clinora/contracts/date-display";
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { monthGrid, moveCursor, shiftMonths } from "@/lib/calendar-month";
import { cn } from "@/lib/cn";
import { formatLongDate } from "@/lib/format";
import { Button } from "./button";

const WEEKDAYS = [
  { short: "S", long: "segunda-feira" },
  { short: "T", long: "terça-feira" },
  { short: "Q", long: "quarta-feira" },
  { short: "Q", long: "quinta-feira" },
  { short: "S", long: "sexta-feira" },
  { short: "S", long: "sábado" },
  { short: "D", long: "domingo" },
];

export interface CalendarProps {
  /** The chosen day (YYYY-MM-DD), or null. */
  selected: string | null;
  onSelect: (date: string) => void;
  /** Today (YYYY-MM-DD), ringed. */
  today: string;
}

/**
 * A month of days in Portuguese, Monday first (docs/product/appointments.md §9), for the date field's popover. Keyboard: arrows move a
 * day or a week, Home/End to the week's ends, Page Up/Down a month (with Shift a year), Enter or Space chooses.
 * Buttons go a month or a year back or forward. The day that takes the focus first has `data-cursor`.
 */
export function Calendar({ selected, onSelect, today }: CalendarProps) {
  const [cursor, setCursor] = useState(selected ?? today);
  const grid = useRef<HTMLTableElement>(null);
  const labelId = useId();
  // Focus follows the cursor once the user moves it by keyboard.
  const [focusCursor, setFocusCursor] = useState(false);
  useEffect(() => {
    if (focusCursor) grid.current?.querySelector<HTMLButtonElement>(`[data-date="${cursor}"]`)?.focus();
  }, [cursor, focusCursor]);

  const month = cursor.slice(0, 7);
  const monthLabel = monthYear(cursor);

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const next = moveCursor(cursor, event.key, event.shiftKey);
    if (!next) return;
    event.preventDefault();
    setFocusCursor(true);
    setCursor(next);
  };
  const step = (months: number) => {
    setFocusCursor(false);
    setCursor(shiftMonths(cursor, months));
  };

  return (
    <div className="w-76 select-none">
      <div className="mb-2 flex items-center gap-1">
        <Button type="button" variant="ghost" size="icon" className="size-8" aria-label="Ano anterior" onClick={() => step(-12)}>
          <ChevronsLeft aria-hidden />
        </Button>
        <Button type="button" variant="ghost" size="icon" className="size-8" aria-label="Mês anterior" onClick={() => step(-1)}>
          <ChevronLeft aria-hidden />
        </Button>
        <p id={labelId} aria-live="polite" className="flex-1 text-center text-sm font-semibold whitespace-nowrap text-slate-900 first-letter:uppercase">
          {monthLabel}
        </p>
        <Button type="button" variant="ghost" size="icon" className="size-8" aria-label="Próximo mês" onClick={() => step(1)}>
          <ChevronRight aria-hidden />
        </Button>
        <Button type="button" variant="ghost" size="icon" className="size-8" aria-label="Próximo ano" onClick={() => step(12)}>
          <ChevronsRight aria-hidden />
        </Button>
      </div>
      <table ref={grid} role="grid" aria-labelledby={labelId} className="w-full border-collapse text-center" onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {WEEKDAYS.map((weekday) => (
              <th key={weekday.long} scope="col" abbr={weekday.long} className="pb-1 text-xs font-medium text-slate-500">
                {weekday.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(cursor).map((week) => (
            <tr key={week[0]}>
              {week.map((date) => {
                const isSelected = date === selected;
                const inMonth = date.startsWith(month);
                return (
                  <td key={date} role="gridcell" aria-selected={isSelected} className="p-0.5">
                    <button
                      type="button"
                      data-date={date}
                      tabIndex={date === cursor ? 0 : -1}
                      data-cursor={date === cursor ? "" : undefined}
                      aria-label={formatLongDate(date)}
                      aria-current={date === today ? "date" : undefined}
                      onClick={() => onSelect(date)}
                      onFocus={() => setCursor(date)}
                      className={cn(
                        "size-9 cursor-pointer rounded-lg text-sm tabular-nums transition-colors",
                        "focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none",
                        isSelected ? "bg-brand-600 font-semibold text-white" : "hover:bg-brand-50",
                        !isSelected && (inMonth ? "text-slate-800" : "text-slate-500"),
                        !isSelected && date === today && "font-semibold text-brand-700 ring-1 ring-brand-400",
                      )}
                    >
                      {Number(date.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
