import {
  TASK_PRIORITIES,
  TASK_PRIORITY_LABELS,
  TASK_STATUSES,
  TASK_STATUS_LABELS,
  taskInputSchema,
  type Task,
  type TaskInput,
  type TaskInputParsed,
} from "@clinora/contracts";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { PatientCombobox } from "./patient-combobox-slot";
import { DateFormField } from "@/components/ui/date-field";
import { DialogBody, DialogForm, DialogSubmitFooter, FormDialog } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { SelectFormField } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { useZodForm } from "@/hooks/use-zod-form";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { useCreateTask, useUpdateTask } from "../api/tasks";

const STATUS_OPTIONS = TASK_STATUSES.map((value) => ({ value, label: TASK_STATUS_LABELS[value] }));
const PRIORITY_OPTIONS = TASK_PRIORITIES.map((value) => ({ value, label: TASK_PRIORITY_LABELS[value] }));

const FORM_FIELDS = ["title", "description", "status", "priority", "due_date", "patient_id"] as const;

export interface TaskFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The task to edit, or null to create one. */
  task: Task | null;
}

/** Create/edit dialog of docs/product/tasks.md §2; the form is remounted on each opening, so it starts from `task`. */
export function TaskFormDialog({ open, onOpenChange, task }: TaskFormDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      size="md"
      title={task ? "Editar tarefa" : "Nova tarefa"}
      description={task ? "Altere os dados da tarefa e salve." : "Registre o que precisa ser feito e, se quiser, vincule a um paciente."}
    >
      <TaskForm task={task} onSaved={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function defaultsOf(task: Task | null): TaskInput {
  return {
    title: task?.title ?? "",
    description: task?.description ?? "",
    status: task?.status ?? "todo",
    priority: task?.priority ?? "medium",
    due_date: task?.due_date ?? "",
    patient_id: task?.patient_id ?? "",
  };
}

function TaskForm({ task, onSaved }: { task: Task | null; onSaved: () => void }) {
  const create = useCreateTask();
  const update = useUpdateTask();
  const form = useZodForm(taskInputSchema, defaultsOf(task));
  const { errors, isSubmitting } = form.formState;

  // The linked patient's name, shown in the picker (the form holds only the id).
  const [patientName, setPatientName] = useState(task?.patient_name ?? "Paciente vinculado");

  const submit = async (input: TaskInputParsed) => {
    try {
      await (task ? update.mutateAsync({ id: task.id, input }) : create.mutateAsync(input));
      onSaved();
    } catch (error) {
      applyServerFieldErrors(error, form.setError, FORM_FIELDS);
    }
  };

  return (
    <DialogForm onSubmit={form.handleSubmit(submit)}>
      <DialogBody className="space-y-4">
        <FormField label="Título" htmlFor="task-title" required error={errors.title?.message}>
          <Input autoFocus placeholder="Ex.: Enviar relatório ao convênio" {...form.register("title")} />
        </FormField>

        <FormField label="Descrição" htmlFor="task-description" error={errors.description?.message}>
          <Textarea rows={3} placeholder="Detalhes, se precisar" {...form.register("description")} />
        </FormField>

        <div className="grid gap-4 sm:grid-cols-2">
          <SelectFormField control={form.control} name="status" label="Status" htmlFor="task-status" options={STATUS_OPTIONS} />
          <SelectFormField control={form.control} name="priority" label="Prioridade" htmlFor="task-priority" options={PRIORITY_OPTIONS} />
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <DateFormField control={form.control} name="due_date" label="Data de vencimento" htmlFor="task-due-date" />
          <Controller
            control={form.control}
            name="patient_id"
            render={({ field }) => (
              <FormField label="Paciente" htmlFor="task-patient" error={errors.patient_id?.message}>
                <PatientCombobox
                  noneLabel="Nenhum paciente"
                  value={field.value ? { id: field.value, name: patientName } : null}
                  onChange={(patient) => {
                    setPatientName(patient?.name ?? "");
                    field.onChange(patient?.id ?? "");
                  }}
                  onBlur={field.onBlur}
                />
              </FormField>
            )}
          />
        </div>
      </DialogBody>
      <DialogSubmitFooter busy={isSubmitting} submitLabel={task ? "Salvar alterações" : "Criar tarefa"} />
    </DialogForm>
  );
}
