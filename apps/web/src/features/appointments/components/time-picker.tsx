import { TimeField, type TimeFieldProps } from "@/components/ui/time-field";
import { cn } from "@/lib/cn";

export interface TimePickerProps extends TimeFieldProps {
  /** Quick picks from her hours that day, past ones left out (lib/time-suggestions quickTimes). */
  quickTimes: readonly string[];
}

/** The product's time field plus hourly quick picks inside her hours (docs/product/appointments.md §2.2 "Time picker"). */
export function TimePicker({ value, onChange, quickTimes, ...field }: TimePickerProps) {
  return (
    <div className="space-y-2">
      <TimeField value={value} onChange={onChange} {...field} />
      {quickTimes.length > 0 ? (
        <div role="group" aria-label="Horários rápidos" className="flex flex-wrap gap-1.5">
          {quickTimes.map((time) => (
            <TimeChip key={time} time={time} pressed={value === time} onPick={onChange} />
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** One time as a button: a quick pick or a free-time suggestion. */
export function TimeChip({ time, pressed, onPick, tone = "plain" }: { time: string; pressed: boolean; onPick: (time: string) => void; tone?: "plain" | "free" }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={() => onPick(time)}
      className={cn(
        "h-8 min-w-12 cursor-pointer rounded-md border px-2.5 text-xs font-medium tabular-nums transition-colors",
        "focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none",
        pressed
          ? "border-brand-600 bg-brand-600 text-white"
          : tone === "free"
            ? "border-emerald-300 bg-emerald-50 text-emerald-900 hover:border-emerald-500 hover:bg-emerald-100"
            : "border-slate-200 bg-white text-slate-600 hover:border-brand-300 hover:bg-brand-50",
      )}
    >
      {time}
    </button>
  );
}
