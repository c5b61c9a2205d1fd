import { twilioNumberCreateSchema, type TwilioNumber, type TwilioNumberCreate, type TwilioNumberCreateInput } from "@clinora/contracts";
import { useEffect } from "react";
import { Controller } from "react-hook-form";
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
import { useZodForm } from "@/hooks/use-zod-form";
import type { ProfessionalOption } from "../api/whatsapp";
import { useCreateTwilioNumber, useUpdateTwilioNumber } from "../api/twilio-numbers";

/** Select sentinel for "no owner" (an option may not be "", docs/product/admin.md §5). */
const NO_OWNER = "none";

export interface TwilioNumberDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The number being edited; null to add a new one. */
  number: TwilioNumber | null;
  professionals: ProfessionalOption[];
}

const valuesOf = (number: TwilioNumber | null): TwilioNumberCreateInput => ({
  twilio_number: number?.e164_number ?? "",
  label: number?.label ?? "",
  professional_id: number?.professional_id ?? null,
});

/**
 * Adds a number, or edits the label and owner of one: the number itself cannot change after creation
 * (docs/product/admin.md §5). The owner list keeps the current owner even when it is not among the loaded professionals.
 */
export function TwilioNumberDialog({ open, onOpenChange, number, professionals }: TwilioNumberDialogProps) {
  const editing = number !== null;
  const create = useCreateTwilioNumber();
  const update = useUpdateTwilioNumber();
  const form = useZodForm(twilioNumberCreateSchema, valuesOf(number));
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (open) form.reset(valuesOf(number));
  }, [open, number, form]);

  const owners = [
    { value: NO_OWNER, label: "Sem profissional" },
    ...professionals.map((p) => ({ value: p.id, label: p.full_name })),
  ];
  if (number?.professional_id && !professionals.some((p) => p.id === number.professional_id)) {
    owners.push({ value: number.professional_id, label: number.professional_name ?? "Profissional atual" });
  }

  const save = async (input: TwilioNumberCreate) => {
    if (editing) await update.mutateAsync({ id: number.id, input: { label: input.label, professional_id: input.professional_id } });
    else await create.mutateAsync(input);
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onOpenAutoFocus={(event) => {
          // When editing, the number is read-only: start on the first field that can change.
          if (!editing) return;
          event.preventDefault();
          form.setFocus("label");
        }}
      >
        <DialogHeader>
          <DialogTitle>{editing ? "Editar número" : "Adicionar número Twilio"}</DialogTitle>
          <DialogDescription>
            {editing
              ? "Altere o rótulo ou o profissional atendido por este número. O número em si não pode ser alterado."
              : "Cadastre um número WhatsApp já provisionado no Twilio e, se quiser, vincule-o a um profissional."}
          </DialogDescription>
        </DialogHeader>
        {/* A failed save is toasted by the mutation; the dialog stays open so the admin can correct it. */}
        <DialogForm onSubmit={form.handleSubmit((input) => save(input).catch(() => undefined))}>
          <DialogBody className="space-y-4">
            <FormField
              label="Número Twilio"
              htmlFor="twilio-number"
              required={!editing}
              description={editing ? undefined : "Formato E.164, ex.: +5511940001234. O prefixo whatsapp: é adicionado automaticamente."}
              error={errors.twilio_number?.message}
            >
              <Input type="tel" inputMode="tel" autoComplete="off" placeholder="+5511940001234" readOnly={editing} className={editing ? "bg-slate-50 text-slate-500" : undefined} {...form.register("twilio_number")} />
            </FormField>
            <FormField label="Rótulo" htmlFor="twilio-label" description="Opcional, ex.: Recepção da clínica." error={errors.label?.message}>
              <Input autoComplete="off" maxLength={100} {...form.register("label")} />
            </FormField>
            <Controller
              control={form.control}
              name="professional_id"
              render={({ field, fieldState }) => (
                <FormField label="Profissional" htmlFor="twilio-owner" error={fieldState.error?.message}>
                  <Select
                    options={owners}
                    value={field.value ?? NO_OWNER}
                    onValueChange={(value) => field.onChange(value === NO_OWNER ? null : value)}
                    onBlur={field.onBlur}
                    ref={field.ref}
                  />
                </FormField>
              )}
            />
          </DialogBody>
          <DialogSubmitFooter busy={isSubmitting} submitLabel={editing ? "Salvar alterações" : "Adicionar número"} />
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
