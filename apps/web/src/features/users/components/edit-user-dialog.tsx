import { userUpdateSchema, type User, type UserUpdate, type UserUpdateInput } from "@clinora/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogForm,
  DialogHeader,
  DialogSubmitFooter,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { useUpdateUser } from "../api/user-mutations";
import { ROLE_OPTIONS, STATUS_OPTIONS } from "../lib/user-options";
import { ProfessionalLinkField } from "./professional-link-field-slot";

export interface EditUserDialogProps {
  /** The user being edited; null keeps the dialog closed. */
  user: User | null;
  /** The signed-in administrator may not change their own role or status. */
  isSelf: boolean;
  onClose: () => void;
}

const valuesOf = (user: User): UserUpdateInput => ({
  full_name: user.full_name,
  role: user.role,
  status: user.status,
  professional_id: user.professional_id,
  notes: user.notes ?? "",
});

/** Edit dialog (spec part 1 §4, §6): role, status, linked professional and notes; the status may be set directly. */
export function EditUserDialog({ user, isSelf, onClose }: EditUserDialogProps) {
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent size="md">
        {/* Keyed by user so the form starts from that user's values each time. */}
        {user ? <EditUserForm key={user.id} user={user} isSelf={isSelf} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditUserForm({ user, isSelf, onDone }: { user: User; isSelf: boolean; onDone: () => void }) {
  const update = useUpdateUser();
  const form = useForm<UserUpdateInput, unknown, UserUpdate>({ resolver: zodResolver(userUpdateSchema), defaultValues: valuesOf(user) });
  const { errors } = form.formState;
  const role = form.watch("role");

  const submit = (input: UserUpdate) => update.mutate({ id: user.id, input }, { onSuccess: onDone });

  return (
    <>
      <DialogHeader>
        <DialogTitle>Editar Usuário</DialogTitle>
        <DialogDescription>{user.email}</DialogDescription>
      </DialogHeader>
      <DialogForm onSubmit={form.handleSubmit(submit)}>
        <DialogBody className="space-y-4">
          <FormField label="Nome" htmlFor="edit-user-name" required error={errors.full_name?.message}>
            <Input autoComplete="off" {...form.register("full_name")} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <FormField label="Perfil" htmlFor="edit-user-role" description={isSelf ? "Você não pode alterar o próprio perfil." : undefined}>
                  <Select
                    options={ROLE_OPTIONS}
                    value={field.value}
                    disabled={isSelf}
                    onValueChange={(next) => {
                      field.onChange(next);
                      if (next !== "professional") form.setValue("professional_id", null);
                    }}
                  />
                </FormField>
              )}
            />
            <Controller
              control={form.control}
              name="status"
              render={({ field }) => (
                <FormField label="Status" htmlFor="edit-user-status" description={isSelf ? "Você não pode alterar o próprio status." : undefined}>
                  <Select options={STATUS_OPTIONS} value={field.value} disabled={isSelf} onValueChange={field.onChange} />
                </FormField>
              )}
            />
          </div>
          {role === "professional" ? (
            <Controller
              control={form.control}
              name="professional_id"
              render={({ field }) => (
                <ProfessionalLinkField
                  id="edit-user-professional"
                  value={field.value}
                  onChange={field.onChange}
                  current={user.professional_id ? { id: user.professional_id, name: user.professional_name } : null}
                  error={errors.professional_id?.message}
                />
              )}
            />
          ) : null}
          <FormField label="Notas administrativas" htmlFor="edit-user-notes" error={errors.notes?.message}>
            <Textarea rows={4} {...form.register("notes")} />
          </FormField>
        </DialogBody>
        <DialogSubmitFooter busy={update.isPending} submitLabel={"Salvar"} />
      </DialogForm>
    </>
  );
}
