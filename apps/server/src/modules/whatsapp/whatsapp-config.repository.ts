import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db/client";
import { twilioNumbers } from "../../platform/db/schema/index";

export function whatsappConfigRepository(db: DbOrTx) {
  return {
    /** The professional's sender: the first number assigned to them, or null. */
    async findSenderNumber(professionalId: string): Promise<string | null> {
      const [row] = await db
        .select({ n: twilioNumbers.twilioNumber })
        .from(twilioNumbers)
        .where(eq(twilioNumbers.professionalId, professionalId))
        .orderBy(twilioNumbers.createdAt)
        .limit(1);
      return row?.n ?? null;
    },
  };
}
