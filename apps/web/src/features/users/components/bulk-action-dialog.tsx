import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { MASS_SUSPENSION_REASON, useBulkUserAction, type BulkUserAction } from "../api/user-mutations";

const TEXTS: Record<BulkUserAction, { title: (n: number) => string; description: string; confirm: string }> = {
  activate: {
    title: (n) => `Ativar ${n} usuário(s)?`,
    description: "As contas selecionadas voltam a ter acesso ao sistema.",
    confirm: "Ativar",
  },
  suspend: {
    title: (n) => `Suspender ${n} usuário(s)?`,
    description: `As contas selecionadas perdem o acesso imediatamente. Motivo registrado: "${MASS_SUSPENSION_REASON}".`,
    confirm: "Suspender",
  },
  delete: {
    title: (n) => `Excluir ${n} usuário(s) permanentemente?`,
    description: "As contas serão apagadas. Os profissionais vinculados e seus dados são mantidos. Esta ação não pode ser desfeita.",
    confirm: "Excluir",
  },
};

export interface BulkActionDialogProps {
  action: BulkUserAction | null;
  userIds: readonly string[];
  onClose: () => void;
  /** After the run, whether it finished or stopped at a failure. */
  onDone: () => void;
}

/** Confirms a bulk action; the users are then processed one at a time, stopping at the first failure. */
export function BulkActionDialog({ action, userIds, onClose, onDone }: BulkActionDialogProps) {
  const bulk = useBulkUserAction();
  const texts = action ? TEXTS[action] : null;
  return (
    <ConfirmDialog
      open={action !== null}
      onOpenChange={(open) => !open && onClose()}
      tone={action === "activate" ? "default" : "danger"}
      title={texts?.title(userIds.length) ?? ""}
      description={texts?.description}
      confirmLabel={texts?.confirm}
      onConfirm={async () => {
        if (!action) return;
        try {
          await bulk.mutateAsync({ action, ids: userIds });
        } catch {
          // Already reported by the mutation; the run is over either way, so the dialog closes.
        } finally {
          onDone();
        }
      }}
    />
  );
}
