import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db/client";
import { twilioNumbers } from "./whatsapp.schema";
import { professionalNamesOf } from "../professionals";

export type TwilioNumberWrite = Pick<typeof twilioNumbers.$inferInsert, "twilioNumber" | "e164Number" | "label" | "professionalId">;
export type TwilioNumberChange = Partial<Pick<TwilioNumberWrite, "label" | "professionalId">>;

/** The platform's WhatsApp senders; administrators manage them for every professional. */
export function twilioNumberRepository(db: DbOrTx) {
  /** Each number with the name and e-mail of the professional it routes to (null for a free number). */
  const withOwners = async (rows: (typeof twilioNumbers.$inferSelect)[]) => {
    const names = await professionalNamesOf(db, rows.flatMap((row) => (row.professionalId ? [row.professionalId] : [])));
    return rows.map((row) => {
      const owner = row.professionalId ? names.get(row.professionalId) : undefined;
      return {
        id: row.id,
        twilioNumber: row.twilioNumber,
        e164Number: row.e164Number,
        label: row.label,
        professionalId: row.professionalId,
        professionalName: owner?.fullName ?? null,
        professionalEmail: owner?.email ?? null,
        updatedAt: row.updatedAt,
      };
    });
  };

  return {
    /** Oldest first, so a new number appears at the end of the table; numbers added together by number. */
    async listWithOwner() {
      return withOwners(await db.select().from(twilioNumbers).orderBy(asc(twilioNumbers.createdAt), asc(twilioNumbers.e164Number)));
    },

    async findWithOwnerById(id: string) {
      const [row] = await withOwners(await db.select().from(twilioNumbers).where(eq(twilioNumbers.id, id)).limit(1));
      return row ?? null;
    },

    async findIdByNumber(twilioNumber: string) {
      const [row] = await db.select({ id: twilioNumbers.id }).from(twilioNumbers).where(eq(twilioNumbers.twilioNumber, twilioNumber)).limit(1);
      return row?.id ?? null;
    },

    async insert(values: TwilioNumberWrite) {
      const [row] = await db.insert(twilioNumbers).values(values).returning({ id: twilioNumbers.id });
      return row!.id;
    },

    /** False when no such number exists. */
    async update(id: string, change: TwilioNumberChange) {
      const rows = await db
        .update(twilioNumbers)
        .set({ ...change, updatedAt: new Date() })
        .where(eq(twilioNumbers.id, id))
        .returning({ id: twilioNumbers.id });
      return rows.length > 0;
    },

    /** The removed row, or null when no such number exists. */
    async delete(id: string) {
      const [row] = await db
        .delete(twilioNumbers)
        .where(eq(twilioNumbers.id, id))
        .returning({ twilioNumber: twilioNumbers.twilioNumber, professionalId: twilioNumbers.professionalId });
      return row ?? null;
    },
  };
}

export type TwilioNumberWithOwner = NonNullable<Awaited<ReturnType<ReturnType<typeof twilioNumberRepository>["findWithOwnerById"]>>>;
