import { leadInputSchema, type Lead, type LeadInput, type LeadInputParsed } from "@clinora/contracts";
import { useId } from "react";
import { DialogBody, DialogForm, DialogSubmitFooter, FormDialog } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { SelectFormField } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { useZodForm } from "@/hooks/use-zod-form";
import { formatPhone } from "@/lib/format";
import { useCreateLead, useUpdateLead } from "../api/leads";
import { displayedLeadStatus } from "../lib/lead-status";
import { LEAD_STATUS_OPTIONS } from "../lib/lead-status-options";

export interface LeadFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The lead to edit, or null for 'Novo lead'. */
  lead: Lead | null;
  /** Sources already in use, offered as suggestions. */
  knownSources: readonly string[];
}

/** Create and edit dialog of the leads page (docs/product/admin.md §2.3, validation §5). */
export function LeadFormDialog({ open, onOpenChange, lead, knownSources }: LeadFormDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={lead ? "Editar lead" : "Novo lead"}
      description={lead ? `Altere os dados de ${lead.name}.` : "Registre um novo contato comercial."}
    >
      {/* Mounted with the dialog's content, so each opening starts from the lead's current data. */}
      <LeadForm lead={lead} knownSources={knownSources} onSaved={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function formValues(lead: Lead | null): LeadInput {
  const contact = lead?.contact_form ?? "";
  return {
    name: lead?.name ?? "",
    contact_form: contact.includes("@") ? contact : formatPhone(contact),
    status: lead ? displayedLeadStatus(lead.status) : "new",
    source: lead?.source ?? "",
    notes: lead?.notes ?? "",
  };
}

function LeadForm({ lead, knownSources, onSaved }: { lead: Lead | null; knownSources: readonly string[]; onSaved: () => void }) {
  const create = useCreateLead();
  const update = useUpdateLead();
  const sourcesListId = useId();
  const form = useZodForm(leadInputSchema, formValues(lead));
  const { errors, isSubmitting } = form.formState;

  const save = async (input: LeadInputParsed) => {
    try {
      if (lead) await update.mutateAsync({ id: lead.id, input });
      else await create.mutateAsync(input);
      onSaved();
    } catch {
      // The mutation's toast tells what went wrong; the dialog stays open with what was typed.
    }
  };

  return (
    <DialogForm onSubmit={form.handleSubmit(save)}>
      <DialogBody className="space-y-4">
        <FormField label="Nome" htmlFor="lead-name" required error={errors.name?.message}>
          <Input autoComplete="off" {...form.register("name")} />
        </FormField>
        <FormField
          label="Contato"
          htmlFor="lead-contact"
          required
          description="Email ou telefone"
          error={errors.contact_form?.message}
        >
          <Input autoComplete="off" placeholder="nome@exemplo.com ou (11) 98765-4321" {...form.register("contact_form")} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectFormField control={form.control} name="status" label="Status" htmlFor="lead-status" options={LEAD_STATUS_OPTIONS} />
          <FormField label="Origem" htmlFor="lead-source" error={errors.source?.message}>
            <Input list={sourcesListId} placeholder="Ex.: Instagram" autoComplete="off" {...form.register("source")} />
          </FormField>
          <datalist id={sourcesListId}>
            {knownSources.map((source) => (
              <option key={source} value={source} />
            ))}
          </datalist>
        </div>
        <FormField label="Observações" htmlFor="lead-notes" error={errors.notes?.message}>
          <Textarea rows={4} {...form.register("notes")} />
        </FormField>
      </DialogBody>
      <DialogSubmitFooter busy={isSubmitting} submitLabel={lead ? "Salvar alterações" : "Criar lead"} />
    </DialogForm>
  );
}
