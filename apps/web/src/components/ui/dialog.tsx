import { LoaderCircle, X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { createContext, useContext, useRef, useState, type ComponentProps, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { DescriptionList } from "@/components/ui/description-list";
import { cn } from "@/lib/cn";
import { useModalLayer } from "./modal-stack";

/** Closes the dialog around it, as its own Escape or "Fechar" would. */
const CloseDialogContext = createContext<() => void>(() => {});

/**
 * Modal dialog on Radix Dialog (focus trap, Escape, focus return, aria-modal).
 *
 * ```tsx
 * <Dialog open={open} onOpenChange={setOpen}>
 *   <DialogContent size="lg">
 *     <DialogHeader>
 *       <DialogTitle>Editar profissional</DialogTitle>
 *       <DialogDescription>Altere os dados e salve.</DialogDescription>
 *     </DialogHeader>
 *     <DialogForm onSubmit={form.handleSubmit(save)}>
 *       <DialogBody>...fields...</DialogBody>
 *       <DialogSubmitFooter busy={form.formState.isSubmitting} submitLabel="Salvar" />
 *     </DialogForm>
 *   </DialogContent>
 * </Dialog>
 * ```
 *
 * A dialog that is not a form builds its own DialogFooter (DialogClose around "Fechar", its actions).
 * Every dialog needs a DialogTitle (visually hidden if need be). Without a DialogDescription pass
 * `aria-describedby={undefined}` to DialogContent, or Radix warns in the console.
 * To open a dialog from a row-actions menu, keep its state outside the menu (see dropdown-menu.tsx).
 * The root wraps Radix's: open or closed by the caller (`open`, `onOpenChange`) or on its own (`DialogTrigger`), it
 * tells its content how to close it, so an Escape meant for a modal above closes that one (components/ui/modal-stack.ts).
 */
export function Dialog({ open: openProp, defaultOpen = false, onOpenChange, ...props }: ComponentProps<typeof DialogPrimitive.Root>) {
  const [open, setOpen] = useOpenState(openProp, onOpenChange, defaultOpen);
  return (
    <CloseDialogContext value={() => setOpen(false)}>
      <DialogPrimitive.Root open={open} onOpenChange={setOpen} {...props} />
    </CloseDialogContext>
  );
}

/**
 * A modal's open state: the caller's when it passes `open` (told of changes through `onOpenChange`), else the modal's
 * own, opened by its trigger. Shared by Dialog and ConfirmDialog.
 */
export function useOpenState(
  openProp: boolean | undefined,
  onOpenChange: ((open: boolean) => void) | undefined,
  defaultOpen = false,
): [boolean, (open: boolean) => void] {
  const [openState, setOpenState] = useState(defaultOpen);
  const setOpen = (next: boolean) => {
    if (openProp === undefined) setOpenState(next);
    onOpenChange?.(next);
  };
  return [openProp ?? openState, setOpen];
}
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

const SIZES = {
  sm: "sm:max-w-md",
  md: "sm:max-w-lg",
  lg: "sm:max-w-2xl",
  xl: "sm:max-w-4xl",
} as const;

export type DialogSize = keyof typeof SIZES;

/** Overlay classes, shared with ConfirmDialog so every modal dims the page the same way. */
export const dialogOverlayClassName =
  "fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in";

/**
 * Panel classes, shared with ConfirmDialog. Phones get a full-width sheet anchored to the bottom (thumb
 * reach, room for the keyboard); from `sm` up the panel is centred. Height is capped so DialogBody scrolls
 * inside while the header and footer stay put.
 */
export function dialogPanelClassName(size: DialogSize): string {
  return cn(
    "fixed z-50 flex flex-col bg-white shadow-2xl ring-1 ring-slate-900/5 focus:outline-none",
    "inset-x-0 bottom-0 max-h-[calc(100dvh-1.5rem)] rounded-t-2xl pb-[env(safe-area-inset-bottom)]",
    "data-[state=closed]:animate-sheet-out data-[state=open]:animate-sheet-in",
    "sm:inset-x-auto sm:bottom-auto sm:top-1/2 sm:left-1/2 sm:w-[calc(100vw-2rem)] sm:-translate-x-1/2 sm:-translate-y-1/2",
    "sm:max-h-[calc(100dvh-4rem)] sm:rounded-xl sm:pb-0",
    "sm:data-[state=closed]:animate-dialog-out sm:data-[state=open]:animate-dialog-in",
    SIZES[size],
  );
}

/**
 * Where focus goes back to when a modal closes. Radix returns it to the element focused before opening,
 * but a dialog opened from a menu item would return it to that item, gone by then, and focus would land
 * on <body>. An item inside a Radix menu is traded for the menu's trigger (the menu is labelled by it).
 */
function focusReturnTarget(): HTMLElement | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest('[role="menu"]');
  if (!menu) return active;
  const triggerId = menu.getAttribute("aria-labelledby");
  return triggerId ? document.getElementById(triggerId) : null;
}

/** Open/close auto-focus handlers for a Radix Dialog or AlertDialog Content that restore focus as above. */
export function useDialogFocusReturn(
  onOpenAutoFocus?: (event: Event) => void,
  onCloseAutoFocus?: (event: Event) => void,
) {
  const returnTo = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      // Runs before Radix moves focus into the dialog: activeElement is still the opener.
      returnTo.current = focusReturnTarget();
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      const target = returnTo.current;
      returnTo.current = null;
      if (event.defaultPrevented || !target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}

export interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /** Width from `sm` up: sm 28rem, md 32rem (default), lg 42rem, xl 56rem. Phones always use the full width. */
  size?: DialogSize;
  /** The X button in the corner (aria-label 'Fechar'). */
  showClose?: boolean;
}

export function DialogContent({
  className,
  children,
  size = "md",
  showClose = true,
  onOpenAutoFocus,
  onCloseAutoFocus,
  onEscapeKeyDown,
  ...props
}: Omit<DialogContentProps, "ref">) {
  const focusReturn = useDialogFocusReturn(onOpenAutoFocus, onCloseAutoFocus);
  const layer = useModalLayer(useContext(CloseDialogContext));
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={dialogOverlayClassName} />
      <DialogPrimitive.Content
        ref={layer.ref}
        className={cn(dialogPanelClassName(size), className)}
        {...focusReturn}
        onEscapeKeyDown={(event) => {
          layer.onEscapeKeyDown(event);
          onEscapeKeyDown?.(event);
        }}
        {...props}
      >
        {children}
        {showClose ? (
          <DialogPrimitive.Close
            aria-label="Fechar"
            className={cn(
              "absolute top-3.5 right-3.5 flex size-9 cursor-pointer items-center justify-center rounded-lg text-slate-400 transition-colors",
              "hover:bg-slate-100 hover:text-slate-700",
              "focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none",
            )}
          >
            <X aria-hidden className="size-5" />
          </DialogPrimitive.Close>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** Title and description block; leaves room on the right for the close button. */
export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex shrink-0 flex-col gap-1 px-5 pt-5 pr-14 pb-3 sm:px-6 sm:pt-6 sm:pr-14", className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      className={cn("text-lg leading-snug font-semibold text-slate-900", className)}
      {...props}
    />
  );
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn("text-sm text-slate-500", className)} {...props} />;
}

/**
 * The scrolling middle of the dialog. A body holding no control (a message history, a record) gets `scrollLabel`:
 * it becomes a named region in the Tab order, so a keyboard can reach it and scroll it with the arrow keys.
 */
export function DialogBody({ className, scrollLabel, ...props }: ComponentProps<"div"> & { scrollLabel?: string }) {
  return (
    <div
      {...(scrollLabel ? { role: "region", "aria-label": scrollLabel, tabIndex: 0 } : {})}
      className={cn(
        "min-h-0 flex-1 overflow-y-auto px-5 py-3 sm:px-6",
        scrollLabel && "focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none focus-visible:ring-inset",
        className,
      )}
      {...props}
    />
  );
}

/**
 * A <form> spanning DialogBody and DialogFooter without breaking the body's scroll (a plain <form>
 * wrapper would be a block that grows past the panel's height).
 */
export function DialogForm({ className, noValidate = true, ...props }: ComponentProps<"form">) {
  return <form noValidate={noValidate} className={cn("flex min-h-0 flex-1 flex-col", className)} {...props} />;
}

/** Action row: buttons stacked full-width on phones (primary on top), right-aligned from `sm` up. */
export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn(
        "flex shrink-0 flex-col-reverse gap-2 border-t border-slate-100 px-5 py-4 sm:flex-row sm:justify-end sm:px-6",
        "[&>button]:w-full sm:[&>button]:w-auto",
        className,
      )}
      {...props}
    />
  );
}

/**
 * The footer of a form dialog: "Cancelar" (or `closeLabel`), and the submit button with a spinner while `busy`. Both
 * are disabled while saving, so the dialog cannot close over a request in flight and lose what was typed. A dialog
 * whose subject can itself be cancelled (an appointment) says "Fechar", so closing never reads as cancelling it.
 */
/** `start`: a secondary action set apart at the footer's start (on a phone, last), such as a deletion. */
export function DialogSubmitFooter({ busy, submitLabel, closeLabel = "Cancelar", start }: { busy: boolean; submitLabel: string; closeLabel?: string; start?: ReactNode }) {
  return (
    <DialogFooter>
      {start ? <div className="flex sm:mr-auto [&>button]:w-full sm:[&>button]:w-auto">{start}</div> : null}
      <DialogClose asChild>
        <Button variant="outline" disabled={busy}>
          {closeLabel}
        </Button>
      </DialogClose>
      <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
        {busy ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}

/**
 * A dialog that holds one form: title and description on top, then `children` (a DialogForm ending in
 * DialogSubmitFooter). The form mounts with the dialog's content, so each opening starts from current values.
 */
export function FormDialog({
  open,
  onOpenChange,
  size,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  size?: DialogSize;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size={size}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/**
 * A dialog that shows one record read-only: title and description (badges) on top, the record's DescriptionItems
 * in a DescriptionList, and 'Fechar' and 'Editar' below. `record` may be null (nothing opened yet); the page keeps
 * the last one while the dialog closes (useDialogState).
 * ```tsx
 * <DetailsDialog open={open} onOpenChange={onOpenChange} record={lead} onEdit={onEdit} title={(lead) => lead.name}
 *   description={(lead) => <LeadStatusBadge status={lead.status} />}>
 *   {(lead) => <DescriptionItem label="Observações" wide>{lead.notes}</DescriptionItem>}
 * </DetailsDialog>
 * ```
 */
export function DetailsDialog<T>({
  open,
  onOpenChange,
  size,
  record,
  title,
  description,
  onEdit,
  children,
  after,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  size?: DialogSize;
  record: T | null;
  title: (record: T) => string;
  description: (record: T) => ReactNode;
  onEdit: (record: T) => void;
  /** The record's DescriptionItems. */
  children: (record: T) => ReactNode;
  /** Sections after the list of fields (a list may hold only its items). */
  after?: (record: T) => ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size={size}>
        {record ? (
          <>
            <DialogHeader>
              <DialogTitle>{title(record)}</DialogTitle>
              <DialogDescription className="flex flex-wrap items-center gap-2">{description(record)}</DialogDescription>
            </DialogHeader>
            {/* A record holds no control: on a phone its body scrolls, so a keyboard must be able to reach it. */}
            <DialogBody scrollLabel={`Dados de ${title(record)}`}>
              <DescriptionList>{children(record)}</DescriptionList>
              {after?.(record)}
            </DialogBody>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Fechar</Button>
              </DialogClose>
              <Button onClick={() => onEdit(record)}>Editar</Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
