import { CircleAlert, RotateCw } from "lucide-react";
import { cn } from "@/lib/cn";
import { Button } from "./button";

export interface ErrorStateProps {
  /** What failed, usually the spec's toast text ('Erro ao carregar leads'). */
  message: string;
  /** Usually the query's `refetch`; without it no button is shown. */
  onRetry?: () => void;
  /** Disables the button and spins its icon while the retry runs (the query's `isFetching`). */
  retrying?: boolean;
  className?: string;
}

/** Replaces a section whose data failed to load, with a 'Tentar novamente' button. */
export function ErrorState({ message, onRetry, retrying = false, className }: ErrorStateProps) {
  return (
    <div role="alert" className={cn("flex flex-col items-center px-6 py-12 text-center sm:py-16", className)}>
      <span className="flex size-12 items-center justify-center rounded-2xl bg-red-50 text-red-600">
        <CircleAlert aria-hidden className="size-6" />
      </span>
      <p className="mt-4 max-w-sm text-sm font-medium text-slate-900">{message}</p>
      {onRetry ? (
        <Button variant="outline" className="mt-5" onClick={onRetry} disabled={retrying}>
          <RotateCw aria-hidden className={cn(retrying && "animate-spin")} />
          Tentar novamente
        </Button>
      ) : null}
    </div>
  );
}
