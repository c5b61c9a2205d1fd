import { CalendarDays } from "lucide-react";
import { Popover } from "radix-ui";
import { useState, type ReactNode, type Ref } from "react";
import { Controller, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import { localToday } from "@/lib/calendar-month";
import { dateTextProblem, dateTextToValue, isoToDateText, maskDateText } from "@/lib/date-input";
import { Calendar } from "./calendar";
import { FormField } from "./form-field";
import { Input } from "./input";

export interface DateFieldProps {
  /** YYYY-MM-DD, "" for none, or a text still being typed (see lib/date-input.ts). */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  id: string;
  name?: string;
  ref?: Ref<HTMLInputElement>;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
  "aria-required"?: true;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The product's date field: typed as dd/mm/aaaa whatever the browser's language (a native `<input type="date">`
 * follows it and shows mm/dd/yyyy in English), with a calendar in Portuguese beside it. The slashes come by
 * themselves and phones show the numeric keyboard. The form receives YYYY-MM-DD, as the API takes it; a text that is
 * not a whole real date reaches the form as typed, so its schema refuses it and nothing is lost. Use DateFormField
 * with react-hook-form.
 */
export function DateField({ value, onChange, onBlur, id, name, ref, ...aria }: DateFieldProps) {
  const [text, setText] = useState(() => isoToDateText(value));
  const [lastValue, setLastValue] = useState(value);
  const [open, setOpen] = useState(false);
  // A form reset or the calendar changes `value` from outside: show it.
  if (value !== lastValue) {
    setLastValue(value);
    setText(isoToDateText(value));
  }

  const emit = (nextText: string, nextValue: string) => {
    setText(nextText);
    setLastValue(nextValue);
    onChange(nextValue);
  };
  const type = (typed: string) => {
    const masked = maskDateText(typed);
    emit(masked, dateTextToValue(masked));
  };

  return (
    <div className="relative">
      <Input
        id={id}
        ref={ref}
        name={name}
        inputMode="numeric"
        autoComplete="off"
        placeholder="dd/mm/aaaa"
        maxLength={10}
        value={text}
        onChange={(event) => type(event.target.value)}
        onBlur={onBlur}
        className="pr-11 tabular-nums"
        {...aria}
      />
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <button
            type="button"
            aria-label="Abrir calendário"
            className="absolute top-1 right-1 inline-flex size-8 cursor-pointer items-center justify-center rounded-md text-slate-500 transition-colors hover:bg-brand-50 hover:text-brand-700 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
          >
            <CalendarDays aria-hidden className="size-4.5" />
          </button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="end"
            sideOffset={6}
            collisionPadding={8}
            aria-label="Calendário"
            onOpenAutoFocus={(event) => {
              // The chosen day (else today) takes the focus, not the first button.
              event.preventDefault();
              (event.currentTarget as HTMLElement).querySelector<HTMLElement>("[data-cursor]")?.focus();
            }}
            className="z-50 rounded-xl border border-slate-200 bg-white p-3 shadow-lg data-[state=open]:animate-fade-in"
          >
            <Calendar
              selected={ISO_DATE.test(value) ? value : null}
              today={localToday()}
              onSelect={(date) => {
                emit(isoToDateText(date), date);
                setOpen(false);
              }}
            />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}

export interface DateFormFieldProps<T extends FieldValues> {
  control: Control<T>;
  /** A field holding YYYY-MM-DD text ("" for none). */
  name: FieldPath<T>;
  label: ReactNode;
  htmlFor: string;
  required?: boolean;
  description?: ReactNode;
}

/**
 * DateField in a FormField, bound to a react-hook-form field. The schema's messages stay; a text that is not a date
 * gets a message in the field's own terms (dd/mm/aaaa) rather than the API's format.
 */
export function DateFormField<T extends FieldValues>({ control, name, ...field }: DateFormFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { value, onChange, onBlur, ref }, fieldState }) => (
        <FormField {...field} error={fieldState.error ? (dateTextProblem(value) ?? fieldState.error.message) : undefined}>
          {(control) => <DateField {...control} name={name} value={value ?? ""} onChange={onChange} onBlur={onBlur} ref={ref} />}
        </FormField>
      )}
    />
  );
}
