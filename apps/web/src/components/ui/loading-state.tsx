import { cn } from "@/lib/cn";
import { Spinner } from "./spinner";

export interface LoadingStateProps {
  /** Shown under the spinner and read by screen readers; 'Carregando...' (read only) when left out. */
  text?: string;
  className?: string;
}

/** Spinner centred in a page section or card while its data loads. */
export function LoadingState({ text, className }: LoadingStateProps) {
  return (
    <div className={cn("flex w-full items-center justify-center px-6 py-16", className)}>
      <Spinner size="lg" label={text} showLabel={Boolean(text)} />
    </div>
  );
}
