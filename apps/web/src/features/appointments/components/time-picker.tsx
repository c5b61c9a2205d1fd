import { TimeField, type TimeFieldProps } from "@/components/ui/time-field";
import { cn } from "@/lib/cn";
import { QUICK_TIMES } from "../lib/quick-times";

export type TimePickerProps = TimeFieldProps;

/** The product's time field plus hourly quick picks (docs/product/appointments.md §2.2 "Time picker"). */
export function TimePicker({ value, onChange, ...field }: TimePickerProps) {
  return (
    <div className="space-y-2">
      <TimeField value={value} onChange={onChange} {...field} />
      <div role="group" aria-label="Horários rápidos" className="flex flex-wrap gap-1.5">
        {QUICK_TIMES.map((time) => (
          <button
            key={time}
            type="button"
            aria-pressed={value === time}
            onClick={() => onChange(time)}
            className={cn(
              "h-8 cursor-pointer rounded-md border px-2.5 text-xs font-medium tabular-nums transition-colors",
              "focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none",
              value === time
                ? "border-brand-600 bg-brand-600 text-white"
                : "border-slate-200 bg-white text-slate-600 hover:border-brand-300 hover:bg-brand-50",
            )}
          >
            {time}
          </button>
        ))}
      </div>
    </div>
  );
}
