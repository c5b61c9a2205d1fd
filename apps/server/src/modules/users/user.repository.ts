import { and, count, desc, eq, getTableColumns, gte, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../platform/db/client";
import { adminActions, users } from "./users.schema";
import { professionalIdsNamedLike, professionalNamesOf } from "../professionals";
import { pageWithTotal } from "../../platform/lib/pagination";
import { likeContains } from "../../platform/db/text-search";

export type UserRow = typeof users.$inferSelect;
export type UserRepository = ReturnType<typeof userRepository>;
export type NewUser = typeof users.$inferInsert;
/** The columns an administrator changes after creation (docs/product/admin.md §4, §6). */
export type UserChanges = Partial<
  Pick<NewUser, "role" | "status" | "professionalId" | "notes" | "fullName" | "suspensionReason" | "suspendedAt" | "suspendedBy">
>;
export type NewAdminAction = typeof adminActions.$inferInsert;

export interface UserFilters {
  status?: UserRow["status"];
  role?: UserRow["role"];
  search?: string;
  professionalId?: string;
}

const suspender = alias(users, "suspender");

export function userRepository(db: DbOrTx) {
  const withSuspender = () =>
    db
      .select({ ...getTableColumns(users), suspendedByEmail: suspender.email })
      .from(users)
      .leftJoin(suspender, eq(suspender.id, users.suspendedBy));
  /** Each user with her professional's name, read by id after the users (docs/decisions/029). */
  const withProfessional = async <T extends { professionalId: string | null }>(rows: T[]) => {
    const names = await professionalNamesOf(db, rows.flatMap((row) => (row.professionalId ? [row.professionalId] : [])));
    return rows.map((row) => ({ ...row, professionalName: (row.professionalId && names.get(row.professionalId)?.fullName) ?? null }));
  };

  const whereOf = (f: UserFilters): SQL | undefined => {
    const conditions: (SQL | undefined)[] = [
      f.status ? eq(users.status, f.status) : undefined,
      f.role ? eq(users.role, f.role) : undefined,
      f.professionalId ? eq(users.professionalId, f.professionalId) : undefined,
      f.search
        ? or(ilike(users.email, likeContains(f.search)), inArray(users.professionalId, professionalIdsNamedLike(db, f.search)), ilike(users.fullName, likeContains(f.search)))
        : undefined,
    ];
    return and(...conditions.filter(Boolean));
  };

  return {
    async findById(id: string) {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },
    async findDetailedById(id: string) {
      const [row] = await withProfessional(await withSuspender().where(eq(users.id, id)).limit(1));
      return row ?? null;
    },
    /** `email` must already be lower-cased. */
    async findByEmail(email: string) {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row ?? null;
    },
    async list(filters: UserFilters, page: { limit: number; offset: number }) {
      const where = whereOf(filters);
      const { rows, total } = await pageWithTotal(
        page,
        async () => withProfessional(await withSuspender().where(where).orderBy(desc(users.createdAt), users.id).limit(page.limit).offset(page.offset)),
        async () => (await db.select({ n: count() }).from(users).where(where))[0]?.n ?? 0,
      );
      return { items: rows, total };
    },
    async findByProfessionalId(professionalId: string) {
      const [row] = await db.select().from(users).where(eq(users.professionalId, professionalId)).limit(1);
      return row ?? null;
    },
    /** Users per status, and how many of them were created since `since`. */
    async countByStatus(since: Date) {
      return db
        .select({
          status: users.status,
          total: count(),
          recent: sql<number>`(count(*) filter (where ${gte(users.createdAt, since)}))::int`,
        })
        .from(users)
        .groupBy(users.status);
    },
    async countAll() {
      const [row] = await db.select({ n: count() }).from(users);
      return row?.n ?? 0;
    },
    async insert(values: NewUser) {
      const [row] = await db.insert(users).values(values).returning();
      return row!;
    },
    async update(id: string, changes: UserChanges, at: Date) {
      const [row] = await db.update(users).set({ ...changes, updatedAt: at }).where(eq(users.id, id)).returning();
      return row ?? null;
    },
    async deleteById(id: string) {
      await db.delete(users).where(eq(users.id, id));
    },
    async insertAdminAction(values: NewAdminAction) {
      await db.insert(adminActions).values(values);
    },
    async setLastLogin(id: string, at: Date) {
      await db.update(users).set({ lastLogin: at }).where(eq(users.id, id));
    },
    async listAdminActions(userId: string) {
      return db
        .select({ ...getTableColumns(adminActions), performerEmail: users.email })
        .from(adminActions)
        .leftJoin(users, eq(users.id, adminActions.performedBy))
        .where(eq(adminActions.targetUserId, userId))
        .orderBy(desc(adminActions.performedAt));
    },
  };
}
