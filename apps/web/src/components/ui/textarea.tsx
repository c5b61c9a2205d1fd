import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { FIELD_STATES } from "./field-states";

/** Multi-line text input styled like Input; set the height with `rows` (the spec fixes some: prompt 15, notes 6). */
export function Textarea({ className, rows = 4, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      rows={rows}
      className={cn(
        "block w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm leading-relaxed text-slate-900 shadow-xs transition-colors",
        "placeholder:text-slate-400",
        FIELD_STATES,
        className,
      )}
      {...props}
    />
  );
}
