import { MSG, personalInfoSchema, type Professional } from "@clinora/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useSaveProfileGroup } from "../hooks/use-save-profile-group";
import { personalFormValues } from "../lib/profile-form-values";
import { SettingsFormCard } from "./settings-form-card";

/** Pessoal: the professional's own name, contacts and specialty. */
export function PersonalInfoForm({ profile }: { profile: Professional }) {
  const form = useForm({ resolver: zodResolver(personalInfoSchema), defaultValues: personalFormValues(profile) });
  const { onSubmit, saving } = useSaveProfileGroup(form, { saved: MSG.personalSaved, failed: MSG.personalSaveError }, personalFormValues);
  const { register, formState } = form;
  const errors = formState.errors;

  return (
    <SettingsFormCard
      title="Informações pessoais"
      description="Seus dados como profissional. O email de acesso ao Clinora não muda aqui."
      onSubmit={onSubmit}
      saving={saving}
    >
      <FormField label="Nome completo" htmlFor="personal-full-name" required className="sm:col-span-2" error={errors.full_name?.message}>
        <Input maxLength={200} autoComplete="name" {...register("full_name")} />
      </FormField>
      <FormField label="Especialidade" htmlFor="personal-specialty" required error={errors.specialty?.message}>
        <Input maxLength={200} placeholder="Ex.: Psicologia" {...register("specialty")} />
      </FormField>
      <FormField label="Telefone" htmlFor="personal-phone" error={errors.phone?.message}>
        <Input type="tel" maxLength={40} autoComplete="tel" placeholder="(11) 98765-4321" {...register("phone")} />
      </FormField>
      <FormField label="Email de contato" htmlFor="personal-email" className="sm:col-span-2" error={errors.email?.message}>
        <Input type="email" maxLength={254} autoComplete="email" {...register("email")} />
      </FormField>
    </SettingsFormCard>
  );
}
