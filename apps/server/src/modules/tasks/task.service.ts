import {
  TASK_NEXT_DAYS_WINDOW,
  type Task,
  type TaskDueFilter,
  type TaskInputParsed,
  type TaskListQuery,
  type TaskStatus,
  type TaskSummary,
  type TaskUpdateParsed,
} from "@clinora/contracts";
import { addDays, todayIn } from "@clinora/contracts/zoned-time";
import type { Db, DbOrTx } from "../../platform/db/client";
import { iso, instantText, type InstantsOrText } from "../../platform/db/rows";
import { AppError } from "../../platform/lib/app-error";
import type { Clock } from "../../platform/lib/clock";
import { pageOf, pageWindow } from "../../platform/lib/pagination";
import type { TenantCaller } from "../../platform/lib/caller";
import { isOwnPatient } from "../patients";
import { taskRepository, type DueRange, type TaskRow, type TaskWrite } from "./task.repository";

export type TaskService = ReturnType<typeof taskService>;

const TASK_NOT_FOUND = "Tarefa não encontrada";

function toTaskDto(row: InstantsOrText<TaskRow>): Task {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status,
    priority: row.priority,
    due_date: row.dueDate,
    patient_id: row.patientId,
    patient_name: row.patientName,
    completed_at: iso(row.completedAt),
    created_at: instantText(row.createdAt),
    updated_at: instantText(row.updatedAt),
  };
}

/** Past due and not done; a task without a due date is never overdue (docs/product/tasks.md §4). */
function overdueRange(today: string): DueRange {
  return { to: addDays(today, -1), openOnly: true };
}

/** The due dates each filter of the list keeps, counted from the professional's today (docs/product/tasks.md §4). */
export function dueRangeOf(filter: TaskDueFilter, today: string): DueRange | undefined {
  switch (filter) {
    case "all":
      return undefined;
    case "today":
      return { from: today, to: today };
    case "next_7_days":
      return { from: today, to: addDays(today, TASK_NEXT_DAYS_WINDOW) };
    case "overdue":
      return overdueRange(today);
  }
}

/** A task may only be linked to one of the professional's own patients. */
async function assertOwnPatient(tx: DbOrTx, professionalId: string, patientId: string | null | undefined) {
  if (patientId && !(await isOwnPatient(tx, professionalId, patientId))) {
    throw AppError.validation([{ field: "patient_id", msg: "Paciente não encontrado" }]);
  }
}

export function taskService(db: Db, clock: Clock) {
  /** Set when the task becomes done (kept if it already was), cleared when it is reopened. */
  const completedAtFor = (status: TaskStatus, current: TaskRow | null) =>
    status !== "done" ? null : current?.status === "done" ? current.completedAt : clock.now();

  const fullWrite = (input: TaskInputParsed, current: TaskRow | null): TaskWrite => ({
    title: input.title,
    description: input.description ?? null,
    status: input.status,
    priority: input.priority,
    dueDate: input.due_date ?? null,
    patientId: input.patient_id ?? null,
    completedAt: completedAtFor(input.status, current),
  });

  const loadDto = async (tx: DbOrTx, professionalId: string, id: string) => {
    const found = await taskRepository(tx, professionalId).findById(id);
    if (!found) throw AppError.notFound(TASK_NOT_FOUND);
    return toTaskDto(found);
  };

  return {
    /** One page of the professional's tasks, filtered, open tasks first. */
    async list({ professionalId, practice }: TenantCaller, q: TaskListQuery) {
      const today = todayIn(practice.timeZone, clock.now());
      const filters = {
        status: q.status,
        priority: q.priority,
        patientId: q.patient_id,
        search: q.search || undefined,
        due: dueRangeOf(q.due, today),
      };
      const { rows, total } = await taskRepository(db, professionalId).list(filters, pageWindow(q));
      return pageOf(rows.map(toTaskDto), total, q);
    },

    /** The figures of the five count cards, over all the professional's tasks. */
    async summary({ professionalId, practice }: TenantCaller): Promise<TaskSummary> {
      const today = todayIn(practice.timeZone, clock.now());
      return taskRepository(db, professionalId).countSummary(overdueRange(today));
    },

    get({ professionalId }: TenantCaller, id: string) {
      return loadDto(db, professionalId, id);
    },

    async create({ professionalId }: TenantCaller, input: TaskInputParsed) {
      return db.transaction(async (tx) => {
        await assertOwnPatient(tx, professionalId, input.patient_id);
        const row = await taskRepository(tx, professionalId).insert(fullWrite(input, null));
        return loadDto(tx, professionalId, row.id);
      });
    },

    /** Replaces the task with the full payload, or changes only its status (the list's check control). */
    async update({ professionalId }: TenantCaller, id: string, input: TaskUpdateParsed) {
      return db.transaction(async (tx) => {
        const repo = taskRepository(tx, professionalId);
        const current = await repo.findById(id);
        if (!current) throw AppError.notFound(TASK_NOT_FOUND);
        if ("title" in input) {
          await assertOwnPatient(tx, professionalId, input.patient_id);
          await repo.update(id, fullWrite(input, current));
        } else {
          await repo.update(id, { status: input.status, completedAt: completedAtFor(input.status, current) });
        }
        return loadDto(tx, professionalId, id);
      });
    },

    async remove({ professionalId }: TenantCaller, id: string) {
      if (!(await taskRepository(db, professionalId).delete(id))) throw AppError.notFound(TASK_NOT_FOUND);
    },
  };
}
