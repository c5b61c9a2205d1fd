import { Check, Minus } from "lucide-react";
import { Checkbox as CheckboxPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

export type CheckedState = CheckboxPrimitive.CheckedState;

/**
 * Checkbox on Radix Checkbox. `checked` takes true, false or "indeterminate" (a select-all box when only
 * some rows are chosen):
 * ```tsx
 * <Checkbox
 *   aria-label="Selecionar todos"
 *   checked={allSelected ? true : someSelected ? "indeterminate" : false}
 *   onCheckedChange={(checked) => selectAll(checked === true)}
 * />
 * ```
 * Give it a name: wrap it with its text in a <label>, use <Label htmlFor>, or pass aria-label.
 */
export function Checkbox({ className, ...props }: ComponentProps<typeof CheckboxPrimitive.Root>) {
  return (
    <CheckboxPrimitive.Root
      className={cn(
        "peer inline-flex size-4.5 shrink-0 cursor-pointer items-center justify-center rounded border border-slate-300 bg-white text-white shadow-xs transition-colors",
        // A larger invisible hit area for fingers, without changing the layout.
        "relative after:absolute after:-inset-2.5 after:content-['']",
        "hover:border-brand-500",
        "focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none",
        "data-[state=checked]:border-brand-600 data-[state=checked]:bg-brand-600",
        "data-[state=indeterminate]:border-brand-600 data-[state=indeterminate]:bg-brand-600",
        "aria-invalid:border-red-500",
        "disabled:cursor-not-allowed disabled:opacity-50",
        className,
      )}
      {...props}
    >
      <CheckboxPrimitive.Indicator className="group flex items-center justify-center">
        <Check aria-hidden strokeWidth={3} className="size-3.5 group-data-[state=indeterminate]:hidden" />
        <Minus aria-hidden strokeWidth={3} className="hidden size-3.5 group-data-[state=indeterminate]:block" />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}
