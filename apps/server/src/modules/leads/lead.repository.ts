import { and, count, desc, eq, gte, ilike, isNotNull, or, sql, type SQL } from "drizzle-orm";
import type { LeadStatus } from "@clinora/contracts";
import type { DbOrTx } from "../../platform/db/client";
import { leads } from "./leads.schema";
import { foldedText, foldForSearch, likeContains } from "../../platform/db/text-search";
import { pageWithTotal } from "../../platform/lib/pagination";

export type LeadRow = typeof leads.$inferSelect;
export type LeadWrite = Pick<typeof leads.$inferInsert, "name" | "contactForm" | "status" | "source" | "notes">;

export interface LeadFilters {
  status?: LeadStatus;
  source?: string;
  search?: string;
}

/** Name or contact, accent-insensitive; typed digits also find a phone stored in E.164 ("98765-4321"). */
function searchCondition(search: string): SQL | undefined {
  const digits = search.replace(/\D/g, "");
  return or(
    ilike(foldedText(leads.name), likeContains(foldForSearch(search))),
    ilike(foldedText(leads.contactForm), likeContains(foldForSearch(search))),
    digits.length >= 3 ? ilike(sql`regexp_replace(${leads.contactForm}, '\\D', '', 'g')`, likeContains(digits)) : undefined,
  );
}

/** Sales prospects: platform-wide, administrators only (docs/product/admin.md §2.3). */
export function leadRepository(db: DbOrTx) {
  const whereOf = (f: LeadFilters): SQL | undefined =>
    and(
      f.status ? eq(leads.status, f.status) : undefined,
      f.source ? eq(leads.source, f.source) : undefined,
      f.search ? searchCondition(f.search) : undefined,
    );

  return {
    async findById(id: string) {
      const [row] = await db.select().from(leads).where(eq(leads.id, id)).limit(1);
      return row ?? null;
    },

    /** Newest first. */
    async list(filters: LeadFilters, page: { limit: number; offset: number }) {
      const where = whereOf(filters);
      return pageWithTotal(
        page,
        () => db.select().from(leads).where(where).orderBy(desc(leads.createdAt), desc(leads.id)).limit(page.limit).offset(page.offset),
        async () => (await db.select({ n: count() }).from(leads).where(where))[0]?.n ?? 0,
      );
    },

    async countCreatedSince(since7Days: Date, since30Days: Date) {
      const [row] = await db
        .select({
          total: count(),
          last7Days: sql<number>`(count(*) filter (where ${gte(leads.createdAt, since7Days)}))::int`,
          last30Days: sql<number>`(count(*) filter (where ${gte(leads.createdAt, since30Days)}))::int`,
        })
        .from(leads);
      return { total: row?.total ?? 0, last7Days: row?.last7Days ?? 0, last30Days: row?.last30Days ?? 0 };
    },

    async countByStatus() {
      return db.select({ status: leads.status, count: count() }).from(leads).groupBy(leads.status);
    },

    /** Every source, most frequent first; leads without a source are left out. */
    async countBySource() {
      const n = count();
      const rows = await db
        .select({ source: leads.source, count: n })
        .from(leads)
        .where(isNotNull(leads.source))
        .groupBy(leads.source)
        .orderBy(desc(n), leads.source);
      return rows.map((r) => ({ source: r.source!, count: r.count }));
    },

    async insert(values: typeof leads.$inferInsert) {
      const [row] = await db.insert(leads).values(values).returning();
      return row!;
    },

    async update(id: string, values: LeadWrite & { updatedAt: Date }) {
      const [row] = await db.update(leads).set(values).where(eq(leads.id, id)).returning();
      return row ?? null;
    },

    /** True when a lead was deleted. */
    async delete(id: string) {
      const deleted = await db.delete(leads).where(eq(leads.id, id)).returning({ id: leads.id });
      return deleted.length > 0;
    },
  };
}
