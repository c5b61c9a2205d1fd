import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { calendarConnections, calendarEventLinks } from "../../db/schema/index";

/** The Google Calendar link of ONE professional (docs/decisions/004-tenancy-model.md). */
export function calendarConnectionRepository(db: DbOrTx, professionalId: string) {
  return {
    async find() {
      const [row] = await db.select().from(calendarConnections).where(eq(calendarConnections.professionalId, professionalId)).limit(1);
      return row ?? null;
    },

    /** Removes the connection and which event mirrors which appointment; the calendar's own events stay. */
    async deleteWithEventLinks() {
      await db.delete(calendarEventLinks).where(eq(calendarEventLinks.professionalId, professionalId));
      await db.delete(calendarConnections).where(eq(calendarConnections.professionalId, professionalId));
    },
  };
}
