import { z } from "zod";
import { MSG } from "./messages";
import { TASK_DUE_FILTERS, TASK_PRIORITIES, TASK_STATUSES, type TaskStatus } from "./enums";
import { optionalIsoDate, optionalText, pageQuerySchema, requiredText } from "./common";

/** Days ahead covered by the "next 7 days" filter (docs/product/tasks.md §9). */
export const TASK_NEXT_DAYS_WINDOW = 7;
/** Days ahead in which a due date is "soon" and shown in blue (docs/product/tasks.md §4 and §9). */
export const TASK_DUE_SOON_DAYS = 3;

/** A task as the API returns it (docs/product/tasks.md §3 "Task"), with the linked patient's name for the list. */
export const taskSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  status: z.enum(TASK_STATUSES),
  priority: z.enum(TASK_PRIORITIES),
  /** YYYY-MM-DD */
  due_date: z.string().nullable(),
  patient_id: z.uuid().nullable(),
  patient_name: z.string().nullable(),
  /** When the task was last marked done; null while it is open. */
  completed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Task = z.infer<typeof taskSchema>;

const taskStatusField = z.enum(TASK_STATUSES, "Status inválido");
const taskPriorityField = z.enum(TASK_PRIORITIES, "Prioridade inválida");
const taskTitleField = requiredText(MSG.taskTitleRequired, 200);

const TASK_DEFAULTS = { status: "todo", priority: "medium" } as const;

const taskFields = {
  title: taskTitleField,
  description: optionalText(5000),
  status: taskStatusField,
  priority: taskPriorityField,
  due_date: optionalIsoDate(),
  patient_id: z
    .union([z.uuid("Selecione um paciente válido"), z.literal(""), z.null()])
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null)),
};

/**
 * Create payload, and the "full payload" form of an update (docs/product/tasks.md §5 "Task form"): title required;
 * description, due_date and patient_id optional, empty meaning null.
 */
export const taskInputSchema = z.object({
  ...taskFields,
  status: taskStatusField.default(TASK_DEFAULTS.status),
  priority: taskPriorityField.default(TASK_DEFAULTS.priority),
});
export type TaskInput = z.input<typeof taskInputSchema>;
export type TaskInputParsed = z.output<typeof taskInputSchema>;

/** The check control's update: the status alone. */
export type TaskStatusChange = { status: TaskStatus };

/**
 * PUT body: the full payload, or the status alone (docs/product/tasks.md §7 "Update task"). Anything but a lone status
 * must carry the title, so a partial form can never blank the other fields.
 */
export const taskUpdateSchema = z
  .object({ ...taskFields, title: taskTitleField.optional(), status: taskStatusField.optional(), priority: taskPriorityField.optional() })
  .superRefine((v, ctx) => {
    if (v.title !== undefined) return;
    const { status, ...others } = v;
    const statusOnly = status !== undefined && Object.values(others).every((x) => x === undefined);
    if (!statusOnly) ctx.addIssue({ code: "custom", path: ["title"], message: MSG.taskTitleRequired });
  })
  .transform(
    ({ title, status, priority, ...rest }): TaskInputParsed | TaskStatusChange =>
      title === undefined
        ? { status: status ?? TASK_DEFAULTS.status }
        : { ...rest, title, status: status ?? TASK_DEFAULTS.status, priority: priority ?? TASK_DEFAULTS.priority },
  );
export type TaskUpdateParsed = z.output<typeof taskUpdateSchema>;

export const taskListQuerySchema = pageQuerySchema.extend({
  per_page: pageQuerySchema.shape.per_page.default(100),
  status: taskStatusField.optional(),
  priority: taskPriorityField.optional(),
  due: z.enum(TASK_DUE_FILTERS, "Filtro de prazo inválido").default("all"),
  /** Title or description, ignoring case and accents. */
  search: z.string().trim().max(200).optional(),
  patient_id: z.uuid("Identificador inválido").optional(),
});
export type TaskListQuery = z.infer<typeof taskListQuerySchema>;

/** The five count cards of the task page, over all the professional's tasks (docs/product/tasks.md §2, §4). */
export const taskSummarySchema = z.object({
  total: z.number().int(),
  todo: z.number().int(),
  in_progress: z.number().int(),
  done: z.number().int(),
  /** Past due and not done; tasks without a due date never count. */
  overdue: z.number().int(),
});
export type TaskSummary = z.infer<typeof taskSummarySchema>;
