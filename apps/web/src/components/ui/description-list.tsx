import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/cn";

/**
 * Read-only fields of a record, label above value, two columns from `sm` up (details dialogs).
 * ```tsx
 * <DescriptionList>
 *   <DescriptionItem label="Email">{lead.email}</DescriptionItem>
 *   <DescriptionItem label="Observações" wide>{lead.notes}</DescriptionItem>
 * </DescriptionList>
 * ```
 */
export function DescriptionList({ className, ...props }: ComponentProps<"dl">) {
  return <dl className={cn("grid gap-x-6 gap-y-4 sm:grid-cols-2", className)} {...props} />;
}

export interface DescriptionItemProps {
  label: string;
  /** The value; empty text, null or undefined show 'Não informado'. Line breaks of long text are kept. */
  children?: ReactNode;
  /** Spans both columns (bios, notes). */
  wide?: boolean;
}

export function DescriptionItem({ label, children, wide = false }: DescriptionItemProps) {
  const empty = children === null || children === undefined || children === "";
  return (
    <div className={cn("min-w-0", wide && "sm:col-span-2")}>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-sm break-words whitespace-pre-line text-slate-900">
        {empty ? <span className="text-subtle">Não informado</span> : children}
      </dd>
    </div>
  );
}
