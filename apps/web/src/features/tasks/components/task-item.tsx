import { TASK_PRIORITY_LABELS, TASK_STATUS_LABELS, type Task } from "@clinora/contracts";
import { CalendarClock, Flag, Pencil, Trash2, UserRound } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { cn } from "@/lib/cn";
import { formatDate } from "@/lib/format";
import { dueBadgeOf, PRIORITY_TONES, STATUS_TONES } from "../lib/task-labels";

export interface TaskItemProps {
  task: Task;
  /** The professional's date (YYYY-MM-DD), for the due badge. */
  today: string;
  /** True while this task's status change is on its way. */
  toggling: boolean;
  onToggleDone: (task: Task) => void;
  onEdit: (task: Task) => void;
  onDelete: (task: Task) => void;
}

/** One row of the task list: the check control, title, badges and actions. */
export function TaskItem({ task, today, toggling, onToggleDone, onEdit, onDelete }: TaskItemProps) {
  const done = task.status === "done";
  const due = dueBadgeOf(task, today);
  const titleId = `task-${task.id}-title`;

  return (
    <li aria-labelledby={titleId} className="flex gap-3 px-4 py-4 sm:px-5">
      <Checkbox
        checked={done}
        disabled={toggling}
        onCheckedChange={() => onToggleDone(task)}
        aria-label={done ? `Reabrir tarefa: ${task.title}` : `Concluir tarefa: ${task.title}`}
        className="mt-0.5"
      />
      <div className="min-w-0 flex-1">
        <h2 id={titleId} className={cn("font-medium break-words text-slate-900", done && "text-slate-500 line-through")}>
          {task.title}
        </h2>
        {task.description ? <p className="mt-0.5 line-clamp-2 text-sm break-words text-slate-500">{task.description}</p> : null}
        <div className="mt-2 flex flex-wrap items-center gap-1.5">
          <Badge tone={STATUS_TONES[task.status]}>{TASK_STATUS_LABELS[task.status]}</Badge>
          <Badge tone={PRIORITY_TONES[task.priority]}>
            <Flag aria-hidden />
            {TASK_PRIORITY_LABELS[task.priority]}
          </Badge>
          {due ? (
            <Badge tone={due.tone} title={`Vencimento: ${formatDate(task.due_date)}`}>
              <CalendarClock aria-hidden />
              {due.label}
            </Badge>
          ) : null}
          {task.patient_name ? (
            <span className="inline-flex items-center gap-1 text-xs text-slate-500">
              <UserRound aria-hidden className="size-3.5" />
              {task.patient_name}
            </span>
          ) : null}
        </div>
      </div>
      <div className="flex shrink-0 items-start gap-0.5">
        <Button variant="ghost" size="icon" aria-label={`Editar tarefa: ${task.title}`} onClick={() => onEdit(task)}>
          <Pencil aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Excluir tarefa: ${task.title}`}
          onClick={() => onDelete(task)}
          className="hover:bg-red-50 hover:text-red-600"
        >
          <Trash2 aria-hidden />
        </Button>
      </div>
    </li>
  );
}
