import { SearchX, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { Button } from "./button";

export interface EmptyStateProps {
  /** A lucide icon component, e.g. `icon={Users}`. */
  icon?: LucideIcon;
  /** The spec's empty text, e.g. 'Nenhum lead encontrado'. */
  title: string;
  description?: ReactNode;
  /** A button such as 'Adicionar primeiro paciente'. */
  action?: ReactNode;
  className?: string;
}

/** Shown in place of a list with no rows. Place it inside the list's Card. */
export function EmptyState({ icon: Icon, title, description, action, className }: EmptyStateProps) {
  return (
    <div className={cn("flex flex-col items-center px-6 py-12 text-center sm:py-16", className)}>
      {Icon ? (
        <span className="flex size-12 items-center justify-center rounded-2xl bg-slate-100 text-slate-400">
          <Icon aria-hidden className="size-6" />
        </span>
      ) : null}
      {/* h2: a list's empty state often sits right under the page's h1 (no skipped heading level). */}
      <h2 className={cn("text-base font-semibold text-slate-900", Icon && "mt-4")}>{title}</h2>
      {description ? <p className="mt-1.5 max-w-sm text-sm leading-relaxed text-slate-500">{description}</p> : null}
      {action ? <div className="mt-5 flex flex-wrap justify-center gap-2">{action}</div> : null}
    </div>
  );
}

export interface NoMatchStateProps {
  title: string;
  description: ReactNode;
  /** 'Limpar busca' or 'Limpar filtros'. */
  clearLabel: string;
  onClear: () => void;
}

/** A list left empty by the search or the filters, with the way back to the full list. */
export function NoMatchState({ title, description, clearLabel, onClear }: NoMatchStateProps) {
  const clear = (
    <Button variant="outline" onClick={onClear}>
      {clearLabel}
    </Button>
  );
  return <EmptyState icon={SearchX} title={title} description={description} action={clear} />;
}
