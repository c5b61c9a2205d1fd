import type { UserCreateInput, UserUpdateInput } from "@clinora/contracts";
import { Controller, useFormContext } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { SelectFormField } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { ROLE_OPTIONS, STATUS_OPTIONS } from "../lib/user-options";
import { ProfessionalLinkField } from "./professional-link-field-slot";

/*
 * Fields that several user forms hold. They read the form from react-hook-form's FormProvider, since each form
 * has its own schema and these fields are only a part of it.
 */

type LoginValues = Pick<UserCreateInput, "email" | "password">;

/** The email and password a new login signs in with. */
export function LoginFields({ idPrefix, emailLabel }: { idPrefix: string; emailLabel: string }) {
  const { register, formState } = useFormContext<LoginValues>();
  const { errors } = formState;
  return (
    <>
      <FormField label={emailLabel} htmlFor={`${idPrefix}-email`} required error={errors.email?.message}>
        <Input type="email" autoComplete="off" {...register("email")} />
      </FormField>
      <FormField label="Senha" htmlFor={`${idPrefix}-password`} required error={errors.password?.message} description="Pelo menos 8 caracteres.">
        <Input type="password" autoComplete="new-password" {...register("password")} />
      </FormField>
    </>
  );
}

type AccessValues = Pick<UserUpdateInput, "role" | "status" | "professional_id" | "notes">;

export interface UserAccessFieldsProps {
  idPrefix: string;
  notesRows: number;
  /** The signed-in administrator may not change their own role or status. */
  isSelf?: boolean;
  /** The professional the user is linked to now, listed even when the selection list cannot be loaded. */
  current?: { id: string; name: string | null } | null;
}

/** Role and status, the linked professional (role professional only) and the administrative notes. */
export function UserAccessFields({ idPrefix, notesRows, isSelf = false, current }: UserAccessFieldsProps) {
  const form = useFormContext<AccessValues>();
  const { errors } = form.formState;
  const role = form.watch("role");
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectFormField
          control={form.control}
          name="role"
          label="Perfil"
          htmlFor={`${idPrefix}-role`}
          description={isSelf ? "Você não pode alterar o próprio perfil." : undefined}
          options={ROLE_OPTIONS}
          disabled={isSelf}
          onValueChange={(next) => {
            if (next !== "professional") form.setValue("professional_id", null);
          }}
        />
        <SelectFormField control={form.control} name="status" label="Status" htmlFor={`${idPrefix}-status`} options={STATUS_OPTIONS} disabled={isSelf}
          description={isSelf ? "Você não pode alterar o próprio status." : undefined} />
      </div>
      {role === "professional" ? (
        <Controller
          control={form.control}
          name="professional_id"
          render={({ field }) => (
            <ProfessionalLinkField id={`${idPrefix}-professional`} value={field.value} onChange={field.onChange} current={current} error={errors.professional_id?.message} />
          )}
        />
      ) : null}
      <FormField label="Notas administrativas" htmlFor={`${idPrefix}-notes`} error={errors.notes?.message}>
        <Textarea rows={notesRows} {...form.register("notes")} />
      </FormField>
    </>
  );
}
