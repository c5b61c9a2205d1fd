import { DEFAULT_TIME_ZONE, type Task } from "@clinora/contracts";
import { todayIn } from "@clinora/contracts/zoned-time";
import { ListTodo, Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-dialog";
import { EmptyState, NoMatchState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingState } from "@/components/ui/loading-state";
import { PageHeader } from "@/components/ui/page-header";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { useDialogState } from "@/hooks/use-dialog-state";
import { useErrorToast } from "@/hooks/use-error-toast";
import { useCurrentUser } from "@/features/auth/hooks/use-current-user";
import { TASKS_PER_PAGE, useDeleteTask, useTasks, useTaskSummary, useToggleTaskDone } from "@/features/tasks/api/tasks";
import { hasTaskFilters, NO_TASK_FILTERS, TaskFilters, toTaskListParams, type TaskFilterValues } from "@/features/tasks/components/task-filters";
import { TaskFormDialog } from "@/features/tasks/components/task-form-dialog";
import { FillPatientCombobox } from "@/features/tasks/components/patient-combobox-slot";
import { PatientCombobox } from "@/features/patients/components/patient-combobox";
import { TaskItem } from "@/features/tasks/components/task-item";
import { TaskSummaryCards } from "@/features/tasks/components/task-summary-cards";

const LOAD_ERROR = "Erro ao carregar tarefas";

export function TasksPage() {
  const { professional } = useCurrentUser();
  // docs/product/tasks.md §1: without a professional profile nothing is loaded and the list stays empty.
  const enabled = professional !== null;
  const today = todayIn(professional?.timezone ?? DEFAULT_TIME_ZONE, new Date());

  const [filters, setFilters] = useState<TaskFilterValues>(NO_TASK_FILTERS);
  const search = useDebouncedValue(filters.search);
  const tasks = useTasks(toTaskListParams(filters, search), enabled);
  const summary = useTaskSummary(enabled);
  const toggle = useToggleTaskDone();
  const remove = useDeleteTask();

  /** The task being edited, or null when creating one. */
  const editing = useDialogState<Task | null>();
  const deleting = useDialogState<Task>();
  useErrorToast(tasks.error ?? summary.error, LOAD_ERROR);

  const openCreate = () => editing.show(null);
  const items = tasks.data?.items ?? [];
  const filtered = hasTaskFilters(filters);

  const list = () => {
    if (tasks.isPending && enabled) return <LoadingState text="Carregando tarefas..." />;
    if (tasks.isError) return <ErrorState message={LOAD_ERROR} onRetry={() => void tasks.refetch()} retrying={tasks.isFetching} />;
    if (items.length === 0) {
      return filtered ? (
        <NoMatchState
          title="Nenhuma tarefa encontrada"
          description="Nenhuma tarefa corresponde aos filtros escolhidos."
          clearLabel="Limpar filtros"
          onClear={() => setFilters(NO_TASK_FILTERS)}
        />
      ) : (
        <EmptyState
          icon={ListTodo}
          title="Nenhuma tarefa cadastrada"
          description="Organize retornos, relatórios e pendências do consultório em um só lugar."
          action={<Button icon={Plus} onClick={openCreate} disabled={!enabled}>Criar primeira tarefa</Button>}
        />
      );
    }
    const total = tasks.data?.total ?? 0;
    return (
      <>
        <ul aria-label="Lista de tarefas" className="divide-y divide-slate-100">
          {items.map((task) => (
            <TaskItem
              key={task.id}
              task={task}
              today={today}
              toggling={toggle.isPending && toggle.variables.id === task.id}
              onToggleDone={(t) => toggle.mutate({ id: t.id, status: t.status === "done" ? "todo" : "done" })}
              onEdit={editing.show}
              onDelete={deleting.show}
            />
          ))}
        </ul>
        {total > TASKS_PER_PAGE ? (
          <p className="border-t border-slate-100 px-5 py-3 text-sm text-slate-500">
            Mostrando as {TASKS_PER_PAGE} primeiras de {total} tarefas. Use os filtros para encontrar as demais.
          </p>
        ) : null}
      </>
    );
  };

  return (
    <FillPatientCombobox component={PatientCombobox}>
      <PageHeader
        title="Tarefas"
        description="Acompanhe pendências, prazos e prioridades do seu consultório."
        actions={<Button icon={Plus} onClick={openCreate} disabled={!enabled}>Nova tarefa</Button>}
      />
      <div className="space-y-6">
        <TaskSummaryCards summary={summary.data} loading={summary.isPending && enabled} />
        <TaskFilters values={filters} onChange={setFilters} />
        <Card className="overflow-hidden">{list()}</Card>
      </div>

      <TaskFormDialog open={editing.open} onOpenChange={editing.onOpenChange} task={editing.item} />
      <ConfirmDeleteDialog
        state={deleting}
        title="Excluir tarefa?"
        description={(task) => `A tarefa "${task.title}" será excluída. Esta ação não pode ser desfeita.`}
        onConfirm={(task) => remove.mutateAsync(task.id)}
      />
    </FillPatientCombobox>
  );
}
