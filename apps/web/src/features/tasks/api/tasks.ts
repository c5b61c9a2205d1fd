import type {
  Task,
  TaskDueFilter,
  TaskInputParsed,
  TaskPriority,
  TaskStatus,
  TaskStatusChange,
  TaskSummary,
} from "@clinora/contracts";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, serverDetail } from "@/lib/api-client";
import { toast } from "@/lib/toast";

/** Spec part 2 §9: the task list asks for 100 per page. */
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

/** `enabled` is false for a user without a professional profile: the list then stays empty (spec part 2 §1). */
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

/** Creates a task, or replaces one with the dialog's full payload when `id` is given. */
export function useSaveTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: TaskInputParsed }) =>
      id ? api.put<Task>(`/tasks/${id}`, input) : api.post<Task>("/tasks", input),
    onSuccess: (_task, { id }) => {
      toast.success(id ? "Tarefa atualizada com sucesso!" : "Tarefa criada com sucesso!");
      return queryClient.invalidateQueries({ queryKey: taskKeys.all });
    },
    onError: (error) => toast.error("Erro ao salvar tarefa", { description: serverDetail(error) ?? undefined }),
  });
}

/** The check control: done <-> todo, sending the status alone (spec part 2 §4, §7). */
export function useToggleTaskDone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string } & TaskStatusChange) => api.put<Task>(`/tasks/${id}`, { status }),
    onSuccess: (task) => {
      toast.success(task.status === "done" ? "Tarefa concluída!" : "Tarefa reaberta!");
      return queryClient.invalidateQueries({ queryKey: taskKeys.all });
    },
    onError: (error) => toast.error("Erro ao atualizar status", { description: serverDetail(error) ?? undefined }),
  });
}

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/tasks/${id}`),
    onSuccess: () => {
      toast.success("Tarefa excluída com sucesso!");
      return queryClient.invalidateQueries({ queryKey: taskKeys.all });
    },
    onError: (error) => toast.error("Erro ao excluir tarefa", { description: serverDetail(error) ?? undefined }),
  });
}
