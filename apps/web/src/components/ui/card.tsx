import type { LucideIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

export function Card({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("rounded-xl border border-slate-200 bg-white shadow-sm", className)} {...props} />;
}

// On a phone the padding is in px, not rem: at 200 % text (WCAG 1.4.4/1.4.10) the words need the width, and padding
// that doubled with them left nested cards a column a word wide.
export function CardHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1 p-[20px] pb-0 sm:p-6 sm:pb-0", className)} {...props} />;
}

export interface CardTitleProps extends ComponentProps<"h2"> {
  /** A lucide icon before the title, brand-coloured unless `iconClassName` says otherwise. */
  icon?: LucideIcon;
  iconClassName?: string;
}

export function CardTitle({ className, icon: Icon, iconClassName, children, ...props }: CardTitleProps) {
  return (
    <h2 className={cn("text-base font-semibold text-slate-900", Icon && "flex items-center gap-2", className)} {...props}>
      {Icon ? <Icon aria-hidden className={cn("size-5 text-brand-600", iconClassName)} /> : null}
      {children}
    </h2>
  );
}

export function CardDescription({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn("text-sm text-slate-500", className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("p-[20px] sm:p-6", className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn("flex items-center gap-3 border-t border-slate-100 px-[20px] py-4 sm:px-6", className)}
      {...props}
    />
  );
}
