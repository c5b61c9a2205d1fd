import { and, asc, count, desc, eq, isNull, like, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db/client";
import { patients } from "./patients.schema";
import { lastAppointmentDateOf } from "../appointments";
import { foldForSearch, likeContains, nameSortKey } from "../../platform/db/text-search";
import { pageWithTotal } from "../../platform/lib/pagination";

export type PatientRow = typeof patients.$inferSelect;
export type PatientWrite = Omit<typeof patients.$inferInsert, "id" | "professionalId" | "createdAt">;
export type PatientSort = "name" | "recent" | "last_appointment";

export function patientSearchText(p: { name: string; email?: string | null; phone?: string | null; cpf?: string | null }): string {
  return foldForSearch([p.name, p.email, p.phone?.replace(/\D/g, ""), p.cpf].filter(Boolean).join(" "));
}

/**
 * The patients of ONE professional: every query is scoped by the professional given at construction
 * (docs/decisions/004-tenancy-model.md).
 */
export function patientRepository(db: DbOrTx, professionalId: string) {
  const own = eq(patients.professionalId, professionalId);

  // "Última": the last appointment that took place, the appointments' rule.
  const lastCompleted = (now: Date) => lastAppointmentDateOf(professionalId, patients.id, now);
  // A-Z as a Brazilian reads it: the folded name (name_sort), then the name itself, then the id for a stable order.
  const byName = [asc(patients.nameSort), asc(patients.name), asc(patients.id)];

  const searchCondition = (search: string): SQL | undefined => {
    const folded = foldForSearch(search);
    // Only a query without letters is a phone or CPF: "ávila 83" must not also match every phone containing 83.
    const digits = /\p{L}/u.test(search) ? "" : search.replace(/\D/g, "");
    // search_text is stored folded (patientSearchText), so a case-sensitive LIKE matches the folded query:
    // less than half the cost of ILIKE on every row of the professional's patients.
    return or(
      like(patients.searchText, likeContains(folded)),
      digits.length >= 3 ? like(patients.searchText, likeContains(digits)) : undefined,
    );
  };

  return {
    async findById(id: string) {
      const [row] = await db.select().from(patients).where(and(own, eq(patients.id, id))).limit(1);
      return row ?? null;
    },

    async list(opts: { search?: string; sort: PatientSort; limit: number; offset: number; now: Date }) {
      const lastAppointment = lastCompleted(opts.now);
      const where = and(own, opts.search ? searchCondition(opts.search) : undefined);
      const order =
        opts.sort === "recent"
          ? [desc(patients.createdAt), asc(patients.id)]
          : opts.sort === "last_appointment"
            ? [sql`${lastAppointment} desc nulls last`, ...byName]
            : byName;
      return pageWithTotal(
        opts,
        () =>
          db
            .select({ patient: patients, lastAppointment })
            .from(patients)
            .where(where)
            .orderBy(...order)
            .limit(opts.limit)
            .offset(opts.offset),
        async () => (await db.select({ n: count() }).from(patients).where(where))[0]?.n ?? 0,
      );
    },

    async search(text: string, limit: number) {
      return db
        .select({ id: patients.id, name: patients.name, phone: patients.phone, email: patients.email })
        .from(patients)
        // An anonymised record is history only: it is never offered for a new appointment.
        .where(and(own, isNull(patients.anonymizedAt), searchCondition(text)))
        .orderBy(...byName)
        .limit(limit);
    },

    async lastCompletedDate(patientId: string, now: Date) {
      const [row] = await db
        .select({ d: lastCompleted(now) })
        .from(patients)
        .where(and(own, eq(patients.id, patientId)));
      return row?.d ?? null;
    },

    async lockById(id: string) {
      await db.select({ id: patients.id }).from(patients).where(and(own, eq(patients.id, id))).for("update");
    },

    /** The oldest patient with this E.164 phone (the record its conversations link to). */
    async findByPhone(phone: string) {
      const [row] = await db.select({ id: patients.id, name: patients.name }).from(patients).where(and(own, eq(patients.phone, phone))).orderBy(patients.createdAt).limit(1);
      return row ?? null;
    },

    async findIdByCpf(cpf: string) {
      const [row] = await db.select({ id: patients.id }).from(patients).where(and(own, eq(patients.cpf, cpf))).limit(1);
      return row?.id ?? null;
    },

    async insert(values: PatientWrite) {
      const [row] = await db
        .insert(patients)
        .values({ ...values, professionalId, searchText: patientSearchText(values), nameSort: nameSortKey(values.name) })
        .returning();
      return row!;
    },

    async update(id: string, values: PatientWrite) {
      const [row] = await db
        .update(patients)
        .set({ ...values, searchText: patientSearchText(values), nameSort: nameSortKey(values.name), updatedAt: new Date() })
        .where(and(own, eq(patients.id, id)))
        .returning();
      return row ?? null;
    },
  };
}
