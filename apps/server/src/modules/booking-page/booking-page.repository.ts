import { and, eq, gt, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db/client";
import { bookingPages, bookingRescheduleTokens } from "./booking-page.schema";
import { publicPracticeOf } from "../professionals";

export type BookingPageRow = typeof bookingPages.$inferSelect;
export type BookingPageWrite = Pick<typeof bookingPages.$inferInsert, "enabled" | "slug" | "minNoticeHours" | "daysAhead" | "appointmentTypes">;

/** The public booking pages (docs/decisions/028) and their one-time reschedule links. */
export function bookingPageRepository(db: DbOrTx) {
  return {
    async findByProfessional(professionalId: string) {
      const [row] = await db.select().from(bookingPages).where(eq(bookingPages.professionalId, professionalId)).limit(1);
      return row ?? null;
    },

    async slugTaken(slug: string, exceptProfessionalId?: string) {
      const [row] = await db.select({ id: bookingPages.professionalId }).from(bookingPages).where(eq(bookingPages.slug, slug)).limit(1);
      return Boolean(row && row.id !== exceptProfessionalId);
    },

    /** Creates the page with these values unless it exists; answers whether it was created (a slug taken meanwhile answers false). */
    async insertIfMissing(professionalId: string, values: BookingPageWrite) {
      const rows = await db.insert(bookingPages).values({ professionalId, ...values }).onConflictDoNothing().returning({ id: bookingPages.professionalId });
      return rows.length > 0;
    },

    async updateTypes(professionalId: string, appointmentTypes: BookingPageWrite["appointmentTypes"]) {
      await db.update(bookingPages).set({ appointmentTypes, updatedAt: new Date() }).where(eq(bookingPages.professionalId, professionalId));
    },

    async update(professionalId: string, values: BookingPageWrite) {
      await db.update(bookingPages).set({ ...values, updatedAt: new Date() }).where(eq(bookingPages.professionalId, professionalId));
    },

    /** The professional of the enabled page at this address, or null. */
    async findEnabledProfessionalIdBySlug(slug: string) {
      const [row] = await db
        .select({ id: bookingPages.professionalId })
        .from(bookingPages)
        .where(and(eq(bookingPages.slug, slug), eq(bookingPages.enabled, true)))
        .limit(1);
      return row?.id ?? null;
    },

    /** An enabled page and its professional, by slug. */
    async findEnabledBySlug(slug: string) {
      const [page] = await db
        .select()
        .from(bookingPages)
        .where(and(eq(bookingPages.slug, slug), eq(bookingPages.enabled, true)))
        .limit(1);
      const professional = page ? await publicPracticeOf(db, page.professionalId) : null;
      return page && professional ? { page, professional } : null;
    },

    async insertToken(values: { professionalId: string; appointmentId: string; tokenHash: string; expiresAt: Date }) {
      await db.insert(bookingRescheduleTokens).values(values);
    },

    /** A token of this professional not used yet and not expired at `now`; `lock` holds it until the transaction ends. */
    async findUsableToken(professionalId: string, tokenHash: string, now: Date, lock = false) {
      const query = db
        .select()
        .from(bookingRescheduleTokens)
        .where(
          and(
            eq(bookingRescheduleTokens.professionalId, professionalId),
            eq(bookingRescheduleTokens.tokenHash, tokenHash),
            isNull(bookingRescheduleTokens.usedAt),
            gt(bookingRescheduleTokens.expiresAt, now),
          ),
        )
        .limit(1);
      const [row] = lock ? await query.for("update") : await query;
      return row ?? null;
    },

    async markTokenUsed(id: string, at: Date) {
      await db.update(bookingRescheduleTokens).set({ usedAt: at }).where(eq(bookingRescheduleTokens.id, id));
    },
  };
}
