import { userCreateSchema, type UserCreate, type UserCreateInput } from "@clinora/contracts";
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
import { useCreateUser } from "../api/user-mutations";
import { ROLE_OPTIONS, STATUS_OPTIONS } from "../lib/user-options";
import { ProfessionalLinkField } from "./professional-link-field-slot";

const EMPTY: UserCreateInput = { email: "", password: "", role: "professional", status: "active", professional_id: null, notes: "" };

export interface CreateUserDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Criar Usuário' (spec part 1 §2.6, §5): email and password, role, status, professional link, notes. */
export function CreateUserDialog({ open, onOpenChange }: CreateUserDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="md">
        {/* The form lives inside the content: closing unmounts it, so each opening starts empty. */}
        <CreateUserForm onCreated={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function CreateUserForm({ onCreated }: { onCreated: () => void }) {
  const create = useCreateUser();
  const form = useForm<UserCreateInput, unknown, UserCreate>({ resolver: zodResolver(userCreateSchema), defaultValues: EMPTY });
  const { errors } = form.formState;
  const role = form.watch("role");

  const submit = (values: UserCreate) => create.mutate(values, { onSuccess: onCreated });

  return (
    <>
      <DialogHeader>
        <DialogTitle>Criar Usuário</DialogTitle>
        <DialogDescription>A pessoa entra com este email e senha.</DialogDescription>
      </DialogHeader>
      <DialogForm onSubmit={form.handleSubmit(submit)}>
        <DialogBody className="space-y-4">
          <FormField label="Email" htmlFor="create-user-email" required error={errors.email?.message}>
            <Input type="email" autoComplete="off" {...form.register("email")} />
          </FormField>
          <FormField label="Senha" htmlFor="create-user-password" required error={errors.password?.message} description="Pelo menos 8 caracteres.">
            <Input type="password" autoComplete="new-password" {...form.register("password")} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <FormField label="Perfil" htmlFor="create-user-role">
                  <Select
                    options={ROLE_OPTIONS}
                    value={field.value}
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
                <FormField label="Status" htmlFor="create-user-status">
                  <Select options={STATUS_OPTIONS} value={field.value} onValueChange={field.onChange} />
                </FormField>
              )}
            />
          </div>
          {role === "professional" ? (
            <Controller
              control={form.control}
              name="professional_id"
              render={({ field }) => (
                <ProfessionalLinkField id="create-user-professional" value={field.value} onChange={field.onChange} error={errors.professional_id?.message} />
              )}
            />
          ) : null}
          <FormField label="Notas administrativas" htmlFor="create-user-notes" error={errors.notes?.message}>
            <Textarea rows={3} {...form.register("notes")} />
          </FormField>
        </DialogBody>
        <DialogSubmitFooter busy={create.isPending} submitLabel={"Criar Usuário"} />
      </DialogForm>
    </>
  );
}
