import {
  formatCpf,
  formatPhoneBR,
  isValidCpf,
  patientInputSchema,
  toE164BR,
  type Patient,
  type PatientInput,
  type PatientInputParsed,
} from "@clinora/contracts";
import type { ReactNode } from "react";
import { DateFormField } from "@/components/ui/date-field";
import { DialogBody, DialogForm, DialogSubmitFooter, FormDialog } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useZodForm } from "@/hooks/use-zod-form";
import { isApiError } from "@/lib/api-client";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { formatPhone } from "@/lib/format";
import { useCreatePatient, useUpdatePatient } from "../api/patients";

const FORM_FIELDS = [
  "name",
  "cpf",
  "birth_date",
  "phone",
  "email",
  "address",
  "preferred_time",
  "emergency_contact",
  "medical_history",
  "notes",
] as const;

export interface PatientFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The patient to edit, or null to register one. */
  patient: Patient | null;
}

/** Create/edit dialog of docs/product/patients.md §2; the form is remounted on each opening, so it starts from `patient`. */
export function PatientFormDialog({ open, onOpenChange, patient }: PatientFormDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={patient ? "Editar paciente" : "Novo paciente"}
      description={patient ? "Atualize os dados do paciente." : "Apenas o nome é obrigatório; complete o restante quando quiser."}
    >
      <PatientForm patient={patient} onSaved={() => onOpenChange(false)} />
    </FormDialog>
  );
}

/** Stored values shown the way people write them: CPF with dots and dash, phone as (11) 98765-4321. */
function defaultsOf(patient: Patient | null): PatientInput {
  return {
    name: patient?.name ?? "",
    cpf: patient?.cpf ? formatCpf(patient.cpf) : "",
    birth_date: patient?.birth_date ?? "",
    phone: formatPhone(patient?.phone),
    email: patient?.email ?? "",
    address: patient?.address ?? "",
    preferred_time: patient?.preferred_time ?? "",
    emergency_contact: patient?.emergency_contact ?? "",
    medical_history: patient?.medical_history ?? "",
    notes: patient?.notes ?? "",
  };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4">
      <legend className="mb-3 text-sm font-semibold tracking-wide text-brand-800 uppercase">{title}</legend>
      {children}
    </fieldset>
  );
}

function PatientForm({ patient, onSaved }: { patient: Patient | null; onSaved: () => void }) {
  const create = useCreatePatient();
  const update = useUpdatePatient();
  const form = useZodForm(patientInputSchema, defaultsOf(patient));
  const { errors, isSubmitting } = form.formState;

  const submit = async (input: PatientInputParsed) => {
    try {
      await (patient ? update.mutateAsync({ id: patient.id, input }) : create.mutateAsync(input));
      onSaved();
    } catch (error) {
      applyServerFieldErrors(error, form.setError, FORM_FIELDS);
      // 409: the CPF already belongs to another of the professional's patients (docs/product/patients.md §10.2).
      if (isApiError(error) && error.status === 409 && error.detail) form.setError("cpf", { type: "server", message: error.detail });
    }
  };

  // Tidy a valid entry on leaving the field; an invalid one is left as typed for the error message.
  const tidyCpf = (value: string) => {
    if (isValidCpf(value)) form.setValue("cpf", formatCpf(value));
  };
  const tidyPhone = (value: string) => {
    const e164 = toE164BR(value);
    if (e164) form.setValue("phone", formatPhoneBR(e164));
  };

  return (
    <DialogForm onSubmit={form.handleSubmit(submit)}>
      <DialogBody className="space-y-7">
        <Section title="Informações básicas">
          <FormField label="Nome completo" htmlFor="patient-name" required error={errors.name?.message}>
            <Input autoFocus autoComplete="off" {...form.register("name")} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="CPF" htmlFor="patient-cpf" error={errors.cpf?.message}>
              <Input
                inputMode="numeric"
                placeholder="000.000.000-00"
                autoComplete="off"
                {...form.register("cpf", { onBlur: (event) => tidyCpf(event.target.value) })}
              />
            </FormField>
            <DateFormField control={form.control} name="birth_date" label="Data de nascimento" htmlFor="patient-birth-date" />
            <FormField label="Telefone" htmlFor="patient-phone" error={errors.phone?.message}>
              <Input
                type="tel"
                inputMode="tel"
                placeholder="(11) 98765-4321"
                autoComplete="off"
                {...form.register("phone", { onBlur: (event) => tidyPhone(event.target.value) })}
              />
            </FormField>
            <FormField label="Email" htmlFor="patient-email" error={errors.email?.message}>
              <Input type="email" inputMode="email" placeholder="paciente@email.com" autoComplete="off" {...form.register("email")} />
            </FormField>
          </div>
        </Section>

        <Section title="Endereço e preferências">
          <FormField label="Endereço" htmlFor="patient-address" error={errors.address?.message}>
            <Textarea rows={2} placeholder="Rua, número, bairro, cidade" {...form.register("address")} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Horário preferido" htmlFor="patient-preferred-time" error={errors.preferred_time?.message}>
              <Input placeholder="Ex.: manhãs, após as 18h" {...form.register("preferred_time")} />
            </FormField>
            <FormField label="Contato de emergência" htmlFor="patient-emergency-contact" error={errors.emergency_contact?.message}>
              <Input placeholder="Nome e telefone" {...form.register("emergency_contact")} />
            </FormField>
          </div>
        </Section>

        <Section title="Informações médicas">
          <FormField label="Histórico médico" htmlFor="patient-medical-history" error={errors.medical_history?.message}>
            <Textarea rows={4} placeholder="Condições, medicamentos em uso, alergias..." {...form.register("medical_history")} />
          </FormField>
          <FormField label="Notas" htmlFor="patient-notes" error={errors.notes?.message}>
            <Textarea rows={3} placeholder="Observações gerais sobre o paciente" {...form.register("notes")} />
          </FormField>
        </Section>
      </DialogBody>
      <DialogSubmitFooter busy={isSubmitting} submitLabel={patient ? "Salvar alterações" : "Cadastrar paciente"} />
    </DialogForm>
  );
}
