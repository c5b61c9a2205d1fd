import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db/client";
import { professionals } from "./professionals.schema";

/** A practice's reminder switch and lead time (docs/decisions/017): columns of the professional's own row. */
export interface ReminderSettingsOf {
  enabled: boolean;
  leadHours: number;
}

const fields = { enabled: professionals.remindersEnabled, leadHours: professionals.reminderLeadHours };

/** The professional's reminder settings, or null for no such professional. */
export async function reminderSettingsOf(db: DbOrTx, professionalId: string): Promise<ReminderSettingsOf | null> {
  const [row] = await db.select(fields).from(professionals).where(eq(professionals.id, professionalId)).limit(1);
  return row ?? null;
}

/** Saves the professional's reminder settings and answers them as saved, or null for no such professional. */
export async function saveReminderSettings(tx: DbOrTx, professionalId: string, values: ReminderSettingsOf): Promise<ReminderSettingsOf | null> {
  const [row] = await tx
    .update(professionals)
    .set({ remindersEnabled: values.enabled, reminderLeadHours: values.leadHours, updatedAt: new Date() })
    .where(eq(professionals.id, professionalId))
    .returning(fields);
  return row ?? null;
}
