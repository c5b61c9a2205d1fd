import { CircleAlert, Info, TriangleAlert, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

const TONES: Record<AlertTone, { box: string; icon: string; Icon: LucideIcon }> = {
  info: { box: "border-sky-200 bg-sky-50 text-sky-900", icon: "text-sky-600", Icon: Info },
  warning: { box: "border-amber-200 bg-amber-50 text-amber-900", icon: "text-amber-600", Icon: TriangleAlert },
  danger: { box: "border-red-200 bg-red-50 text-red-900", icon: "text-red-600", Icon: CircleAlert },
};

export type AlertTone = "info" | "warning" | "danger";

export interface AlertProps {
  /** 'danger' for failures, 'warning' for things to follow up, 'info' for guidance. */
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  /** Replaces the tone's icon. */
  icon?: LucideIcon;
  className?: string;
}

/**
 * A banner inside a page or card: health warnings, support notes. Warnings and failures are announced to
 * screen readers (role="alert"); information is not (role="note").
 * ```tsx
 * <Alert tone="danger" title="Falhas de entrega">3 mensagens não foram entregues.</Alert>
 * ```
 */
export function Alert({ tone = "info", title, children, icon, className }: AlertProps) {
  const { box, icon: iconColour, Icon: ToneIcon } = TONES[tone];
  const Icon = icon ?? ToneIcon;
  return (
    <div role={tone === "info" ? "note" : "alert"} className={cn("flex gap-[12px] rounded-lg border px-[12px] py-3 text-sm sm:px-4", box, className)}>
      <Icon aria-hidden className={cn("mt-0.5 size-4 shrink-0", iconColour)} />
      {/* Long words break (hyphenated in Portuguese) rather than spill out of a narrow box at 200 % text. */}
      <div className="min-w-0 flex-1 space-y-1 leading-relaxed wrap-break-word hyphens-auto">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children}
      </div>
    </div>
  );
}
