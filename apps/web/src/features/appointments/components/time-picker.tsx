import { useState, type FocusEvent } from "react";
import { cn } from "@/lib/cn";
import { Input } from "@/components/ui/input";
import { keepTimeDigits, MAX_HOUR, MAX_MINUTE, QUICK_TIMES, settleTimePart, splitTime } from "../lib/time-input";

export interface TimePickerProps {
  /** "HH:MM", or "" before a time is chosen. */
  value: string;
  onChange: (value: string) => void;
  /** Id of the hour box (the field's label points at it). */
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/**
 * Hour and minute boxes plus hourly quick picks (spec part 2 §2.2). While typing each box keeps up to two
 * digits; on leaving a box its text settles (empty -> 00, capped, zero-padded). The form always receives the
 * settled "HH:MM", so pressing Enter in a box submits a valid time.
 */
export function TimePicker({ value, onChange, id, ...aria }: TimePickerProps) {
  const [draft, setDraft] = useState(() => splitTime(value));
  const [lastValue, setLastValue] = useState(value);
  // A quick pick or a form reset changes `value` from outside: show it in the boxes.
  if (value !== lastValue) {
    setLastValue(value);
    setDraft(splitTime(value));
  }

  const emit = (hour: string, minute: string) => {
    const next = `${settleTimePart(hour, MAX_HOUR)}:${settleTimePart(minute, MAX_MINUTE)}`;
    setLastValue(next);
    onChange(next);
  };

  const type = (part: "hour" | "minute", text: string) => {
    const next = { ...draft, [part]: keepTimeDigits(text) };
    setDraft(next);
    emit(next.hour, next.minute);
  };

  // Only the box being left settles: filling the other one behind the user's back would block typing there.
  const settle = (part: "hour" | "minute") =>
    setDraft((current) => ({ ...current, [part]: settleTimePart(current[part], part === "hour" ? MAX_HOUR : MAX_MINUTE) }));
  const selectAll = (event: FocusEvent<HTMLInputElement>) => event.target.select();

  return (
    <div className="space-y-2">
      <div className="flex items-center gap-2">
        <Input
          id={id}
          inputMode="numeric"
          autoComplete="off"
          maxLength={2}
          placeholder="HH"
          aria-label="Hora"
          value={draft.hour}
          onChange={(event) => type("hour", event.target.value)}
          onFocus={selectAll}
          onBlur={() => settle("hour")}
          className="w-16 text-center tabular-nums"
          {...aria}
        />
        <span aria-hidden className="text-lg font-semibold text-slate-400">
          :
        </span>
        <Input
          inputMode="numeric"
          autoComplete="off"
          maxLength={2}
          placeholder="MM"
          aria-label="Minuto"
          value={draft.minute}
          onChange={(event) => type("minute", event.target.value)}
          onFocus={selectAll}
          onBlur={() => settle("minute")}
          className="w-16 text-center tabular-nums"
          aria-invalid={aria["aria-invalid"]}
        />
      </div>
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
