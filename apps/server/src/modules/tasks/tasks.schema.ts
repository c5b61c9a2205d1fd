import { sql, type SQLWrapper } from "drizzle-orm";
import { date, index, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { TASK_PRIORITIES, TASK_STATUSES } from "@clinora/contracts";
import { belongsTo, createdAt, id, updatedAt } from "../../platform/db/columns";
import { patients } from "../patients/patients.schema";
import { professionals } from "../professionals/professionals.schema";

export const taskStatus = pgEnum("task_status", TASK_STATUSES);
export const taskPriority = pgEnum("task_priority", TASK_PRIORITIES);

/** 0 for an open task, 1 for a done one: the list shows open tasks first. */
export const taskDoneLast = (status: SQLWrapper) => sql`(case when ${status} = 'done' then 1 else 0 end)`;
/** 0 for urgent … 3 for low: the list shows the most urgent first. */
export const taskPriorityRank = (priority: SQLWrapper) => sql`(case ${priority} when 'urgent' then 0 when 'high' then 1 when 'medium' then 2 else 3 end)`;

/** A professional's to-do (docs/product/tasks.md §3 "Task"). */
export const tasks = pgTable(
  "tasks",
  {
    id: id(),
    professionalId: belongsTo("professional_id", () => professionals.id),
    patientId: uuid("patient_id").references(() => patients.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    description: text("description"),
    status: taskStatus("status").notNull().default("todo"),
    priority: taskPriority("priority").notNull().default("medium"),
    dueDate: date("due_date"),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("tasks_professional_status_idx").on(t.professionalId, t.status, t.dueDate),
    index("tasks_professional_due_idx").on(t.professionalId, t.dueDate),
    index("tasks_professional_created_idx").on(t.professionalId, t.createdAt),
    // The list's order (task.repository.ts), so a page is read in order and stops at its last row.
    index("tasks_professional_list_idx").on(t.professionalId, taskDoneLast(t.status), t.dueDate, taskPriorityRank(t.priority), t.createdAt.desc().nullsFirst(), t.id),
  ],
);
