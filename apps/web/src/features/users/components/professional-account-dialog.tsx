import {
  ACCOUNT_DURATION,
  professionalAccountCreateSchema,
  type ProfessionalAccountCreate,
  type ProfessionalAccountCreateInput,
} from "@clinora/contracts";
import { useState } from "react";
import { FormProvider, type FieldErrors } from "react-hook-form";
import { DialogBody, DialogForm, DialogSubmitFooter, FormDialog } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { SelectFormField } from "@/components/ui/select";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { useZodForm } from "@/hooks/use-zod-form";
import { useCreateProfessionalAccount } from "../api/user-mutations";
import { applyServerFieldErrors } from "../lib/server-field-errors";
import { STATUS_OPTIONS } from "../lib/user-options";
import { LoginFields } from "./user-fields";

type Values = ProfessionalAccountCreateInput;
type Tab = "credentials" | "professional" | "clinic";

const EMPTY: Values = {
  email: "",
  password: "",
  status: "active",
  notes: "",
  full_name: "",
  specialty: "",
  phone: "",
  contact_email: "",
  license_type: "",
  license_number: "",
  license_state: "",
  appointment_duration: ACCOUNT_DURATION.default,
  bio: "",
  clinic_name: "",
  clinic_address: "",
  clinic_city: "",
  clinic_state: "",
  clinic_zip: "",
  clinic_phone: "",
};

/** Which tab holds each field, to open the first tab with an error on a failed submit. */
const TAB_FIELDS: Record<Tab, (keyof Values)[]> = {
  credentials: ["email", "password", "status", "notes"],
  professional: ["full_name", "specialty", "phone", "contact_email", "license_type", "license_number", "license_state", "appointment_duration", "bio"],
  clinic: ["clinic_name", "clinic_address", "clinic_city", "clinic_state", "clinic_zip", "clinic_phone"],
};
const TABS = Object.keys(TAB_FIELDS) as Tab[];
const ALL_FIELDS = TABS.flatMap((t) => TAB_FIELDS[t]);
const TAB_LABELS: Record<Tab, string> = {
  credentials: "Credenciais",
  professional: "Dados profissionais",
  clinic: "Clínica (opcional)",
};
const tabHasError = (tab: Tab, errors: FieldErrors<Values>) => TAB_FIELDS[tab].some((field) => errors[field]);

/** A number, or null for an empty or non-numeric entry, which the contract turns into the default 30 (docs/product/admin.md §5). */
const durationOf = (raw: unknown) => (raw === "" || Number.isNaN(Number(raw)) ? null : Number(raw));

export interface ProfessionalAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Nova conta profissional': a login and its professional record in one go. */
export function ProfessionalAccountDialog({ open, onOpenChange }: ProfessionalAccountDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title="Nova conta profissional"
      description="Cria o cadastro do profissional e o acesso dele ao sistema."
    >
      {/* The form lives inside the content: closing unmounts it, so each opening starts empty on the first tab. */}
      <ProfessionalAccountForm onCreated={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function ProfessionalAccountForm({ onCreated }: { onCreated: () => void }) {
  const create = useCreateProfessionalAccount();
  const [tab, setTab] = useState<Tab>("credentials");
  const form = useZodForm(professionalAccountCreateSchema, EMPTY);
  const { errors } = form.formState;

  const showTabOf = (fields: (keyof Values)[]) => {
    const first = TABS.find((t) => TAB_FIELDS[t].some((f) => fields.includes(f)));
    if (first) setTab(first);
  };
  const submit = (values: ProfessionalAccountCreate) =>
    create.mutate(values, {
      onSuccess: onCreated,
      onError: (error) => showTabOf(applyServerFieldErrors(error, form.setError, ALL_FIELDS)),
    });
  const showFirstError = (failed: FieldErrors<Values>) => showTabOf(ALL_FIELDS.filter((f) => failed[f]));

  return (
    <FormProvider {...form}>
      <DialogForm onSubmit={form.handleSubmit(submit, showFirstError)}>
        <DialogBody>
          <Tabs value={tab} onValueChange={(next) => setTab(next as Tab)}>
            <TabsList aria-label="Etapas da conta profissional">
              {TABS.map((t) => (
                <TabsTrigger key={t} value={t}>
                  {TAB_LABELS[t]}
                  {tabHasError(t, errors) ? <span aria-label="com erros" className="size-1.5 rounded-full bg-red-500" /> : null}
                </TabsTrigger>
              ))}
            </TabsList>

            <TabsContent value="credentials" className="space-y-4">
              <LoginFields idPrefix="account" emailLabel="Email de acesso" />
              <SelectFormField control={form.control} name="status" label="Status" htmlFor="account-status" options={STATUS_OPTIONS} />
              <FormField label="Notas administrativas" htmlFor="account-notes">
                <Textarea rows={3} {...form.register("notes")} />
              </FormField>
            </TabsContent>

            <TabsContent value="professional" className="space-y-4">
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField label="Nome completo" htmlFor="account-full-name" required error={errors.full_name?.message}>
                  <Input {...form.register("full_name")} />
                </FormField>
                <FormField label="Especialidade" htmlFor="account-specialty" required error={errors.specialty?.message}>
                  <Input placeholder="Ex.: Psicologia" {...form.register("specialty")} />
                </FormField>
                <FormField label="Telefone" htmlFor="account-phone" error={errors.phone?.message}>
                  <Input type="tel" inputMode="tel" placeholder="(11) 98765-4321" {...form.register("phone")} />
                </FormField>
                <FormField label="Email de contato" htmlFor="account-contact-email" error={errors.contact_email?.message} description="Se vazio, usa o email de acesso.">
                  <Input type="email" {...form.register("contact_email")} />
                </FormField>
              </div>
              <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
                <FormField label="Conselho" htmlFor="account-license-type" error={errors.license_type?.message}>
                  <Input placeholder="CRM, CRP, CRO..." {...form.register("license_type")} />
                </FormField>
                <FormField label="Número do registro" htmlFor="account-license-number" error={errors.license_number?.message}>
                  <Input {...form.register("license_number")} />
                </FormField>
                <FormField label="UF do registro" htmlFor="account-license-state" error={errors.license_state?.message}>
                  <Input maxLength={2} className="uppercase" placeholder="SP" {...form.register("license_state")} />
                </FormField>
              </div>
              <FormField
                label="Duração da consulta (minutos)"
                htmlFor="account-duration"
                error={errors.appointment_duration?.message}
                description={`Entre ${ACCOUNT_DURATION.min} e ${ACCOUNT_DURATION.max} minutos.`}
              >
                <Input
                  type="number"
                  inputMode="numeric"
                  min={ACCOUNT_DURATION.min}
                  max={ACCOUNT_DURATION.max}
                  className="sm:w-40"
                  {...form.register("appointment_duration", { setValueAs: durationOf })}
                />
              </FormField>
              <FormField label="Biografia" htmlFor="account-bio">
                <Textarea rows={3} {...form.register("bio")} />
              </FormField>
            </TabsContent>

            <TabsContent value="clinic" className="space-y-4">
              <p className="text-sm text-slate-500">Todos os campos desta etapa são opcionais. O telefone da clínica, se vazio, usa o telefone principal.</p>
              <FormField label="Nome da clínica" htmlFor="account-clinic-name">
                <Input {...form.register("clinic_name")} />
              </FormField>
              <FormField label="Endereço" htmlFor="account-clinic-address">
                <Input {...form.register("clinic_address")} />
              </FormField>
              <div className="grid grid-cols-[1fr_5rem] gap-4 sm:grid-cols-[1fr_6rem_10rem]">
                <FormField label="Cidade" htmlFor="account-clinic-city">
                  <Input {...form.register("clinic_city")} />
                </FormField>
                <FormField label="UF" htmlFor="account-clinic-state" error={errors.clinic_state?.message}>
                  <Input maxLength={2} className="uppercase" placeholder="SP" {...form.register("clinic_state")} />
                </FormField>
                <FormField label="CEP" htmlFor="account-clinic-zip" className="col-span-2 sm:col-span-1">
                  <Input inputMode="numeric" placeholder="00000-000" {...form.register("clinic_zip")} />
                </FormField>
              </div>
              <FormField label="Telefone da clínica" htmlFor="account-clinic-phone" error={errors.clinic_phone?.message}>
                <Input type="tel" inputMode="tel" {...form.register("clinic_phone")} />
              </FormField>
            </TabsContent>
          </Tabs>
        </DialogBody>
        <DialogSubmitFooter busy={create.isPending} submitLabel={"Criar conta"} />
      </DialogForm>
    </FormProvider>
  );
}
