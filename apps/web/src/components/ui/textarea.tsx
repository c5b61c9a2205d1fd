import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/** Multi-line text input styled like Input; set the height with `rows` (the spec fixes some: prompt 15, notes 6). */
export function Textarea({ className, rows = 4, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      rows={rows}
      className={cn(
        "block w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm leading-relaxed text-slate-900 shadow-xs transition-colors",
        "placeholder:text-slate-400",
        "focus-visible:border-brand-500 focus-visible:ring-3 focus-visible:ring-brand-500/20 focus-visible:outline-none",
        "aria-invalid:border-red-500 aria-invalid:focus-visible:ring-red-500/20",
        "disabled:cursor-not-allowed disabled:bg-slate-50 disabled:opacity-70",
        className,
      )}
      {...props}
    />
  );
}
