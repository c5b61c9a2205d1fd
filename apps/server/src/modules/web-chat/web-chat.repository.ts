import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db/client";
import { webChatVisitors } from "./web-chat.schema";
import { findClinicByChatId, givePublicChatId, practiceNamesOf, publicChatIdOf } from "../professionals";

export type WebChatVisitorRow = typeof webChatVisitors.$inferSelect;

/**
 * What the public web chat reads and writes: a clinic by its public id, a visitor by the hash of its token, the
 * visitor's own thread. Every query names the one conversation or professional it concerns.
 */
export function webChatRepository(db: DbOrTx) {
  return {
    /** The professional behind a public chat id, with what the chat page shows. */
    findClinicByPublicId(publicId: string) {
      return findClinicByChatId(db, publicId);
    },

    findPublicIdOf(professionalId: string): Promise<string | null> {
      return publicChatIdOf(db, professionalId);
    },

    /** Gives the professional this public id unless it already has one; answers the id it has now. */
    assignPublicId(professionalId: string, publicId: string): Promise<string | null> {
      return givePublicChatId(db, professionalId, publicId);
    },

    async insertVisitor(values: typeof webChatVisitors.$inferInsert) {
      const [row] = await db.insert(webChatVisitors).values(values).returning();
      return row!;
    },

    /** The visitor holding this token (by its hash), with its clinic's names. */
    async findVisitorByTokenHash(tokenHash: string) {
      const [visitor] = await db.select().from(webChatVisitors).where(eq(webChatVisitors.tokenHash, tokenHash)).limit(1);
      const names = visitor ? await practiceNamesOf(db, visitor.professionalId) : null;
      return visitor && names ? { visitor, ...names } : null;
    },

    /**
     * Takes one model call from the visitor's allowance for `day`, atomically (a new day starts again at one).
     * False when `cap` calls were already made that day.
     */
    async takeModelCall(conversationId: string, day: string, cap: number): Promise<boolean> {
      const updated = await db
        .update(webChatVisitors)
        .set({
          llmCalls: sql`case when ${webChatVisitors.llmDay} = ${day} then ${webChatVisitors.llmCalls} + 1 else 1 end`,
          llmDay: day,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(webChatVisitors.conversationId, conversationId),
            sql`(${webChatVisitors.llmDay} is distinct from ${day} or ${webChatVisitors.llmCalls} < ${cap})`,
          ),
        )
        .returning({ id: webChatVisitors.id });
      return updated.length > 0;
    },
  };
}
