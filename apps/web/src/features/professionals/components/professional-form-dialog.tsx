import {
  APPOINTMENT_DURATION,
  professionalInputSchema,
  type Professional,
  type ProfessionalAccess,
  type ProfessionalInput,
  type ProfessionalInputParsed,
} from "@clinora/contracts";
import { useState } from "react";
import { Controller, type Control } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { DialogBody, DialogClose, DialogFooter, DialogForm, DialogSubmitFooter, FormDialog } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { useZodForm } from "@/hooks/use-zod-form";
import { serverDetail } from "@/lib/api-client";
import { formatPhone } from "@/lib/format";
import { useCreateProfessionalAccess } from "../api/professional-access";
import { useCreateProfessional, useUpdateProfessional } from "../api/professionals";
import { ProfessionalAccessPanel } from "./professional-access-panel";

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
      title={professional ? "Editar profissional" : "Novo profissional"}
      description={professional ? `Altere os dados de ${professional.full_name}.` : "Cadastre um profissional e, no mesmo passo, o acesso dela ao Clinora."}
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

/** What the create step made: the profile, and her access or why it could not be made. */
interface Created {
  professional: Professional;
  access: ProfessionalAccess | null;
  failure: string | null;
}

function ProfessionalForm({ professional, onSaved }: { professional: Professional | null; onSaved: () => void }) {
  const create = useCreateProfessional();
  const update = useUpdateProfessional();
  const grant = useCreateProfessionalAccess();
  const form = useZodForm(professionalInputSchema, formValues(professional));
  const { errors, isSubmitting } = form.formState;
  // docs/product/admin.md §2.2: a new professional gets her login in the same step unless the admin says not now.
  const [withAccess, setWithAccess] = useState(true);
  const [created, setCreated] = useState<Created | null>(null);

  const save = async (input: ProfessionalInputParsed) => {
    if (!professional && withAccess && !input.email) {
      form.setError("email", { message: "Informe o email: é com ele que ela entra no Clinora." }, { shouldFocus: true });
      return;
    }
    try {
      if (professional) {
        await update.mutateAsync({ id: professional.id, input });
        onSaved();
        return;
      }
      const made = await create.mutateAsync(input);
      if (!withAccess || !made.email) return setCreated({ professional: made, access: null, failure: null });
      try {
        setCreated({ professional: made, access: await grant.mutateAsync({ professional_id: made.id, email: made.email }), failure: null });
      } catch (error) {
        setCreated({ professional: made, access: null, failure: serverDetail(error) ?? "Não foi possível criar o acesso." });
      }
    } catch {
      // The mutation's toast tells what went wrong; the dialog stays open with what was typed.
    }
  };

  if (created) {
    return (
      <>
        <DialogBody className="space-y-4">
          <p className="text-sm text-slate-700">
            Perfil de <strong className="font-semibold text-slate-900">{created.professional.full_name}</strong> criado.
          </p>
          <ProfessionalAccessPanel professional={created.professional} created={created.access} failure={created.failure} />
        </DialogBody>
        <DialogFooter>
          <DialogClose asChild>
            <Button>Concluir</Button>
          </DialogClose>
        </DialogFooter>
      </>
    );
  }

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

        {professional ? null : (
          <div className="flex items-center justify-between gap-4 rounded-lg border border-brand-200 bg-brand-50/50 px-4 py-3">
            <div>
              <Label htmlFor="professional-access">Criar o acesso dela agora</Label>
              <p id="professional-access-hint" className="text-xs text-slate-600">
                Login com o email acima e uma primeira senha, mostrada uma vez ao salvar.
              </p>
            </div>
            <Switch id="professional-access" aria-describedby="professional-access-hint" checked={withAccess} onCheckedChange={setWithAccess} />
          </div>
        )}

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
