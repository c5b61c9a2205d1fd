import { and, asc, count, desc, eq, gte, ilike, lte, ne, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { TaskPriority, TaskStatus } from "@clinora/contracts";
import type { DbOrTx } from "../../platform/db/client";
import { taskDoneLast, taskPriorityRank, tasks } from "./tasks.schema";
import { patientNamesOf } from "../patients";
import { foldedText, foldForSearch, likeContains } from "../../platform/db/text-search";
import { preparedRead, type Placeholders } from "../../platform/db/prepared-read";
import { pageWithTotal } from "../../platform/lib/pagination";

/** A task's own columns as shown, selected flat (cheap to map, 100 per list page); its patient's name is added after. */
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
};

export type TaskRow = Omit<typeof tasks.$inferSelect, "professionalId"> & { patientName: string | null };
export type TaskWrite = Omit<typeof tasks.$inferInsert, "id" | "professionalId" | "createdAt" | "updatedAt">;

/** Inclusive YYYY-MM-DD bounds on the due date; `openOnly` leaves done tasks out. */
export interface DueRange {
  from?: string;
  to?: string;
  openOnly?: boolean;
}

/** A due range whose bounds are values or a prepared read's placeholders. */
const dueWithin = (range: { from?: string | Placeholder; to?: string | Placeholder; openOnly?: unknown }) =>
  and(
    range.from ? gte(tasks.dueDate, range.from) : undefined,
    range.to ? lte(tasks.dueDate, range.to) : undefined,
    range.openOnly ? ne(tasks.status, "done") : undefined,
  );

export interface TaskFilters {
  status?: TaskStatus;
  priority?: TaskPriority;
  due?: DueRange;
  search?: string;
  patientId?: string;
}

/** The list's parameters: whose tasks, the filters given (`search` as a LIKE pattern) and the page. */
const LIST_PARAMS = ["professionalId", "status", "priority", "patientId", "dueFrom", "dueTo", "openOnly", "search", "limit", "offset"] as const;

const listCondition = (p: Placeholders<(typeof LIST_PARAMS)[number]>) =>
  and(
    eq(tasks.professionalId, p.professionalId!),
    p.status && eq(tasks.status, p.status),
    p.priority && eq(tasks.priority, p.priority),
    p.patientId && eq(tasks.patientId, p.patientId),
    dueWithin({ from: p.dueFrom, to: p.dueTo, openOnly: p.openOnly }),
    p.search && or(ilike(foldedText(tasks.title), p.search), ilike(foldedText(tasks.description), p.search)),
  );

/**
 * A page of the list: open tasks first, then by due date (undated last), then by priority, most urgent first; the
 * order of tasks_professional_list_idx, so the page is read in order. Prepared once per filter set.
 */
const listPage = preparedRead(shownColumns, LIST_PARAMS, (db, p) =>
  db
    .select(shownColumns)
    .from(tasks)
    .where(listCondition(p))
    .orderBy(taskDoneLast(tasks.status), asc(tasks.dueDate), taskPriorityRank(tasks.priority), desc(tasks.createdAt), asc(tasks.id))
    .limit(p.limit!)
    .offset(p.offset!),
);
const totalColumns = { n: count() };
const listTotal = preparedRead(totalColumns, LIST_PARAMS, (db, p) => db.select(totalColumns).from(tasks).where(listCondition(p)));

/**
 * The tasks of ONE professional: every query is scoped by the professional given at construction
 * (docs/decisions/004-tenancy-model.md).
 */
export function taskRepository(db: DbOrTx, professionalId: string) {
  const own = eq(tasks.professionalId, professionalId);
  /** Each task with its patient's name, read by id after the tasks (only the professional's own patient shows). */
  const named = async <T extends { patientId: string | null }>(rows: T[]): Promise<(T & { patientName: string | null })[]> => {
    const names = await patientNamesOf(db, professionalId, rows.map((row) => row.patientId));
    return rows.map((row) => ({ ...row, patientName: (row.patientId && names.get(row.patientId)) ?? null }));
  };

  return {
    async findById(id: string) {
      const [row] = await named(await db.select(shownColumns).from(tasks).where(and(own, eq(tasks.id, id))).limit(1));
      return row ?? null;
    },

    /** One page in the list's order, with the filters' total. */
    async list(filters: TaskFilters, page: { limit: number; offset: number }) {
      // A parameter left undefined is no filter. `openOnly` is a flag: its presence is the filter, so false is left out.
      const values = {
        professionalId,
        status: filters.status,
        priority: filters.priority,
        patientId: filters.patientId,
        dueFrom: filters.due?.from,
        dueTo: filters.due?.to,
        openOnly: filters.due?.openOnly || undefined,
        search: filters.search ? likeContains(foldForSearch(filters.search)) : undefined,
        ...page,
      };
      return pageWithTotal(
        page,
        async () => named(await listPage(db, values)),
        async () => (await listTotal(db, values))[0]?.n ?? 0,
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
