import { LoaderCircle } from "lucide-react";
import { cn } from "@/lib/cn";

const SIZES = { sm: "size-4", md: "size-6", lg: "size-10" } as const;

export interface SpinnerProps {
  size?: keyof typeof SIZES;
  /** Read by screen readers; shown under the spinner when `showLabel` is set. */
  label?: string;
  showLabel?: boolean;
  className?: string;
}

export function Spinner({ size = "md", label = "Carregando...", showLabel = false, className }: SpinnerProps) {
  return (
    <div role="status" className={cn("inline-flex flex-col items-center gap-3", className)}>
      <LoaderCircle aria-hidden className={cn("animate-spin text-brand-600", SIZES[size])} />
      <span className={showLabel ? "text-sm text-slate-500" : "sr-only"}>{label}</span>
    </div>
  );
}

/** A spinner centred in the available area: the whole window by default. */
export function CenteredSpinner({ label, className }: { label?: string; className?: string }) {
  return (
    <div className={cn("flex min-h-dvh w-full items-center justify-center", className)}>
      <Spinner size="lg" label={label} />
    </div>
  );
}
