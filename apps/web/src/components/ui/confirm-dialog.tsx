import { CircleHelp, LoaderCircle, TriangleAlert } from "lucide-react";
import { AlertDialog } from "radix-ui";
import { useState, type ReactNode } from "react";
import type { DialogState } from "@/hooks/use-dialog-state";
import { cn } from "@/lib/cn";
import { Button } from "./button";
import { useModalLayer } from "./modal-stack";
import { dialogOverlayClassName, dialogPanelClassName, useDialogFocusReturn, useOpenState } from "./dialog";

export interface ConfirmDialogProps {
  /** Controlled state. Leave both out and pass `trigger` to let the dialog manage itself. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Element that opens the dialog (rendered asChild), for the uncontrolled use. */
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** Text of the confirm button; 'Confirmar' by default. */
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  /** 'danger' gives a red icon and a destructive confirm button (deletions, suspensions). */
  tone?: "danger" | "default";
  /**
   * Runs on confirm. While its promise is pending the buttons are disabled, the confirm button spins and
   * Escape is ignored. When it resolves the dialog closes; when it rejects the dialog stays open so the user
   * can retry or cancel. Toast the failure yourself (e.g. in the mutation's onError): the rejection is
   * swallowed here.
   */
  onConfirm: () => unknown;
  /** Blocks the confirm button, e.g. until the typed confirmation matches. */
  confirmDisabled?: boolean;
  /** Extra content between the description and the buttons: a reason field, a typed confirmation... */
  children?: ReactNode;
  className?: string;
}

/** Confirmation on Radix AlertDialog (role="alertdialog"; an outside click does not dismiss it). */
export function ConfirmDialog({
  open: openProp,
  onOpenChange,
  trigger,
  title,
  description,
  confirmLabel = "Confirmar",
  cancelLabel = "Cancelar",
  tone = "default",
  onConfirm,
  confirmDisabled = false,
  children,
  className,
}: ConfirmDialogProps) {
  const [open, changeOpen] = useOpenState(openProp, onOpenChange);
  const [busy, setBusy] = useState(false);
  const focusReturn = useDialogFocusReturn();

  const setOpen = (next: boolean) => {
    if (!next && busy) return;
    changeOpen(next);
  };
  const layer = useModalLayer(() => setOpen(false));

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } catch {
      setBusy(false);
      return;
    }
    setBusy(false);
    changeOpen(false);
  };

  const danger = tone === "danger";
  const Icon = danger ? TriangleAlert : CircleHelp;

  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      {trigger ? <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger> : null}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialogOverlayClassName} />
        <AlertDialog.Content
          className={cn(dialogPanelClassName("sm"), className)}
          ref={layer.ref}
          {...focusReturn}
          // No description: tell Radix there is none, instead of pointing at a missing element.
          {...(description ? {} : { "aria-describedby": undefined })}
          onEscapeKeyDown={(event) => {
            layer.onEscapeKeyDown(event);
            if (busy) event.preventDefault();
          }}
        >
          <div className="flex min-h-0 flex-1 gap-4 overflow-y-auto px-5 pt-5 pb-4 sm:px-6 sm:pt-6">
            <span
              aria-hidden
              className={cn(
                "hidden size-10 shrink-0 items-center justify-center rounded-full sm:flex",
                danger ? "bg-red-50 text-red-600" : "bg-brand-50 text-brand-700",
              )}
            >
              <Icon className="size-5" />
            </span>
            <div className="min-w-0 flex-1">
              <AlertDialog.Title className="text-lg leading-snug font-semibold text-slate-900">{title}</AlertDialog.Title>
              {description ? (
                <AlertDialog.Description asChild>
                  <div className="mt-1.5 text-sm leading-relaxed text-slate-600">{description}</div>
                </AlertDialog.Description>
              ) : null}
              {children ? <div className="mt-4 space-y-3">{children}</div> : null}
            </div>
          </div>
          <div className="flex shrink-0 flex-col-reverse gap-2 border-t border-slate-100 px-5 py-4 sm:flex-row sm:justify-end sm:px-6">
            <AlertDialog.Cancel asChild>
              <Button variant="outline" disabled={busy} className="w-full sm:w-auto">
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            {/* A plain button, not AlertDialog.Action: Action closes at once, before the promise settles. */}
            <Button
              variant={danger ? "destructive" : "primary"}
              disabled={busy || confirmDisabled}
              aria-busy={busy || undefined}
              onClick={() => void confirm()}
              className="w-full sm:w-auto"
            >
              {busy ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

export interface ConfirmDeleteDialogProps<T> {
  /** Opened from a row's action with the record to delete (useDialogState). */
  state: DialogState<T>;
  title: string;
  description: (item: T) => ReactNode;
  /** 'Excluir' by default. */
  confirmLabel?: string;
  /** Deletes the record; a promise keeps the dialog open and busy until it settles, as in ConfirmDialog. */
  onConfirm: (item: T) => unknown;
}

/** The danger confirmation before a record is deleted, e.g. 'Excluir tarefa?'. */
export function ConfirmDeleteDialog<T>({ state, title, description, confirmLabel = "Excluir", onConfirm }: ConfirmDeleteDialogProps<T>) {
  const { item } = state;
  return (
    <ConfirmDialog
      open={state.open}
      onOpenChange={state.onOpenChange}
      tone="danger"
      title={title}
      description={item === null ? undefined : description(item)}
      confirmLabel={confirmLabel}
      onConfirm={() => (item === null ? undefined : onConfirm(item))}
    />
  );
}
