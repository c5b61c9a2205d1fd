import { Check, ChevronDown } from "lucide-react";
import { Select as SelectPrimitive } from "radix-ui";
import { useEffect, useId, useRef, type ReactNode, type Ref, type RefObject } from "react";
import { Controller, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import { cn } from "@/lib/cn";
import { FIELD_STATES } from "./field-states";
import { FormField } from "./form-field";
import { Label } from "./label";

export interface SelectOption<T extends string = string> {
  /**
   * Never "": the spec (docs/product/admin.md §5) forbids an empty-string option value and Radix reserves "" for
   * "nothing chosen". Use a sentinel such as "all" (filters) or "none" (optional links) and map it to
   * null/undefined when building the request.
   */
  value: T;
  label: string;
  disabled?: boolean;
}

export interface SelectProps<T extends string = string> {
  options: readonly SelectOption<T>[];
  /** The chosen value; "" or undefined shows the placeholder. Always controlled. */
  value: T | "" | undefined;
  onValueChange?: (value: T) => void;
  placeholder?: string;
  /** Visible label above the trigger. Inside a FormField leave it out: the field supplies label and id. */
  label?: string;
  id?: string;
  /** Submitted with a native form; not needed with react-hook-form. */
  name?: string;
  disabled?: boolean;
  required?: boolean;
  /** Called when the list closes; wire react-hook-form's field.onBlur here for touched state. */
  onBlur?: () => void;
  /** Classes for the trigger button (width, e.g. "sm:w-48" for a filter). */
  className?: string;
  ref?: Ref<HTMLButtonElement>;
  "aria-label"?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean | "true" | "false";
  "aria-required"?: boolean | "true" | "false";
}

/** Fails loudly in development instead of letting Radix throw a less obvious error at render time. */
function assertNoEmptyValue(options: readonly SelectOption[]): void {
  if (import.meta.env.DEV && options.some((option) => option.value === "")) {
    throw new Error('Select: an option may not have the value "" (use a sentinel such as "all" or "none").');
  }
}

/**
 * While the list is open, Radix hides the rest of the page from assistive technology (`aria-hidden` on the elements
 * beside the path to the list and to each live region, marked `data-aria-hidden`) and traps focus, but what it hides
 * keeps its buttons and links focusable, which WCAG 4.1.2 and axe's aria-hidden-focus rule forbid. `inert` on the
 * same elements makes them unfocusable too, as the open list is modal anyway
 * (https://www.radix-ui.com/primitives/docs/components/select#content: focus is trapped while open). Mounted inside
 * the list, so it lives exactly as long as the list is open; Radix returns focus to the trigger a tick after
 * closing, when nothing is inert any more.
 */
function InertOutside({ list }: { list: RefObject<HTMLElement | null> }) {
  useEffect(() => {
    const inside = list.current;
    // Closed, Radix renders the items into a detached fragment to learn them; then the ref may still hold the list
    // that just closed, and nothing must become inert.
    if (!inside?.isConnected) return;
    let hidden: HTMLElement[] = [];
    // Radix marks them in its own effect, which runs after this one (a parent's effects run after its children's).
    const frame = requestAnimationFrame(() => {
      hidden = [...document.querySelectorAll<HTMLElement>('[data-aria-hidden="true"]')].filter((element) => !element.inert && !element.contains(inside));
      for (const element of hidden) element.inert = true;
    });
    return () => {
      cancelAnimationFrame(frame);
      for (const element of hidden) element.inert = false;
    };
  }, [list]);
  return null;
}

/**
 * Single-choice list on Radix Select: keyboard navigation, typeahead, a native-like popup on phones.
 *
 * With react-hook-form, as a labelled form field: SelectFormField below.
 */
export function Select<T extends string = string>({
  options,
  value,
  onValueChange,
  placeholder = "Selecione...",
  label,
  id,
  name,
  disabled,
  required,
  onBlur,
  className,
  ref,
  ...aria
}: SelectProps<T>) {
  assertNoEmptyValue(options);
  const generatedId = useId();
  const triggerId = id ?? generatedId;
  const list = useRef<HTMLDivElement>(null);

  const select = (
    <SelectPrimitive.Root
      // Always controlled: undefined would switch Radix to its own internal state.
      value={value ?? ""}
      onValueChange={(next) => onValueChange?.(next as T)}
      onOpenChange={(open) => {
        if (!open) onBlur?.();
      }}
      name={name}
      disabled={disabled}
      required={required}
    >
      <SelectPrimitive.Trigger
        ref={ref}
        id={triggerId}
        {...aria}
        className={cn(
          "flex min-h-10 w-full cursor-pointer items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-left text-sm text-slate-900 shadow-xs transition-colors",
          "data-placeholder:text-slate-500",
          FIELD_STATES,
          className,
        )}
      >
        {/* The chosen text wraps rather than being cut: at 200 % text a long choice takes two lines (WCAG 1.4.10). */}
        <span className="min-w-0 leading-snug wrap-break-word">
          <SelectPrimitive.Value placeholder={placeholder} />
        </span>
        <SelectPrimitive.Icon asChild>
          <ChevronDown aria-hidden className="size-4 shrink-0 text-slate-400" />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          ref={list}
          position="popper"
          sideOffset={4}
          className={cn(
            "relative z-50 max-h-(--radix-select-content-available-height) min-w-(--radix-select-trigger-width) overflow-hidden",
            "rounded-lg border border-slate-200 bg-white shadow-lg",
            "origin-(--radix-select-content-transform-origin) data-[state=closed]:animate-pop-out data-[state=open]:animate-pop-in",
          )}
        >
          <InertOutside list={list} />
          <SelectPrimitive.Viewport className="max-h-80 p-1">
            {options.map((option) => (
              <SelectPrimitive.Item
                key={option.value}
                value={option.value}
                disabled={option.disabled}
                className={cn(
                  "relative flex min-h-9 cursor-pointer items-center rounded-md py-1.5 pr-8 pl-2.5 text-sm text-slate-700 outline-none select-none",
                  "data-highlighted:bg-brand-50 data-highlighted:text-brand-900",
                  "data-[state=checked]:font-medium data-[state=checked]:text-slate-900",
                  "data-disabled:pointer-events-none data-disabled:opacity-50",
                )}
              >
                <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
                <SelectPrimitive.ItemIndicator className="absolute right-2.5 inline-flex items-center">
                  <Check aria-hidden className="size-4 text-brand-600" />
                </SelectPrimitive.ItemIndicator>
              </SelectPrimitive.Item>
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );

  if (!label) return select;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={triggerId}>{label}</Label>
      {select}
    </div>
  );
}

export interface SelectFormFieldProps<T extends FieldValues> {
  control: Control<T>;
  /** A field holding one of the options' values. */
  name: FieldPath<T>;
  options: readonly SelectOption[];
  label: ReactNode;
  htmlFor: string;
  description?: ReactNode;
  disabled?: boolean;
  /** Called after the field takes the new value, for a choice that changes other fields. */
  onValueChange?: (value: string) => void;
}

/**
 * Select in a FormField, bound to a react-hook-form field; the field's validation message shows under it.
 * ```tsx
 * <SelectFormField control={form.control} name="status" label="Status" htmlFor="task-status" options={STATUS_OPTIONS} />
 * ```
 */
export function SelectFormField<T extends FieldValues>({ control, name, options, disabled, onValueChange, ...field }: SelectFormFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { value, onChange, onBlur, ref }, fieldState }) => (
        <FormField {...field} error={fieldState.error?.message}>
          <Select
            options={options}
            value={value as string | undefined}
            disabled={disabled}
            onValueChange={(next) => {
              onChange(next);
              onValueChange?.(next);
            }}
            onBlur={onBlur}
            ref={ref}
          />
        </FormField>
      )}
    />
  );
}
