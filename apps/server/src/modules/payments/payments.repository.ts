import { and, asc, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from "drizzle-orm";
import type { ChargeStatus, PaymentMethod } from "@clinora/contracts";
import { rowsOf } from "../../platform/db/rows";
import type { DbOrTx } from "../../platform/db/client";
import { charges, consultationPrices, expenseFiles, expenses, patientPrices, paymentSettings, paymentWebhookEvents } from "./payments.schema";
import { appointments } from "../appointments/appointments.schema";
import { patients } from "../patients/patients.schema";
import { appointmentFacts } from "../appointments";
import { patientIdentity } from "../patients";
import { letterheadOf } from "../professionals";

export type ChargeRow = typeof charges.$inferSelect & { patientName: string | null; appointmentDate: string | null };
export type ChargeWrite = Omit<typeof charges.$inferInsert, "id" | "professionalId" | "createdAt" | "updatedAt">;
export type SettingsRow = typeof paymentSettings.$inferSelect;
export type SettingsWrite = Omit<typeof paymentSettings.$inferInsert, "professionalId" | "createdAt" | "updatedAt">;
export type ExpenseRow = typeof expenses.$inferSelect;
/** Where the livro-caixa CSV's next batch starts: the last line's keys, in the CSV's order. */
export type LedgerCursor = { paymentDate: string; paidAt: string; id: string };
/** A payment's line of the livro-caixa CSV, as text; `receipt` is the receipt's number, "emitido", or null. */
export type LedgerLine = LedgerCursor & {
  description: string;
  payerName: string | null;
  payerCpf: string | null;
  beneficiaryCpf: string | null;
  method: PaymentMethod | null;
  amountCents: number;
  feeCents: number | null;
  receipt: string | null;
};

const chargeColumns = {
  charge: charges,
  patientName: patients.name,
  appointmentDate: appointments.appointmentDate,
};
const flat = (r: { charge: typeof charges.$inferSelect; patientName: string | null; appointmentDate: string | null }): ChargeRow => ({
  ...r.charge,
  patientName: r.patientName,
  appointmentDate: r.appointmentDate,
});

export interface ChargeFilters {
  status?: ChargeStatus;
  patientId?: string;
  appointmentId?: string;
}

/** Every read and write of payments, scoped to one professional (docs/product/engineering-conventions.md §4). */
export function paymentsRepository(db: DbOrTx, professionalId: string) {
  const own = eq(charges.professionalId, professionalId);
  const selectCharges = (where: SQL | undefined) =>
    db
      .select(chargeColumns)
      .from(charges)
      .leftJoin(patients, and(eq(patients.id, charges.patientId), eq(patients.professionalId, professionalId)))
      .leftJoin(appointments, and(eq(appointments.id, charges.appointmentId), eq(appointments.professionalId, professionalId)))
      .where(and(own, where));

  return {
    /** Whether a charge of this appointment is in one of `statuses`. */
    async appointmentHasChargeIn(appointmentId: string, statuses: readonly ChargeStatus[]) {
      const [row] = await db.select({ id: charges.id }).from(charges).where(and(own, eq(charges.appointmentId, appointmentId), inArray(charges.status, [...statuses]))).limit(1);
      return row !== undefined;
    },

    async findSettings(): Promise<SettingsRow | null> {
      const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.professionalId, professionalId));
      return row ?? null;
    },

    async upsertSettings(values: SettingsWrite) {
      await db
        .insert(paymentSettings)
        .values({ ...values, professionalId })
        .onConflictDoUpdate({ target: paymentSettings.professionalId, set: { ...values, updatedAt: sql`now()` } });
    },

    listTypePrices() {
      return db.select().from(consultationPrices).where(eq(consultationPrices.professionalId, professionalId)).orderBy(asc(consultationPrices.appointmentType));
    },

    async upsertTypePrice(appointmentType: string, amountCents: number) {
      await db
        .insert(consultationPrices)
        .values({ professionalId, appointmentType, amountCents })
        .onConflictDoUpdate({ target: [consultationPrices.professionalId, consultationPrices.appointmentType], set: { amountCents, updatedAt: sql`now()` } });
    },

    async deleteTypePrice(appointmentType: string) {
      await db.delete(consultationPrices).where(and(eq(consultationPrices.professionalId, professionalId), eq(consultationPrices.appointmentType, appointmentType)));
    },

    async findTypePrice(appointmentType: string) {
      const [row] = await db
        .select({ amountCents: consultationPrices.amountCents })
        .from(consultationPrices)
        .where(and(eq(consultationPrices.professionalId, professionalId), eq(consultationPrices.appointmentType, appointmentType)));
      return row?.amountCents ?? null;
    },

    listPatientPrices() {
      return db
        .select({ patientId: patientPrices.patientId, patientName: patients.name, amountCents: patientPrices.amountCents })
        .from(patientPrices)
        .innerJoin(patients, eq(patients.id, patientPrices.patientId))
        .where(eq(patientPrices.professionalId, professionalId))
        .orderBy(asc(patients.nameSort));
    },

    async findPatientPrice(patientId: string) {
      const [row] = await db
        .select({ amountCents: patientPrices.amountCents })
        .from(patientPrices)
        .where(and(eq(patientPrices.professionalId, professionalId), eq(patientPrices.patientId, patientId)));
      return row?.amountCents ?? null;
    },

    async setPatientPrice(patientId: string, amountCents: number | null) {
      if (amountCents === null) {
        await db.delete(patientPrices).where(and(eq(patientPrices.professionalId, professionalId), eq(patientPrices.patientId, patientId)));
        return;
      }
      await db
        .insert(patientPrices)
        .values({ patientId, professionalId, amountCents })
        .onConflictDoUpdate({ target: patientPrices.patientId, set: { amountCents, updatedAt: sql`now()` } });
    },

    /** The appointment a charge is for, only if it is one of the professional's. */
    findAppointment(id: string) {
      return appointmentFacts(db, professionalId, id);
    },

    /** The professional's name and clinic, for the comprovante's letterhead. */
    async findLetterhead() {
      const letterhead = await letterheadOf(db, professionalId);
      return letterhead ? { name: letterhead.fullName, clinicName: letterhead.clinicName } : null;
    },

    findPatient(id: string) {
      return patientIdentity(db, professionalId, id);
    },

    async insertCharge(values: ChargeWrite & { id?: string }) {
      const [row] = await db.insert(charges).values({ ...values, professionalId }).returning({ id: charges.id });
      return row!;
    },

    async findCharge(id: string): Promise<ChargeRow | null> {
      const [row] = await selectCharges(eq(charges.id, id));
      return row ? flat(row) : null;
    },

    async findChargeForUpdate(id: string) {
      const [row] = await db.select().from(charges).where(and(own, eq(charges.id, id))).for("update");
      return row ?? null;
    },

    async listCharges(filters: ChargeFilters): Promise<ChargeRow[]> {
      const rows = await selectCharges(
        and(
          filters.status ? eq(charges.status, filters.status) : undefined,
          filters.patientId ? eq(charges.patientId, filters.patientId) : undefined,
          filters.appointmentId ? eq(charges.appointmentId, filters.appointmentId) : undefined,
        ),
      )
        .orderBy(desc(charges.dueDate), desc(charges.createdAt))
        .limit(500);
      return rows.map(flat);
    },

    /**
     * Changes a charge only while it is in `from`: two writers at once (a webhook and a hand "pago", the same
     * event five times) find one of them changed it and the other changed nothing. Answers whether it changed.
     */
    async transition(id: string, from: ChargeStatus, values: Partial<ChargeWrite>) {
      const changed = await db
        .update(charges)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(own, eq(charges.id, id), eq(charges.status, from)))
        .returning({ id: charges.id });
      return changed.length > 0;
    },

    /**
     * Takes the one turn of a charge's message after the session: true only for the first caller, while the charge is
     * open and no message was handled yet (a second run, a concurrent one, a paid or cancelled charge get false).
     */
    async claimPixMessage(id: string, at: Date) {
      const claimed = await db
        .update(charges)
        .set({ pixMessageAt: at, updatedAt: sql`now()` })
        .where(and(own, eq(charges.id, id), eq(charges.status, "open"), isNull(charges.pixMessageAt)))
        .returning({ id: charges.id });
      return claimed.length > 0;
    },

    /** The open charges of sessions that have not ended yet: the ones a change of the Pix setting applies to. */
    async listOpenSessionCharges(now: Date): Promise<{ appointmentId: string }[]> {
      const rows = await db
        .select({ appointmentId: charges.appointmentId })
        .from(charges)
        .innerJoin(appointments, eq(appointments.id, charges.appointmentId))
        .where(and(own, eq(charges.status, "open"), isNull(charges.pixMessageAt), gte(appointments.endsAt, now)));
      return rows.flatMap((r) => (r.appointmentId ? [{ appointmentId: r.appointmentId }] : []));
    },

    async updateCharge(id: string, values: Partial<ChargeWrite>) {
      await db
        .update(charges)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(own, eq(charges.id, id)));
    },

    /** Paid charges with no Receita Saúde receipt yet, oldest payment first. */
    async listReceiptsDue(): Promise<ChargeRow[]> {
      const rows = await selectCharges(and(eq(charges.status, "paid"), isNull(charges.receiptIssuedAt))).orderBy(asc(charges.paymentDate), asc(charges.paidAt));
      return rows.map(flat);
    },

    /** Per month of `year` (by payment date): income, fees, count and receipts missing; refunded payments are not income. */
    async incomeByMonth(year: number) {
      const month = sql<string>`to_char(${charges.paymentDate}, 'YYYY-MM')`;
      return db
        .select({
          month,
          income: sql<string>`coalesce(sum(${charges.amountCents}), 0)`,
          fees: sql<string>`coalesce(sum(${charges.feeCents}), 0)`,
          payments: sql<string>`count(*)`,
          receiptsMissing: sql<string>`count(*) filter (where ${charges.receiptIssuedAt} is null)`,
        })
        .from(charges)
        .where(and(own, eq(charges.status, "paid"), gte(charges.paymentDate, `${year}-01-01`), lte(charges.paymentDate, `${year}-12-31`)))
        .groupBy(month);
    },

    async expensesByMonth(year: number) {
      const month = sql<string>`to_char(${expenses.expenseDate}, 'YYYY-MM')`;
      return db
        .select({ month, total: sql<string>`coalesce(sum(${expenses.amountCents}), 0)` })
        .from(expenses)
        .where(and(eq(expenses.professionalId, professionalId), gte(expenses.expenseDate, `${year}-01-01`), lte(expenses.expenseDate, `${year}-12-31`)))
        .groupBy(month);
    },

    /**
     * One batch of the month's payments for the CSV, in the order of (payment date, paid at, id), after `after` (the
     * previous batch's last row): keyset pages, so each batch is an index range however far into the month it is.
     */
    ledgerLinesPage(from: string, to: string, after: LedgerCursor | null, limit: number): Promise<LedgerLine[]> {
      // A plain statement with every column already text (or an integer): ORM row mapping and Date parsing cost more
      // than the query itself for 10 000 rows (docs/benchmarks/payments.md). The receipt's cell is decided here too.
      return db
        .execute(
          sql`select c.id::text as id, c.payment_date::text as "paymentDate",
                to_char(c.paid_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "paidAt",
                c.description, c.payer_name as "payerName", c.payer_cpf as "payerCpf", c.beneficiary_cpf as "beneficiaryCpf",
                c.method, c.amount_cents as "amountCents", c.fee_cents as "feeCents",
                coalesce(c.receipt_number, case when c.receipt_issued_at is not null then 'emitido' end) as receipt
              from ${charges} c
              where c.professional_id = ${professionalId} and c.status = 'paid' and c.payment_date between ${from}::date and ${to}::date
                ${after ? sql`and (c.payment_date, c.paid_at, c.id) > (${after.paymentDate}::date, ${after.paidAt}::timestamptz, ${after.id}::uuid)` : sql``}
              order by c.payment_date, c.paid_at, c.id
              limit ${limit}`,
        )
        .then((result) => rowsOf<LedgerLine>(result));
    },

    /** The month's expenses with their file's name, type and size (never its bytes). */
    expensesBetween(from: string, to: string) {
      return db
        .select({
          id: expenses.id,
          expenseDate: expenses.expenseDate,
          category: expenses.category,
          amountCents: expenses.amountCents,
          description: expenses.description,
          fileName: expenseFiles.fileName,
          fileContentType: expenseFiles.contentType,
          fileSize: expenseFiles.sizeBytes,
        })
        .from(expenses)
        .leftJoin(expenseFiles, eq(expenseFiles.expenseId, expenses.id))
        .where(and(eq(expenses.professionalId, professionalId), gte(expenses.expenseDate, from), lte(expenses.expenseDate, to)))
        .orderBy(asc(expenses.expenseDate), asc(expenses.createdAt));
    },

    async insertExpense(values: Omit<typeof expenses.$inferInsert, "id" | "professionalId" | "createdAt">) {
      const [row] = await db.insert(expenses).values({ ...values, professionalId }).returning();
      return row!;
    },

    async findExpense(id: string) {
      const [row] = await db.select({ id: expenses.id }).from(expenses).where(and(eq(expenses.professionalId, professionalId), eq(expenses.id, id)));
      return row ?? null;
    },

    /** Puts the expense's one file, replacing the one it had. */
    async putExpenseFile(expenseId: string, file: { fileName: string; contentType: string; data: Buffer }) {
      const values = { fileName: file.fileName, contentType: file.contentType, sizeBytes: file.data.length, data: file.data };
      await db
        .insert(expenseFiles)
        .values({ ...values, expenseId, professionalId })
        .onConflictDoUpdate({ target: expenseFiles.expenseId, set: values });
    },

    async findExpenseFile(expenseId: string) {
      const [row] = await db.select().from(expenseFiles).where(and(eq(expenseFiles.professionalId, professionalId), eq(expenseFiles.expenseId, expenseId)));
      return row ?? null;
    },

    async deleteExpense(id: string) {
      const gone = await db.delete(expenses).where(and(eq(expenses.professionalId, professionalId), eq(expenses.id, id))).returning({ id: expenses.id });
      return gone.length > 0;
    },

    /** The month's received and to-receive (open charges due up to the month's end). */
    async summary(from: string, to: string) {
      const [row] = await db
        .select({
          received: sql<string>`coalesce(sum(${charges.amountCents}) filter (where ${charges.status} = 'paid' and ${charges.paymentDate} between ${from} and ${to}), 0)`,
          toReceive: sql<string>`coalesce(sum(${charges.amountCents}) filter (where ${charges.status} = 'open' and ${charges.dueDate} <= ${to}), 0)`,
          receiptsDue: sql<string>`count(*) filter (where ${charges.status} = 'paid' and ${charges.receiptIssuedAt} is null)`,
        })
        .from(charges)
        .where(own);
      return row!;
    },

    /** Records a provider event once; false when it was already handled (a replay). */
    async recordEvent(provider: "mercadopago", eventKey: string, chargeId: string | null, outcome: string) {
      const inserted = await db
        .insert(paymentWebhookEvents)
        .values({ professionalId, provider, eventKey, chargeId, outcome })
        .onConflictDoNothing()
        .returning({ id: paymentWebhookEvents.id });
      return inserted.length > 0;
    },

    async findChargeByProviderPayment(provider: "mercadopago", paymentId: string) {
      const [row] = await db.select().from(charges).where(and(own, eq(charges.provider, provider), eq(charges.providerPaymentId, paymentId)));
      return row ?? null;
    },
  };
}

