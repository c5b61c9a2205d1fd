import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { rowsOf } from "../../db/rows";
import { appointments, conversations, jobs, patients, professionals, tasks } from "../../db/schema/index";

export type NewProfessional = typeof professionals.$inferInsert;

export interface PracticeDataCounts {
  patients: number;
  appointments: number;
  tasks: number;
  conversations: number;
}

export function professionalRepository(db: DbOrTx) {
  return {
    async findById(id: string) {
      const [row] = await db.select().from(professionals).where(eq(professionals.id, id)).limit(1);
      return row ?? null;
    },
    async insert(values: NewProfessional) {
      const [row] = await db.insert(professionals).values(values).returning();
      return row!;
    },
    /** The professional's patients, appointments, tasks and conversations, in one round trip. */
    async countPracticeData(id: string): Promise<PracticeDataCounts> {
      const result = await db.execute(sql`
        select
          (select count(*) from ${patients} where ${patients.professionalId} = ${id})::int as patients,
          (select count(*) from ${appointments} where ${appointments.professionalId} = ${id})::int as appointments,
          (select count(*) from ${tasks} where ${tasks.professionalId} = ${id})::int as tasks,
          (select count(*) from ${conversations} where ${conversations.professionalId} = ${id})::int as conversations
      `);
      return rowsOf<PracticeDataCounts>(result)[0]!;
    },
    /**
     * Removes the professional and everything it owns. Tenant tables reference the professional with
     * ON DELETE CASCADE (docs/decisions/004-tenancy-model.md); queued jobs carry its id without a foreign key,
     * so they go explicitly. Twilio numbers are kept without an owner; the audit trail outlives its subjects.
     */
    async deleteWithAllData(id: string) {
      await db.delete(jobs).where(eq(jobs.professionalId, id));
      await db.delete(professionals).where(eq(professionals.id, id));
    },
  };
}
