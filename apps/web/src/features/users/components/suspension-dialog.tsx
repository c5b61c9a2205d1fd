import { MSG, type User } from "@clinora/contracts";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { formatDateTimeLong } from "@/lib/format";
import { useReactivateUser, useSuspendUser } from "../api/user-mutations";

export interface SuspensionDialogProps {
  /** A suspended user is offered reactivation; anyone else, suspension. Null keeps the dialog closed. */
  user: User | null;
  onClose: () => void;
}

/** Suspend (reason required) or reactivate (no input; the stored reason is shown), docs/product/admin.md §4. */
export function SuspensionDialog({ user, onClose }: SuspensionDialogProps) {
  if (user?.status === "suspended") return <ReactivateDialog user={user} onClose={onClose} />;
  return <SuspendDialog key={user?.id} user={user} onClose={onClose} />;
}

function SuspendDialog({ user, onClose }: SuspensionDialogProps) {
  const suspend = useSuspendUser();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();

  const confirm = () => {
    if (!user) return;
    const trimmed = reason.trim();
    if (!trimmed) {
      setError(MSG.suspensionReasonRequired);
      // Rejecting keeps the dialog open.
      return Promise.reject(new Error(MSG.suspensionReasonRequired));
    }
    return suspend.mutateAsync({ id: user.id, reason: trimmed });
  };

  return (
    <ConfirmDialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      tone="danger"
      title="Suspender usuário"
      description={user ? `${user.email} perderá o acesso ao sistema imediatamente.` : undefined}
      confirmLabel="Suspender"
      onConfirm={confirm}
    >
      <FormField label="Motivo da suspensão" htmlFor="suspend-reason" required error={error}>
        <Textarea
          rows={3}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setError(undefined);
          }}
          placeholder="Ex.: registro profissional vencido"
        />
      </FormField>
    </ConfirmDialog>
  );
}

function ReactivateDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const reactivate = useReactivateUser();
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Reativar usuário"
      description={`${user.email} voltará a ter acesso ao sistema.`}
      confirmLabel="Reativar"
      onConfirm={() => reactivate.mutateAsync(user.id)}
    >
      <div className="rounded-lg border border-slate-200 bg-slate-50 px-3.5 py-3 text-sm">
        <p className="font-medium text-slate-700">Motivo da suspensão</p>
        <p className="mt-1 text-slate-600">{user.suspension_reason ?? "Nenhum motivo registrado."}</p>
        {user.suspended_at ? (
          <p className="mt-1 text-xs text-slate-500">
            Suspenso em {formatDateTimeLong(user.suspended_at)}
            {user.suspended_by ? ` por ${user.suspended_by}` : ""}
          </p>
        ) : null}
      </div>
    </ConfirmDialog>
  );
}
