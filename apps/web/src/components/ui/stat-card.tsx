import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { Skeleton } from "./skeleton";

const TONES = {
  default: { icon: "bg-brand-50 text-brand-700 ring-brand-100", value: "text-slate-900", card: "" },
  success: { icon: "bg-emerald-50 text-emerald-600 ring-emerald-100", value: "text-slate-900", card: "" },
  warning: { icon: "bg-amber-50 text-amber-600 ring-amber-100", value: "text-slate-900", card: "" },
  danger: { icon: "bg-red-50 text-red-600 ring-red-100", value: "text-red-700", card: "border-red-200 bg-red-50/40" },
  info: { icon: "bg-sky-50 text-sky-600 ring-sky-100", value: "text-slate-900", card: "" },
  muted: { icon: "bg-slate-100 text-slate-500 ring-slate-200", value: "text-slate-600", card: "" },
} as const;

export type StatCardTone = keyof typeof TONES;

export interface StatCardProps {
  label: string;
  /** The figure, already formatted ('12', '85%'). */
  value: ReactNode;
  icon?: LucideIcon;
  /** Colour of the icon chip; 'danger' also tints the card (e.g. system alerts above 0, else 'muted'). */
  tone?: StatCardTone;
  /** Small text under the value ('últimos 7 dias'). */
  hint?: ReactNode;
  /** Seconds before the card fades in, for staggered grids (docs/product/admin.md §2.1: 0 to 1.1 s). */
  delay?: number;
  /** Shows a placeholder instead of the value. */
  loading?: boolean;
  className?: string;
}

/** One metric: label, big number, icon. Lay several out in a grid (`grid gap-4 sm:grid-cols-2 lg:grid-cols-4`). */
export function StatCard({ label, value, icon: Icon, tone = "default", hint, delay, loading = false, className }: StatCardProps) {
  const colours = TONES[tone];
  return (
    <div
      className={cn(
        "flow-root rounded-xl border border-slate-200 bg-white p-3.5 shadow-sm sm:p-5",
        // Reduced motion: no animation at all, so the delay does not keep the card invisible either.
        delay !== undefined && "animate-fade-in-up motion-reduce:animate-none",
        colours.card,
        className,
      )}
      style={delay !== undefined ? { animationDelay: `${delay}s` } : undefined}
    >
      {/*
        The icon floats at the top right: the label and the figure sit beside it while they fit, and a figure too wide
        for that (a large amount at 200 % text) goes below it instead of out of the card. Tighter on phones: in a
        two-column grid a label such as 'Especialidades' needs the room.
      */}
      {Icon ? (
        <span
          className={cn(
            "float-right ml-2 flex size-8 items-center justify-center rounded-lg ring-1 sm:ml-3 sm:size-10 sm:rounded-xl",
            colours.icon,
          )}
        >
          <Icon aria-hidden className="size-4 sm:size-5" />
        </span>
      ) : null}
      <p className="text-sm font-medium text-slate-500">{label}</p>
      {loading ? (
        <Skeleton className="mt-2 h-8 w-16" />
      ) : (
        <p className={cn("mt-1 text-2xl font-semibold tracking-tight tabular-nums sm:text-3xl", colours.value)}>{value}</p>
      )}
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
    </div>
  );
}
