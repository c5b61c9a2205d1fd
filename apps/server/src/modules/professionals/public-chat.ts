import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db/client";
import { professionals } from "./professionals.schema";

/** What the public web chat shows of a clinic: its professional, names and zone. */
export interface ChatClinic {
  id: string;
  fullName: string;
  clinicName: string | null;
  timeZone: string;
}

/** The professional behind a public chat id (docs/decisions/016), with what the chat page shows; null for none. */
export async function findClinicByChatId(db: DbOrTx, publicId: string): Promise<ChatClinic | null> {
  const [row] = await db
    .select({ id: professionals.id, fullName: professionals.fullName, clinicName: professionals.clinicName, timeZone: professionals.timezone })
    .from(professionals)
    .where(eq(professionals.publicChatId, publicId))
    .limit(1);
  return row ?? null;
}

/** The professional's public chat id, null while she has none. */
export async function publicChatIdOf(db: DbOrTx, professionalId: string): Promise<string | null> {
  const [row] = await db.select({ publicId: professionals.publicChatId }).from(professionals).where(eq(professionals.id, professionalId)).limit(1);
  return row?.publicId ?? null;
}

/** Gives the professional this public chat id unless she already has one; answers the id she has now. */
export async function givePublicChatId(db: DbOrTx, professionalId: string, publicId: string): Promise<string | null> {
  await db
    .update(professionals)
    .set({ publicChatId: publicId })
    .where(and(eq(professionals.id, professionalId), isNull(professionals.publicChatId)));
  return publicChatIdOf(db, professionalId);
}
