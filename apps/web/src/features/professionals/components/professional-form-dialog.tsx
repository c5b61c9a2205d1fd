import {
  APPOINTMENT_DURATION,
  professionalInputSchema,
  type Professional,
  type ProfessionalInput,
  type ProfessionalInputParsed,
} from "@clinora/contracts";
import { Controller, type Control } from "react-hook-form";
import { DialogBody, DialogForm, DialogSubmitFooter, FormDialog } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { useZodForm } from "@/hooks/use-zod-form";
import { formatPhone } from "@/lib/format";
import { useCreateProfessional, useUpdateProfessional } from "../api/professionals";

export interface ProfessionalFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The professional to edit, or null to create one. */
  professional: Professional | null;
}

/** Create and edit dialog of the professionals page (docs/product/admin.md §2.2, validation §5). */
export function ProfessionalFormDialog({ open, onOpenChange, professional }: ProfessionalFormDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={professional ? "Editar Profissional" : "Novo Profissional"}
      description={professional ? `Altere os dados de ${professional.full_name}.` : "Cadastre um profissional na plataforma."}
    >
      {/* Mounted with the dialog's content, so each opening starts from the professional's current data. */}
      <ProfessionalForm professional={professional} onSaved={() => onOpenChange(false)} />
    </FormDialog>
  );
}

/** docs/product/admin.md §5: a duration that is not a number falls back to 50 minutes. */
function durationOrDefault(value: unknown): number {
  const minutes = typeof value === "number" ? value : Number(String(value).trim() || Number.NaN);
  return Number.isFinite(minutes) ? minutes : APPOINTMENT_DURATION.default;
}

function formValues(professional: Professional | null): ProfessionalInput {
  return {
    full_name: professional?.full_name ?? "",
    specialty: professional?.specialty ?? "",
    email: professional?.email ?? "",
    phone: professional?.phone ? formatPhone(professional.phone) : "",
    clinic_name: professional?.clinic_name ?? "",
    clinic_address: professional?.clinic_address ?? "",
    clinic_city: professional?.clinic_city ?? "",
    clinic_state: professional?.clinic_state ?? "",
    clinic_zip: professional?.clinic_zip ?? "",
    bio: professional?.bio ?? "",
    appointment_duration: professional?.appointment_duration ?? APPOINTMENT_DURATION.default,
    is_available: professional?.is_available ?? true,
    zen_mode: professional?.zen_mode ?? false,
  };
}

function ProfessionalForm({ professional, onSaved }: { professional: Professional | null; onSaved: () => void }) {
  const create = useCreateProfessional();
  const update = useUpdateProfessional();
  const form = useZodForm(professionalInputSchema, formValues(professional));
  const { errors, isSubmitting } = form.formState;

  const save = async (input: ProfessionalInputParsed) => {
    try {
      if (professional) await update.mutateAsync({ id: professional.id, input });
      else await create.mutateAsync(input);
      onSaved();
    } catch {
      // The mutation's toast tells what went wrong; the dialog stays open with what was typed.
    }
  };

  return (
    <DialogForm onSubmit={form.handleSubmit(save)}>
      <DialogBody className="space-y-6">
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-3 text-sm font-semibold text-slate-900">Dados profissionais</legend>
          <FormField label="Nome completo" htmlFor="professional-full-name" required error={errors.full_name?.message}>
            <Input autoComplete="off" {...form.register("full_name")} />
          </FormField>
          <FormField label="Especialidade" htmlFor="professional-specialty" required error={errors.specialty?.message}>
            <Input placeholder="Ex.: Psicologia" {...form.register("specialty")} />
          </FormField>
          <FormField label="Email" htmlFor="professional-email" error={errors.email?.message}>
            <Input type="email" inputMode="email" autoComplete="off" {...form.register("email")} />
          </FormField>
          <FormField label="Telefone" htmlFor="professional-phone" error={errors.phone?.message}>
            <Input type="tel" inputMode="tel" placeholder="(11) 98765-4321" {...form.register("phone")} />
          </FormField>
          <FormField
            label="Duração da consulta (minutos)"
            htmlFor="professional-duration"
            description={`De ${APPOINTMENT_DURATION.min} a ${APPOINTMENT_DURATION.max} minutos.`}
            error={errors.appointment_duration?.message}
          >
            <Input
              type="number"
              inputMode="numeric"
              min={APPOINTMENT_DURATION.min}
              max={APPOINTMENT_DURATION.max}
              step={5}
              {...form.register("appointment_duration", { setValueAs: durationOrDefault })}
            />
          </FormField>
          <FormField label="Bio" htmlFor="professional-bio" error={errors.bio?.message} className="sm:col-span-2">
            <Textarea rows={3} {...form.register("bio")} />
          </FormField>
        </fieldset>

        <fieldset className="grid gap-4 sm:grid-cols-6">
          <legend className="mb-3 text-sm font-semibold text-slate-900">Clínica</legend>
          <FormField label="Nome da clínica" htmlFor="professional-clinic-name" error={errors.clinic_name?.message} className="sm:col-span-6">
            <Input {...form.register("clinic_name")} />
          </FormField>
          <FormField label="Endereço" htmlFor="professional-clinic-address" error={errors.clinic_address?.message} className="sm:col-span-6">
            <Input placeholder="Rua, número, sala - bairro" {...form.register("clinic_address")} />
          </FormField>
          <FormField label="Cidade" htmlFor="professional-clinic-city" error={errors.clinic_city?.message} className="sm:col-span-3">
            <Input {...form.register("clinic_city")} />
          </FormField>
          <FormField label="UF" htmlFor="professional-clinic-state" error={errors.clinic_state?.message} className="sm:col-span-1">
            <Input maxLength={2} placeholder="SP" className="uppercase" {...form.register("clinic_state")} />
          </FormField>
          <FormField label="CEP" htmlFor="professional-clinic-zip" error={errors.clinic_zip?.message} className="sm:col-span-2">
            <Input inputMode="numeric" placeholder="00000-000" {...form.register("clinic_zip")} />
          </FormField>
        </fieldset>

        <div className="grid gap-3 sm:grid-cols-2">
          <SwitchField control={form.control} name="is_available" id="professional-available" label="Disponível" hint="Aceita novos agendamentos" />
          <SwitchField control={form.control} name="zen_mode" id="professional-zen" label="Modo zen" hint="Sem notificações" />
        </div>
      </DialogBody>
      <DialogSubmitFooter busy={isSubmitting} submitLabel={professional ? "Salvar alterações" : "Criar profissional"} />
    </DialogForm>
  );
}

interface SwitchFieldProps {
  control: Control<ProfessionalInput, unknown, ProfessionalInputParsed>;
  name: "is_available" | "zen_mode";
  id: string;
  label: string;
  hint: string;
}

function SwitchField({ control, name, id, label, hint }: SwitchFieldProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex items-center justify-between gap-4 rounded-lg border border-slate-200 px-4 py-3">
          <div>
            <Label htmlFor={id}>{label}</Label>
            <p className="text-xs text-slate-500">{hint}</p>
          </div>
          <Switch id={id} checked={field.value ?? false} onCheckedChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />
        </div>
      )}
    />
  );
}
