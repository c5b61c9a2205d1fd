import { CircleAlert } from "lucide-react";
import { Slot } from "radix-ui";
import type { ReactElement, ReactNode } from "react";
import { cn } from "@/lib/cn";
import { Label } from "./label";

/**
 * What FormField hands to its control. Its label has the id `${id}-label`, for a control made of several boxes that
 * names its group with it (components/ui/time-field.tsx).
 */
export interface FieldControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  "aria-required"?: true;
}

export interface FormFieldProps {
  label: ReactNode;
  /** Id of the control; the label points at it and the description/error ids derive from it. Unique per page. */
  htmlFor: string;
  /** Shows a red asterisk and sets aria-required on the control (validation stays in the zod schema). */
  required?: boolean;
  /** Help text under the control. */
  description?: ReactNode;
  /** Validation message, e.g. `form.formState.errors.email?.message`; marks the control aria-invalid. */
  error?: string;
  /**
   * The control. A single element (Input, Textarea, Select...) receives id, aria-describedby, aria-invalid
   * and aria-required automatically: do not set those on it yourself, the child's own value would win.
   * For a composite (an input with a button beside it) pass a function and spread the props onto the
   * real control: `{(field) => <div className="relative"><Input {...field} {...register("x")} />...</div>}`.
   */
  children: ReactElement | ((field: FieldControlProps) => ReactNode);
  className?: string;
}

/**
 * Label + control + help + error, wired for screen readers. With react-hook-form:
 * ```tsx
 * <FormField label="Email" htmlFor="user-email" required error={errors.email?.message}>
 *   <Input type="email" {...register("email")} />
 * </FormField>
 * ```
 * A Switch or Checkbox with the label beside it is laid out by the screen; FormField is for stacked fields.
 */
export function FormField({ label, htmlFor, required, description, error, children, className }: FormFieldProps) {
  const descriptionId = description ? `${htmlFor}-description` : undefined;
  const errorId = error ? `${htmlFor}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(" ") || undefined;

  const field: FieldControlProps = {
    id: htmlFor,
    "aria-describedby": describedBy,
    "aria-invalid": error ? true : undefined,
    "aria-required": required ? true : undefined,
  };

  return (
    <div className={cn("space-y-1.5", className)}>
      <Label id={`${htmlFor}-label`} htmlFor={htmlFor}>
        {label}
        {required ? (
          <span aria-hidden className="ml-0.5 text-red-600">
            *
          </span>
        ) : null}
      </Label>
      {typeof children === "function" ? children(field) : <Slot.Root {...field}>{children}</Slot.Root>}
      {description ? (
        <p id={descriptionId} className="text-xs leading-relaxed text-slate-500">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="flex items-start gap-1.5 text-xs font-medium text-red-600">
          <CircleAlert aria-hidden className="mt-px size-3.5 shrink-0" />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}
