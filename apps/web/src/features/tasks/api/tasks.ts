import type {
  Task,
  TaskDueFilter,
  TaskInputParsed,
  TaskPriority,
  TaskStatus,
  TaskStatusChange,
  TaskSummary,
} from "@clinora/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { useResourceMutation } from "@/hooks/use-resource-mutation";
import { api } from "@/lib/api-client";

/** docs/product/tasks.md §9: the task list asks for 100 per page. */
export const TASKS_PER_PAGE = 100;

export interface TaskListParams {
  status?: TaskStatus;
  priority?: TaskPriority;
  due: TaskDueFilter;
  search?: string;
  patient_id?: string;
}

interface TaskList {
  items: Task[];
  total: number;
  page: number;
  per_page: number;
}

export const taskKeys = {
  all: ["tasks"] as const,
  list: (params: TaskListParams) => ["tasks", "list", params] as const,
  summary: () => ["tasks", "summary"] as const,
};

export function fetchTasks(params: TaskListParams, signal?: AbortSignal) {
  return api.get<TaskList>("/tasks", { query: { ...params, per_page: TASKS_PER_PAGE }, signal });
}

export function fetchTaskSummary(signal?: AbortSignal) {
  return api.get<TaskSummary>("/tasks/summary", { signal });
}

/** `enabled` is false for a user without a professional profile: the list then stays empty (docs/product/tasks.md §1). */
export function tasksQueryOptions(params: TaskListParams, enabled: boolean) {
  return queryOptions({
    queryKey: taskKeys.list(params),
    queryFn: ({ signal }) => fetchTasks(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function taskSummaryQueryOptions(enabled: boolean) {
  return queryOptions({ queryKey: taskKeys.summary(), queryFn: ({ signal }) => fetchTaskSummary(signal), enabled });
}

export const useTasks = (params: TaskListParams, enabled: boolean) => useQuery(tasksQueryOptions(params, enabled));
export const useTaskSummary = (enabled: boolean) => useQuery(taskSummaryQueryOptions(enabled));

export function useCreateTask() {
  return useResourceMutation({
    mutationFn: (input: TaskInputParsed) => api.post<Task>("/tasks", input),
    invalidates: [taskKeys.all],
    success: "Tarefa criada com sucesso!",
    failure: "Erro ao salvar tarefa",
  });
}

/** Replaces the task with the dialog's full payload. */
export function useUpdateTask() {
  return useResourceMutation({
    mutationFn: ({ id, input }: { id: string; input: TaskInputParsed }) => api.put<Task>(`/tasks/${id}`, input),
    invalidates: [taskKeys.all],
    success: "Tarefa atualizada com sucesso!",
    failure: "Erro ao salvar tarefa",
  });
}

/** The check control: done <-> todo, sending the status alone (docs/product/tasks.md §4, §7). */
export function useToggleTaskDone() {
  return useResourceMutation({
    mutationFn: ({ id, status }: { id: string } & TaskStatusChange) => api.put<Task>(`/tasks/${id}`, { status }),
    invalidates: [taskKeys.all],
    success: (task) => (task.status === "done" ? "Tarefa concluída!" : "Tarefa reaberta!"),
    failure: "Erro ao atualizar status",
  });
}

export function useDeleteTask() {
  return useResourceMutation({
    mutationFn: (id: string) => api.delete(`/tasks/${id}`),
    invalidates: [taskKeys.all],
    success: "Tarefa excluída com sucesso!",
    failure: "Erro ao excluir tarefa",
  });
}
