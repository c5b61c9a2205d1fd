import { MSG, type User } from "@clinora/contracts";
import { useState } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useDeleteUser } from "../api/user-mutations";

export interface DeleteUserDialogProps {
  user: User | null;
  onClose: () => void;
}

/**
 * Permanent delete (docs/product/admin.md §5): the typed text must equal the email exactly, and the button stays
 * disabled until it does. A professional user with a professional may also take that professional and all
 * its data along (off by default, §9).
 */
export function DeleteUserDialog({ user, onClose }: DeleteUserDialogProps) {
  // Keyed by user: each opening starts with an empty confirmation and the cascade off.
  return <DeleteUserConfirmation key={user?.id} user={user} onClose={onClose} />;
}

function DeleteUserConfirmation({ user, onClose }: DeleteUserDialogProps) {
  const remove = useDeleteUser();
  const [typed, setTyped] = useState("");
  const [cascade, setCascade] = useState(false);
  const email = user?.email ?? "";
  const matches = typed === email && email !== "";
  // Wrong as soon as it can no longer become the email; a half-typed address is not an error yet.
  const wrong = typed !== "" && !email.startsWith(typed);
  const canCascade = user?.role === "professional" && user.professional_id !== null;

  return (
    <ConfirmDialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      tone="danger"
      title="Excluir usuário permanentemente"
      description={
        <>
          Esta ação não pode ser desfeita. Para confirmar, digite o email <strong className="break-all text-slate-900">{email}</strong>.
        </>
      }
      confirmLabel="Excluir permanentemente"
      confirmDisabled={!matches}
      onConfirm={() => (user ? remove.mutateAsync({ id: user.id, cascade: canCascade && cascade }) : undefined)}
    >
      <FormField label="Email do usuário" htmlFor="delete-user-confirmation" error={wrong ? MSG.deleteConfirmationWrong : undefined}>
        <Input autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} placeholder={email} />
      </FormField>
      {canCascade ? (
        <div className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50/60 px-3.5 py-3">
          <Checkbox id="delete-user-cascade" checked={cascade} onCheckedChange={(checked) => setCascade(checked === true)} className="mt-0.5" />
          <div>
            <Label htmlFor="delete-user-cascade" className="text-red-800">
              Excluir também o profissional {user.professional_name ?? ""} e todos os dados vinculados
            </Label>
            <p className="mt-0.5 text-xs text-red-700">Pacientes, consultas, tarefas, conversas e mensagens serão apagados.</p>
          </div>
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
