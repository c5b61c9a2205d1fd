import { useCallback, useState } from "react";

export interface DialogState<T> {
  open: boolean;
  /** The record the dialog is about; kept after closing so the closing animation still shows it. */
  item: T | null;
  show: (item: T) => void;
  onOpenChange: (open: boolean) => void;
}

/**
 * Open state and subject of a dialog opened from a row action (components/ui/README.md "Row actions → dialogs").
 * ```tsx
 * const editing = useDialogState<Lead>();
 * <DropdownMenuItem onSelect={() => editing.show(lead)}>Editar</DropdownMenuItem>
 * <LeadFormDialog open={editing.open} onOpenChange={editing.onOpenChange} lead={editing.item} />
 * ```
 */
export function useDialogState<T>(): DialogState<T> {
  const [state, setState] = useState<{ open: boolean; item: T | null }>({ open: false, item: null });
  const show = useCallback((item: T) => setState({ open: true, item }), []);
  const onOpenChange = useCallback((open: boolean) => setState((current) => ({ ...current, open })), []);
  return { ...state, show, onOpenChange };
}
