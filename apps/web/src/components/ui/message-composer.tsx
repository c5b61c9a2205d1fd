import { CircleAlert, LoaderCircle, Send } from "lucide-react";
import type { ComponentProps, KeyboardEvent, ReactNode } from "react";
import { cn } from "@/lib/cn";
import { Button } from "./button";
import { Label } from "./label";
import { Textarea } from "./textarea";

export interface MessageComposerProps extends Omit<ComponentProps<"textarea">, "id" | "children"> {
  /** Id of the textarea; the hint, counter and error ids derive from it. Unique per page. */
  id: string;
  /** The field's name for screen readers (the label is visually hidden: the place makes the purpose plain). */
  label: string;
  /** Characters typed so far, for the counter. */
  length: number;
  /** The contract's maximum; the counter turns red above it and the schema's message explains. */
  limit: number;
  /** Validation message, e.g. `form.formState.errors.content?.message`. */
  error?: string;
  /** A send is in flight: the button spins and the text is read-only until it ends. */
  busy?: boolean;
  /** Sending is not possible now; the caller shows why above the composer. */
  disabled?: boolean;
  /** A control beside 'Enviar', e.g. the button that attaches a file. */
  accessory?: ReactNode;
  /** The send button's text while `busy` (default 'Enviando...'). */
  busyLabel?: string;
}

/**
 * A chat box: textarea, 'Enviar' button, Ctrl/Cmd+Enter to send, character counter, validation message.
 * Place it inside the caller's <form>; the shortcut submits that form. With react-hook-form:
 * ```tsx
 * <form onSubmit={(e) => void submit(e)}>
 *   <MessageComposer id="reply" label="Sua resposta" length={content.length} limit={1600}
 *     error={errors.content?.message} busy={send.isPending} {...form.register("content")} />
 * </form>
 * ```
 */
export function MessageComposer({
  id,
  label,
  length,
  limit,
  error,
  busy = false,
  disabled = false,
  accessory,
  busyLabel = "Enviando...",
  className,
  onKeyDown,
  ...textarea
}: MessageComposerProps) {
  const hintId = `${id}-hint`;
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;

  const sendOnShortcut = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || event.key !== "Enter" || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    if (!busy && !disabled) event.currentTarget.form?.requestSubmit();
  };

  return (
    <div className={cn("space-y-1.5", className)}>
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <Textarea
          rows={2}
          {...textarea}
          id={id}
          disabled={disabled}
          readOnly={busy}
          aria-keyshortcuts="Control+Enter Meta+Enter"
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, counterId, error ? errorId : null].filter(Boolean).join(" ")}
          className="max-h-40 min-h-16 flex-1"
          onKeyDown={sendOnShortcut}
        />
        <div className="flex gap-2">
          {accessory}
          <Button type="submit" disabled={disabled || busy} aria-busy={busy || undefined} className="flex-1 sm:flex-none">
            {busy ? <LoaderCircle aria-hidden className="animate-spin" /> : <Send aria-hidden />}
            {busy ? busyLabel : "Enviar"}
          </Button>
        </div>
      </div>
      <div className="flex items-start justify-between gap-3 text-xs">
        <div className="min-w-0">
          {error ? (
            <p id={errorId} role="alert" className="flex items-start gap-1.5 font-medium text-red-600">
              <CircleAlert aria-hidden className="mt-px size-3.5 shrink-0" />
              <span>{error}</span>
            </p>
          ) : null}
          <p id={hintId} className={cn("text-slate-500", (error || disabled) && "sr-only")}>
            Ctrl+Enter (⌘+Enter no Mac) envia.
          </p>
        </div>
        <p id={counterId} className={cn("shrink-0 tabular-nums", length > limit ? "font-medium text-red-600" : "text-slate-500")}>
          <span className="sr-only">Caracteres: </span>
          {length}/{limit}
        </p>
      </div>
    </div>
  );
}
