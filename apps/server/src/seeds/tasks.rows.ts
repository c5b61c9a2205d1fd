/** Each professional's tasks: the plan of tasks.data.ts plus a few random ones. */
import { TASK_PRIORITIES, TASK_STATUSES } from "@clinora/contracts";
import { addDays, todayIn } from "@clinora/contracts/zoned-time";
import type * as s from "../tables";
import type { DemoProfessional } from "./accounts.data";
import { DAY, demoId, demoProfessionalId, MINUTE, rngFor } from "./demo-random";
import type { PatientInsert } from "./patients.rows";
import { type DueKind, GENERAL_TASK_TITLES, PATIENT_TASK_TITLES, TASK_DESCRIPTIONS, TASK_PLAN } from "./tasks.data";

/** TASK_PLAN and up to two random tasks, titled from the lists of tasks.data.ts; due dates relative to today. */
export function taskRows(p: DemoProfessional, patients: PatientInsert[], now: Date): (typeof s.tasks.$inferInsert)[] {
  const professionalId = demoProfessionalId(p.key);
  const rng = rngFor(`tasks:${p.key}`);
  const today = todayIn(p.profile.timezone, now);
  const extra = Array.from({ length: rng.int(0, 2) }, () => ({
    status: rng.pick(TASK_STATUSES),
    priority: rng.pick(TASK_PRIORITIES),
    due: rng.pick<DueKind>(["overdue", "today", "soon", "later", "none"]),
    patient: rng.chance(0.4),
  }));
  const patientTitles = rng.shuffle(PATIENT_TASK_TITLES);
  const generalTitles = rng.shuffle(GENERAL_TASK_TITLES);
  return [...TASK_PLAN, ...extra].map((plan, i) => {
    const patient = plan.patient ? rng.pick(patients) : null;
    const dueDate =
      plan.due === "overdue" ? addDays(today, -rng.int(1, 10))
      : plan.due === "today" ? today
      : plan.due === "soon" ? addDays(today, rng.int(1, 3))
      : plan.due === "later" ? addDays(today, rng.int(5, 30))
      : null;
    const createdAt = new Date(now.getTime() - rng.int(2, 25) * DAY - rng.int(0, 600) * MINUTE);
    const completedAt = plan.status === "done" ? new Date(now.getTime() - rng.int(30, 2 * 24 * 60) * MINUTE) : null;
    const note = rng.pick(TASK_DESCRIPTIONS);
    return {
      id: demoId(`task:${p.key}:${i}`),
      professionalId,
      patientId: patient?.id ?? null,
      title: patient ? patientTitles[i % patientTitles.length]! : generalTitles[i % generalTitles.length]!,
      description: patient ? `Paciente: ${patient.name}.${note ? ` ${note}` : ""}` : note,
      status: plan.status,
      priority: plan.priority,
      dueDate,
      completedAt,
      createdAt,
      updatedAt: completedAt ?? createdAt,
    } satisfies typeof s.tasks.$inferInsert;
  });
}
