import { Tooltip as TooltipPrimitive } from "radix-ui";
import type { ReactElement, ReactNode } from "react";
import { cn } from "@/lib/cn";

export interface TooltipProps {
  /** The tooltip text. */
  content: ReactNode;
  /** One focusable element (a Button...), rendered asChild. */
  children: ReactElement;
  side?: "top" | "right" | "bottom" | "left";
  className?: string;
}

/**
 * Short hint on hover and keyboard focus (Radix Tooltip). Not shown on touch screens, so never put
 * information only here; an icon-only button still needs its own aria-label.
 * ```tsx
 * <Tooltip content="Sincronizar agora"><Button size="icon" aria-label="Sincronizar agora"><RefreshCw /></Button></Tooltip>
 * ```
 */
export function Tooltip({ content, children, side = "top", className }: TooltipProps) {
  return (
    // A provider per tooltip keeps the component self-contained (nothing to add to the app providers).
    <TooltipPrimitive.Provider delayDuration={300}>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            side={side}
            sideOffset={6}
            className={cn(
              "z-50 max-w-xs rounded-md bg-slate-900 px-2.5 py-1.5 text-xs leading-snug text-white shadow-md",
              "origin-(--radix-tooltip-content-transform-origin) data-[state=closed]:animate-pop-out data-[state=delayed-open]:animate-pop-in data-[state=instant-open]:animate-pop-in",
              className,
            )}
          >
            {content}
            <TooltipPrimitive.Arrow className="fill-slate-900" />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
