import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { FIELD_STATES } from "./field-states";

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return (
    <input
      type={type}
      className={cn(
        "block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs transition-colors",
        "placeholder:text-slate-400",
        FIELD_STATES,
        className,
      )}
      {...props}
    />
  );
}
