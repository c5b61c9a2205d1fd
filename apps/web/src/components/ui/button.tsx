import type { LucideIcon } from "lucide-react";
import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

const VARIANTS = {
  primary: "bg-brand-600 text-white shadow-sm hover:bg-brand-700 active:bg-brand-800",
  secondary: "bg-brand-50 text-brand-800 hover:bg-brand-100",
  outline: "border border-slate-300 bg-white text-slate-700 shadow-sm hover:bg-slate-50 hover:text-slate-900",
  ghost: "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
  destructive: "bg-red-600 text-white shadow-sm hover:bg-red-700",
  link: "text-brand-700 underline-offset-4 hover:underline",
} as const;

const SIZES = {
  sm: "min-h-8 gap-1.5 rounded-md px-3 py-1 text-sm",
  md: "min-h-10 gap-2 rounded-lg px-4 py-2 text-sm",
  lg: "min-h-11 gap-2 rounded-lg px-5 py-2 text-base",
  icon: "size-10 rounded-lg",
} as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;

export interface ButtonProps extends ComponentProps<"button"> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Renders the single child (e.g. a router Link) with the button's look instead of a <button>. */
  asChild?: boolean;
  /** A lucide icon before the label (not with asChild: the child is rendered as it is). */
  icon?: LucideIcon;
}

export function Button({ className, variant = "primary", size = "md", asChild = false, icon: Icon, type, children, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : "button";
  // Slot takes exactly one child, so the icon goes only on a real button.
  const content = Icon && !asChild ? (
    <>
      <Icon aria-hidden />
      {children}
    </>
  ) : (
    children
  );
  return (
    <Component
      type={asChild ? undefined : (type ?? "button")}
      // A label longer than the row wraps (max-w-full, min-h-*) instead of pushing the page sideways at 200 % text
      // (WCAG 1.4.4, 1.4.10); at normal size every label fits and the button looks as before.
      className={cn(
        "inline-flex max-w-full shrink-0 cursor-pointer items-center justify-center text-center font-medium transition-colors",
        "focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none",
        "disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0",
        VARIANTS[variant],
        SIZES[size],
        className,
      )}
      {...props}
    >
      {content}
    </Component>
  );
}
