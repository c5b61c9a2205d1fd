import {
  userCreateSchema,
  userUpdateSchema,
  type User,
  type UserCreateInput,
  type UserUpdateInput,
} from "@clinora/contracts";
import { FormProvider } from "react-hook-form";
import { DialogBody, DialogForm, DialogSubmitFooter, FormDialog } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useZodForm } from "@/hooks/use-zod-form";
import { useCreateUser, useUpdateUser } from "../api/user-mutations";
import { LoginFields, UserAccessFields } from "./user-fields";

const EMPTY: UserCreateInput = { email: "", password: "", role: "professional", status: "active", professional_id: null, notes: "" };

const valuesOf = (user: User): UserUpdateInput => ({
  full_name: user.full_name,
  role: user.role,
  status: user.status,
  professional_id: user.professional_id,
  notes: user.notes ?? "",
});

export interface UserFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The user to edit, or null for 'Criar usuário'. */
  user: User | null;
  /** The signed-in administrator may not change their own role or status. */
  isSelf: boolean;
}

/**
 * 'Criar usuário' (email and password, role, status, professional link, notes) and 'Editar usuário' (name instead
 * of the login; the status may be set directly).
 */
export function UserFormDialog({ open, onOpenChange, user, isSelf }: UserFormDialogProps) {
  const close = () => onOpenChange(false);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={user ? "Editar usuário" : "Criar usuário"}
      description={user ? user.email : "A pessoa entra com este email e senha."}
    >
      {/* Mounted with the dialog's content, so each opening starts empty or from the user's current values. */}
      {user ? <EditUserForm user={user} isSelf={isSelf} onDone={close} /> : <CreateUserForm onDone={close} />}
    </FormDialog>
  );
}

function CreateUserForm({ onDone }: { onDone: () => void }) {
  const create = useCreateUser();
  const form = useZodForm(userCreateSchema, EMPTY);
  return (
    <FormProvider {...form}>
      <DialogForm onSubmit={form.handleSubmit((values) => create.mutate(values, { onSuccess: onDone }))}>
        <DialogBody className="space-y-4">
          <LoginFields idPrefix="create-user" emailLabel="Email" />
          <UserAccessFields idPrefix="create-user" notesRows={3} />
        </DialogBody>
        <DialogSubmitFooter busy={create.isPending} submitLabel="Criar usuário" />
      </DialogForm>
    </FormProvider>
  );
}

function EditUserForm({ user, isSelf, onDone }: { user: User; isSelf: boolean; onDone: () => void }) {
  const update = useUpdateUser();
  const form = useZodForm(userUpdateSchema, valuesOf(user));
  const current = user.professional_id ? { id: user.professional_id, name: user.professional_name } : null;
  return (
    <FormProvider {...form}>
      <DialogForm onSubmit={form.handleSubmit((input) => update.mutate({ id: user.id, input }, { onSuccess: onDone }))}>
        <DialogBody className="space-y-4">
          <FormField label="Nome" htmlFor="edit-user-name" required error={form.formState.errors.full_name?.message}>
            <Input autoComplete="off" {...form.register("full_name")} />
          </FormField>
          <UserAccessFields idPrefix="edit-user" notesRows={4} isSelf={isSelf} current={current} />
        </DialogBody>
        <DialogSubmitFooter busy={update.isPending} submitLabel="Salvar" />
      </DialogForm>
    </FormProvider>
  );
}
