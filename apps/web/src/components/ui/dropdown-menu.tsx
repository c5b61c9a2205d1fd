import { Eye, MoreHorizontal, Pencil, Trash2 } from "lucide-react";
import { DropdownMenu as MenuPrimitive } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/cn";
import { Button } from "./button";

/**
 * Menu on Radix DropdownMenu (arrow keys, typeahead, Escape, focus return). For table rows use
 * RowActionsMenu below.
 *
 * Opening a dialog from an item: keep the dialog's state in the row or page and render the dialog outside
 * the menu; the item only sets that state. A dialog nested inside the menu content unmounts with it.
 * ```tsx
 * const [editing, setEditing] = useState<Lead | null>(null);
 * <RowActionsMenu>
 *   <DropdownMenuItem onSelect={() => setEditing(lead)}><Pencil />Editar</DropdownMenuItem>
 * </RowActionsMenu>
 * <LeadDialog lead={editing} open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} />
 * ```
 */
/**
 * Not modal: a modal Radix menu hides the rest of the page with aria-hidden while focus may still sit there (axe
 * aria-hidden-focus). A menu button's menu is not modal anyway (WAI-ARIA APG): Escape or Tab closes it, focus
 * goes back to its button.
 */
export function DropdownMenu({ modal = false, ...props }: ComponentProps<typeof MenuPrimitive.Root>) {
  return <MenuPrimitive.Root modal={modal} {...props} />;
}
export const DropdownMenuTrigger = MenuPrimitive.Trigger;
export const DropdownMenuGroup = MenuPrimitive.Group;

export function DropdownMenuContent({
  className,
  sideOffset = 4,
  align = "end",
  ...props
}: ComponentProps<typeof MenuPrimitive.Content>) {
  return (
    <MenuPrimitive.Portal>
      <MenuPrimitive.Content
        sideOffset={sideOffset}
        align={align}
        className={cn(
          "z-50 max-h-(--radix-dropdown-menu-content-available-height) min-w-44 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg",
          "origin-(--radix-dropdown-menu-content-transform-origin) data-[state=closed]:animate-pop-out data-[state=open]:animate-pop-in",
          className,
        )}
        {...props}
      />
    </MenuPrimitive.Portal>
  );
}

export interface DropdownMenuItemProps extends ComponentProps<typeof MenuPrimitive.Item> {
  /** 'danger' for destructive actions (Excluir, Suspender). */
  tone?: "default" | "danger";
}

/** A menu entry; act in `onSelect`. A leading lucide icon is sized and coloured automatically. */
export function DropdownMenuItem({ className, tone = "default", ...props }: DropdownMenuItemProps) {
  return (
    <MenuPrimitive.Item
      className={cn(
        "flex min-h-9 cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-1.5 text-sm outline-none select-none",
        "[&_svg]:size-4 [&_svg]:shrink-0",
        tone === "danger"
          ? "text-red-600 data-highlighted:bg-red-50 data-highlighted:text-red-700"
          : "text-slate-700 data-highlighted:bg-brand-50 data-highlighted:text-brand-900 [&_svg]:text-slate-400 data-highlighted:[&_svg]:text-brand-700",
        "data-disabled:pointer-events-none data-disabled:opacity-50",
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof MenuPrimitive.Label>) {
  return (
    <MenuPrimitive.Label
      className={cn("px-2.5 py-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase", className)}
      {...props}
    />
  );
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof MenuPrimitive.Separator>) {
  return <MenuPrimitive.Separator className={cn("-mx-1 my-1 h-px bg-slate-100", className)} {...props} />;
}

export interface RowActionsMenuProps {
  /** DropdownMenuItem elements. */
  children: ReactNode;
  /**
   * Accessible name of the '...' button. 'Ações' by default; in a list prefer naming the row,
   * e.g. `Ações de ${lead.name}`, so screen-reader users can tell the buttons apart.
   */
  label?: string;
  className?: string;
}

/** The '...' button at the end of a table row or card, opening that row's actions. */
export function RowActionsMenu({ children, label = "Ações", className }: RowActionsMenuProps) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={label}
          className={cn("size-9 text-slate-500 data-[state=open]:bg-slate-100", className)}
        >
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>{children}</DropdownMenuContent>
    </DropdownMenu>
  );
}

/** What a record list does from its row menu: open the details dialog, the edit dialog, or the delete confirmation. */
export interface RecordActions<T> {
  onDetails: (record: T) => void;
  onEdit: (record: T) => void;
  onDelete: (record: T) => void;
}

/** A RowActionsMenu with 'Ver detalhes', 'Editar' and, apart, 'Excluir' (the admin lists of docs/product/admin.md §2.2, §2.3). */
export function RecordActionsMenu<T>({ record, label, onDetails, onEdit, onDelete }: RecordActions<T> & { record: T; label: string }) {
  return (
    <RowActionsMenu label={label}>
      <DropdownMenuItem onSelect={() => onDetails(record)}>
        <Eye />
        Ver detalhes
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={() => onEdit(record)}>
        <Pencil />
        Editar
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem tone="danger" onSelect={() => onDelete(record)}>
        <Trash2 />
        Excluir
      </DropdownMenuItem>
    </RowActionsMenu>
  );
}
