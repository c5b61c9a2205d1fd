import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

export interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Buttons shown on the right on wide screens, under the title on narrow ones. */
  actions?: ReactNode;
  className?: string;
}

export function PageHeader({ title, description, actions, className }: PageHeaderProps) {
  return (
    <header className={cn("mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between lg:mb-8", className)}>
      {/* React 19 hoists <title> into <head>: the browser tab names the open page. */}
      <title>{`${title} | Clinora`}</title>
      <div className="min-w-0">
        {/* tabIndex -1: focus lands here after each change of page (useFocusHeadingOnNavigation). */}
        <h1 tabIndex={-1} className="text-2xl font-semibold tracking-tight break-words hyphens-auto text-slate-900 focus:outline-none sm:text-3xl">
          {title}
        </h1>
        {description ? <p className="mt-1 text-sm text-slate-500 sm:text-base">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </header>
  );
}
