import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/**
 * Grey placeholder block for content that is loading; size it with classes (`h-4 w-32`). Hidden from
 * screen readers: announce the loading once elsewhere (LoadingState, or aria-busy on the region).
 */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      aria-hidden
      className={cn("animate-pulse rounded-md bg-slate-200/70 motion-reduce:animate-none", className)}
      {...props}
    />
  );
}
