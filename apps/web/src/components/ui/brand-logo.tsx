import { HeartPulse } from "lucide-react";
import { cn } from "@/lib/cn";

export interface BrandLogoProps {
  /** "light" for dark backgrounds (the login brand panel). */
  tone?: "default" | "light";
  size?: "md" | "lg";
  className?: string;
}

export function BrandLogo({ tone = "default", size = "md", className }: BrandLogoProps) {
  const light = tone === "light";
  return (
    <span className={cn("inline-flex items-center gap-2.5", className)}>
      <span
        aria-hidden
        className={cn(
          "flex items-center justify-center rounded-xl",
          size === "lg" ? "size-11" : "size-9",
          light ? "bg-white/15 text-white ring-1 ring-white/25" : "bg-brand-600 text-white shadow-sm",
        )}
      >
        <HeartPulse className={size === "lg" ? "size-6" : "size-5"} strokeWidth={2.25} />
      </span>
      <span
        className={cn(
          "font-semibold tracking-tight",
          size === "lg" ? "text-2xl" : "text-xl",
          light ? "text-white" : "text-slate-900",
        )}
      >
        Clinora
      </span>
    </span>
  );
}
