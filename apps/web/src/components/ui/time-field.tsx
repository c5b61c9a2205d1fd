import { useState, type FocusEvent, type Ref } from "react";
import { joinTime, keepTimeDigits, MAX_HOUR, MAX_MINUTE, settleTimePart, splitTime } from "@/lib/time-input";
import { Input } from "./input";

export interface TimeFieldProps {
  /** "HH:MM" (24 hours), or "" before a time is chosen. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Id of the hour box; FormField's label points at it and names the pair (`${id}-label`). */
  id: string;
  ref?: Ref<HTMLInputElement>;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
  "aria-required"?: true;
}

/**
 * The product's time field: an hour box and a minute box, 24 hours, whatever the browser's language (a native
 * `<input type="time">` follows it and shows "08:00 AM" in English). docs/product/appointments.md §2.2 "Time picker": each box keeps
 * up to two digits while typing; on leaving a box its text settles (empty -> 00, hour capped at 23, minute at 59,
 * zero-padded). The form always receives the settled "HH:MM", so pressing Enter in a box submits a valid time.
 * Numeric keyboard on phones. Use it inside FormField with the function child:
 * ```tsx
 * <FormField label="Início do atendimento" htmlFor="consultation-start" error={…}>
 *   {(control) => <TimeField {...control} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />}
 * </FormField>
 * ```
 */
export function TimeField({ value, onChange, onBlur, id, ref, ...aria }: TimeFieldProps) {
  const [draft, setDraft] = useState(() => splitTime(value));
  const [lastValue, setLastValue] = useState(value);
  // A quick pick or a form reset changes `value` from outside: show it in the boxes.
  if (value !== lastValue) {
    setLastValue(value);
    setDraft(splitTime(value));
  }

  const type = (part: "hour" | "minute", text: string) => {
    const next = { ...draft, [part]: keepTimeDigits(text) };
    setDraft(next);
    const time = joinTime(next.hour, next.minute);
    setLastValue(time);
    onChange(time);
  };

  // Only the box being left settles: filling the other one behind the user's back would block typing there.
  const settle = (part: "hour" | "minute") => {
    setDraft((current) => ({ ...current, [part]: settleTimePart(current[part], part === "hour" ? MAX_HOUR : MAX_MINUTE) }));
    onBlur?.();
  };
  return (
    <div role="group" aria-labelledby={`${id}-label`} className="flex items-center gap-2">
      <TimeBox id={id} ref={ref} label="Hora" placeholder="HH" value={draft.hour} onType={(text) => type("hour", text)} onLeave={() => settle("hour")} {...aria} />
      <span aria-hidden className="text-lg font-semibold text-slate-400">
        :
      </span>
      <TimeBox
        label="Minuto"
        placeholder="MM"
        value={draft.minute}
        onType={(text) => type("minute", text)}
        onLeave={() => settle("minute")}
        aria-invalid={aria["aria-invalid"]}
        aria-describedby={aria["aria-describedby"]}
      />
    </div>
  );
}

/** One two-digit box of the pair: numeric keyboard, its text selected on focus so typing replaces it. */
function TimeBox({
  label,
  onType,
  onLeave,
  ...props
}: { label: string; onType: (text: string) => void; onLeave: () => void; id?: string; ref?: Ref<HTMLInputElement>; placeholder: string; value: string } & Pick<
  TimeFieldProps,
  "aria-invalid" | "aria-describedby" | "aria-required"
>) {
  return (
    <Input
      inputMode="numeric"
      autoComplete="off"
      maxLength={2}
      aria-label={label}
      onChange={(event) => onType(event.target.value)}
      onFocus={(event: FocusEvent<HTMLInputElement>) => event.target.select()}
      onBlur={onLeave}
      className="w-16 text-center tabular-nums"
      {...props}
    />
  );
}
