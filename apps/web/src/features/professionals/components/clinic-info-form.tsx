import { MSG, clinicInfoSchema, type Professional } from "@clinora/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useSaveProfileGroup } from "../hooks/use-save-profile-group";
import { clinicFormValues } from "../lib/profile-form-values";
import { SettingsFormCard } from "./settings-form-card";

/** Atendimento: the practice as patients and the assistant describe it. */
export function ClinicInfoForm({ profile }: { profile: Professional }) {
  const form = useForm({ resolver: zodResolver(clinicInfoSchema), defaultValues: clinicFormValues(profile) });
  const { onSubmit, saving } = useSaveProfileGroup(form, { saved: MSG.clinicSaved, failed: MSG.clinicSaveError }, clinicFormValues);
  const { register, formState } = form;
  const errors = formState.errors;

  return (
    <SettingsFormCard
      title="Informações do consultório"
      description="Nome, endereço e contatos que os pacientes veem e que o assistente virtual usa nas respostas."
      onSubmit={onSubmit}
      saving={saving}
    >
      <FormField label="Nome da clínica" htmlFor="clinic-name" className="sm:col-span-2" error={errors.clinic_name?.message}>
        <Input maxLength={200} autoComplete="organization" {...register("clinic_name")} />
      </FormField>
      <FormField label="Endereço" htmlFor="clinic-address" className="sm:col-span-2" error={errors.clinic_address?.message}>
        <Input maxLength={300} autoComplete="street-address" placeholder="Rua, número, sala - bairro" {...register("clinic_address")} />
      </FormField>
      <FormField label="Cidade" htmlFor="clinic-city" error={errors.clinic_city?.message}>
        <Input maxLength={120} autoComplete="address-level2" {...register("clinic_city")} />
      </FormField>
      {/* UF and CEP share a row while the whole CEP fits; at 200 % text the CEP takes the next row. */}
      <div className="flex flex-wrap gap-4">
        <FormField label="UF" htmlFor="clinic-state" className="w-20 shrink-0" error={errors.clinic_state?.message}>
          <Input maxLength={2} autoComplete="address-level1" className="uppercase" placeholder="SP" {...register("clinic_state")} />
        </FormField>
        <FormField label="CEP" htmlFor="clinic-zip" className="min-w-0 flex-[1_1_9.5rem]" error={errors.clinic_zip?.message}>
          <Input maxLength={9} inputMode="numeric" autoComplete="postal-code" placeholder="00000-000" {...register("clinic_zip")} />
        </FormField>
      </div>
      <FormField label="Telefone da clínica" htmlFor="clinic-phone" error={errors.clinic_phone?.message}>
        <Input type="tel" maxLength={40} autoComplete="tel" placeholder="(11) 3456-7890" {...register("clinic_phone")} />
      </FormField>
      <FormField label="Email da clínica" htmlFor="clinic-email" error={errors.clinic_email?.message}>
        <Input type="email" maxLength={254} autoComplete="email" placeholder="contato@suaclinica.com.br" {...register("clinic_email")} />
      </FormField>
      <FormField
        label="Descrição dos serviços"
        htmlFor="clinic-bio"
        className="sm:col-span-2"
        description="Especialidades, abordagens e formas de atendimento (presencial, online)."
        error={errors.bio?.message}
      >
        <Textarea rows={4} maxLength={2000} {...register("bio")} />
      </FormField>
    </SettingsFormCard>
  );
}
