import { Check, Copy } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { cn } from "@/lib/cn";
import { toast } from "@/lib/toast";
import { Button, type ButtonSize, type ButtonVariant } from "./button";

/** How long the check icon stays after a copy (docs/product/accounts-and-access.md §9: 2000 ms). */
export const COPY_FEEDBACK_MS = 2000;
/** Toast texts fixed by the spec (docs/product/accounts-and-access.md §8). */
export const COPY_SUCCESS_MESSAGE = "Copiado para a área de transferência!";
export const COPY_FAILURE_MESSAGE = "Não foi possível copiar o valor.";

export interface CopyButtonProps {
  /** The text put on the clipboard. */
  value: string;
  /** Button text ('Copiar', 'Copiar número'); with `iconOnly` it becomes the aria-label. */
  label?: string;
  variant?: ButtonVariant;
  size?: Exclude<ButtonSize, "icon">;
  /** Just the icon, square; `label` still names it for screen readers. */
  iconOnly?: boolean;
  disabled?: boolean;
  className?: string;
}

/**
 * Copies `value` with the Clipboard API, swaps its icon for a check for 2 s and toasts the result.
 * The Clipboard API needs a secure context (https or localhost); elsewhere the failure toast shows.
 */
export function CopyButton({
  value,
  label = "Copiar",
  variant = "outline",
  size = "md",
  iconOnly = false,
  disabled,
  className,
}: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error("Clipboard API unavailable");
      await navigator.clipboard.writeText(value);
    } catch {
      toast.error(COPY_FAILURE_MESSAGE);
      return;
    }
    toast.success(COPY_SUCCESS_MESSAGE);
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
  };

  const Icon = copied ? Check : Copy;
  const onColouredFill = variant === "primary" || variant === "destructive";
  return (
    <Button
      variant={variant}
      size={iconOnly ? "icon" : size}
      aria-label={iconOnly ? label : undefined}
      disabled={disabled}
      onClick={() => void copy()}
      className={cn(iconOnly && size === "sm" && "size-8", className)}
    >
      <Icon aria-hidden className={cn(copied && !onColouredFill && "text-emerald-600")} />
      {iconOnly ? null : label}
    </Button>
  );
}
