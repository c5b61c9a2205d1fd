import {
  TASK_PRIORITIES,
  TASK_PRIORITY_LABELS,
  TASK_STATUSES,
  TASK_STATUS_LABELS,
  type TaskDueFilter,
  type TaskPriority,
  type TaskStatus,
} from "@clinora/contracts";
import { Card } from "@/components/ui/card";
import { SearchInput } from "@/components/ui/search-input";
import { Select } from "@/components/ui/select";
import { PatientCombobox } from "./patient-combobox-slot";
import type { TaskListParams } from "../api/tasks";

const ALL = "all";
type All = typeof ALL;

export interface TaskFilterValues {
  search: string;
  status: TaskStatus | All;
  priority: TaskPriority | All;
  due: TaskDueFilter;
  patientId: string;
  /** The chosen patient's name, shown in the picker ("" for all patients). */
  patientName: string;
}

export const NO_TASK_FILTERS: TaskFilterValues = { search: "", status: ALL, priority: ALL, due: "all", patientId: ALL, patientName: "" };

export function hasTaskFilters(values: TaskFilterValues): boolean {
  return (Object.keys(NO_TASK_FILTERS) as (keyof TaskFilterValues)[]).some((key) => values[key].trim() !== NO_TASK_FILTERS[key]);
}

/** The query the list asks for; the search text comes in already debounced. */
export function toTaskListParams(values: TaskFilterValues, search: string): TaskListParams {
  return {
    due: values.due,
    status: values.status === ALL ? undefined : values.status,
    priority: values.priority === ALL ? undefined : values.priority,
    patient_id: values.patientId === ALL ? undefined : values.patientId,
    search: search.trim() || undefined,
  };
}

const STATUS_OPTIONS: { value: TaskFilterValues["status"]; label: string }[] = [
  { value: ALL, label: "Status: todos" },
  ...TASK_STATUSES.map((value) => ({ value, label: TASK_STATUS_LABELS[value] })),
];
const PRIORITY_OPTIONS: { value: TaskFilterValues["priority"]; label: string }[] = [
  { value: ALL, label: "Prioridade: todas" },
  ...TASK_PRIORITIES.map((value) => ({ value, label: TASK_PRIORITY_LABELS[value] })),
];
const DUE_OPTIONS: { value: TaskDueFilter; label: string }[] = [
  { value: "all", label: "Prazo: todos" },
  { value: "today", label: "Vencem hoje" },
  { value: "next_7_days", label: "Próximos 7 dias" },
  { value: "overdue", label: "Vencidas" },
];

export interface TaskFiltersProps {
  values: TaskFilterValues;
  onChange: (values: TaskFilterValues) => void;
}

/** The five filters of docs/product/tasks.md §2: text, status, priority, due date and patient. */
export function TaskFilters({ values, onChange }: TaskFiltersProps) {
  const set = <K extends keyof TaskFilterValues>(key: K, value: TaskFilterValues[K]) => onChange({ ...values, [key]: value });

  return (
    <Card className="grid grid-cols-1 gap-3 p-4 sm:grid-cols-2 xl:grid-cols-[minmax(0,1.3fr)_repeat(4,minmax(0,1fr))]">
      <SearchInput
        value={values.search}
        onValueChange={(search) => set("search", search)}
        placeholder="Título ou descrição"
        aria-label="Buscar tarefas"
        className="sm:col-span-2 xl:col-span-1"
      />
      <Select aria-label="Filtrar por status" options={STATUS_OPTIONS} value={values.status} onValueChange={(v) => set("status", v)} />
      <Select aria-label="Filtrar por prioridade" options={PRIORITY_OPTIONS} value={values.priority} onValueChange={(v) => set("priority", v)} />
      <Select aria-label="Filtrar por prazo" options={DUE_OPTIONS} value={values.due} onValueChange={(v) => set("due", v)} />
      <PatientCombobox
        aria-label="Filtrar por paciente"
        noneLabel="Paciente: todos"
        value={values.patientId === ALL ? null : { id: values.patientId, name: values.patientName }}
        onChange={(patient) => onChange({ ...values, patientId: patient?.id ?? ALL, patientName: patient?.name ?? "" })}
      />
    </Card>
  );
}
