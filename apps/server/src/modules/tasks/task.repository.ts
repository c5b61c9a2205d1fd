import { and, asc, count, desc, eq, gte, ilike, lte, ne, or, sql, type SQL } from "drizzle-orm";
import type { TaskPriority, TaskStatus } from "@clinora/contracts";
import type { DbOrTx } from "../../db/client";
import { patients, taskDoneLast, taskPriorityRank, tasks } from "../../db/schema/index";
import { foldedText, foldForSearch, likeContains } from "../../db/text-search";
import { pageWithTotal } from "../../lib/pagination";

/** A task as shown: its columns and its patient's name, selected flat (cheap to map, 100 per list page). */
const shownColumns = {
  id: tasks.id,
  title: tasks.title,
  description: tasks.description,
  status: tasks.status,
  priority: tasks.priority,
  dueDate: tasks.dueDate,
  patientId: tasks.patientId,
  completedAt: tasks.completedAt,
  createdAt: tasks.createdAt,
  updatedAt: tasks.updatedAt,
  patientName: patients.name,
};

export type TaskRow = Omit<typeof tasks.$inferSelect, "professionalId"> & { patientName: string | null };
export type TaskWrite = Omit<typeof tasks.$inferInsert, "id" | "professionalId" | "createdAt" | "updatedAt">;

/** Inclusive YYYY-MM-DD bounds on the due date; `openOnly` leaves done tasks out. */
export interface DueRange {
  from?: string;
  to?: string;
  openOnly?: boolean;
}

export interface TaskFilters {
  status?: TaskStatus;
  priority?: TaskPriority;
  due?: DueRange;
  search?: string;
  patientId?: string;
}


/**
 * The tasks of ONE professional: every query is scoped by the professional given at construction
 * (docs/decisions/004-tenancy-model.md).
 */
export function taskRepository(db: DbOrTx, professionalId: string) {
  const own = eq(tasks.professionalId, professionalId);

  const dueWithin = (range: DueRange) =>
    and(
      range.from ? gte(tasks.dueDate, range.from) : undefined,
      range.to ? lte(tasks.dueDate, range.to) : undefined,
      range.openOnly ? ne(tasks.status, "done") : undefined,
    );

  const whereOf = (f: TaskFilters): SQL | undefined => {
    const text = f.search ? likeContains(foldForSearch(f.search)) : undefined;
    return and(
      own,
      f.status ? eq(tasks.status, f.status) : undefined,
      f.priority ? eq(tasks.priority, f.priority) : undefined,
      f.patientId ? eq(tasks.patientId, f.patientId) : undefined,
      f.due ? dueWithin(f.due) : undefined,
      text ? or(ilike(foldedText(tasks.title), text), ilike(foldedText(tasks.description), text)) : undefined,
    );
  };

  /** A task's patient; the join is scoped too, so a foreign patient never shows. */
  const ownPatient = and(eq(patients.id, tasks.patientId), eq(patients.professionalId, professionalId));

  return {
    async findById(id: string) {
      const [row] = await db
        .select(shownColumns)
        .from(tasks)
        .leftJoin(patients, ownPatient)
        .where(and(own, eq(tasks.id, id)))
        .limit(1);
      return row ?? null;
    },

    /**
     * Open tasks first, then by due date (undated last), then by priority, most urgent first; the order of
     * tasks_professional_list_idx, so the page is read in order.
     */
    async list(filters: TaskFilters, page: { limit: number; offset: number }) {
      const where = whereOf(filters);
      return pageWithTotal(
        page,
        () =>
          db
            .select(shownColumns)
            .from(tasks)
            .leftJoin(patients, ownPatient)
            .where(where)
            .orderBy(taskDoneLast(tasks.status), asc(tasks.dueDate), taskPriorityRank(tasks.priority), desc(tasks.createdAt), asc(tasks.id))
            .limit(page.limit)
            .offset(page.offset),
        async () => (await db.select({ n: count() }).from(tasks).where(where))[0]?.n ?? 0,
      );
    },

    /** Counts per status, and of the tasks within `overdue`. */
    async countSummary(overdue: DueRange) {
      const countWhere = (condition: SQL | undefined) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
      const [row] = await db
        .select({
          total: count(),
          todo: countWhere(eq(tasks.status, "todo")),
          in_progress: countWhere(eq(tasks.status, "in_progress")),
          done: countWhere(eq(tasks.status, "done")),
          overdue: countWhere(dueWithin(overdue)),
        })
        .from(tasks)
        .where(own);
      return row!;
    },

    async insert(values: TaskWrite) {
      const [row] = await db
        .insert(tasks)
        .values({ ...values, professionalId })
        .returning();
      return row!;
    },

    async update(id: string, values: Partial<TaskWrite>) {
      const [row] = await db
        .update(tasks)
        .set({ ...values, updatedAt: new Date() })
        .where(and(own, eq(tasks.id, id)))
        .returning();
      return row ?? null;
    },

    async delete(id: string) {
      const deleted = await db
        .delete(tasks)
        .where(and(own, eq(tasks.id, id)))
        .returning({ id: tasks.id });
      return deleted.length > 0;
    },
  };
}
