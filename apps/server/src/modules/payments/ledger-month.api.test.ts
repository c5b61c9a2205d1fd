import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../platform/lib/clock";
import { charges, expenses } from "../../tables";
import { contextWithProfessional, type TestContext } from "../../../test/context";

/**
 * The livro-caixa's month on screen (docs/product/payments.md §7): GET /payments/ledger/month reads the same lines as
 * the month's CSV, its totals equal the CSV's and the year table's row, and another professional's payments never
 * appear in it.
 */
const clock = fixedClock("2026-05-03T12:00:00.000Z");
const MONTH = "2026-04";

let t: TestContext;
let session: string;
let professionalId: string;

const csvCents = (text: string) => Math.round(Number(text.replace(",", ".")) * 100);

beforeAll(async () => {
  ({ t, session, professional: { id: professionalId } } = await contextWithProfessional({ clock }));
  const other = await t.make.professionalUser();
  const paid = (values: Partial<typeof charges.$inferInsert> & { paymentDate: string; amountCents: number; txid: string }) => ({
    professionalId,
    description: "Sessão",
    dueDate: values.paymentDate,
    status: "paid" as const,
    method: "pix" as const,
    paidAt: new Date(`${values.paymentDate}T12:00:00Z`),
    ...values,
  });
  await t.db.insert(charges).values([
    paid({ paymentDate: `${MONTH}-02`, amountCents: 18000, feeCents: 178, method: "card", payerName: "Ana Souza", txid: "M1", receiptNumber: "RS-1", receiptIssuedAt: new Date(`${MONTH}-02T13:00:00Z`) }),
    paid({ paymentDate: `${MONTH}-10`, amountCents: 15000, payerName: "Bia Lima", txid: "M2" }),
    paid({ paymentDate: `${MONTH}-30`, amountCents: 999, method: "cash", txid: "M3", receiptIssuedAt: new Date(`${MONTH}-30T13:00:00Z`) }),
    // Not income of April: another month, an open charge, a refunded one, and another professional's payment.
    paid({ paymentDate: "2026-05-01", amountCents: 5000, txid: "M4" }),
    { professionalId, description: "A receber", amountCents: 7000, dueDate: `${MONTH}-15`, status: "open" as const, txid: "M5" },
    paid({ paymentDate: `${MONTH}-12`, amountCents: 4000, status: "refunded", txid: "M6" }),
    paid({ professionalId: other.professional.id, paymentDate: `${MONTH}-05`, amountCents: 77700, payerName: "Paciente de outra prática", txid: "M7" }),
  ]);
  await t.db.insert(expenses).values([
    { professionalId, expenseDate: `${MONTH}-01`, category: "Aluguel", amountCents: 150000 },
    { professionalId, expenseDate: `${MONTH}-20`, category: "Material", amountCents: 2990, description: "Papel" },
    { professionalId: other.professional.id, expenseDate: `${MONTH}-20`, category: "Outra", amountCents: 11100 },
  ]);
});
afterAll(() => t.close());

describe("GET /payments/ledger/month", () => {
  it("lists the month's payments and expenses with totals equal to the CSV's and the year table's", async () => {
    const res = await t.request({ method: "GET", url: `/api/payments/ledger/month?month=${MONTH}`, session });
    expect(res.statusCode).toBe(200);
    const month = res.json();
    expect(month.month).toBe(MONTH);
    expect(month.income).toEqual([
      expect.objectContaining({ payment_date: `${MONTH}-02`, payer_name: "Ana Souza", method: "card", amount_cents: 18000, fee_cents: 178, net_cents: 17822, receipt: "RS-1" }),
      expect.objectContaining({ payment_date: `${MONTH}-10`, payer_name: "Bia Lima", method: "pix", amount_cents: 15000, fee_cents: null, net_cents: 15000, receipt: null }),
      expect.objectContaining({ payment_date: `${MONTH}-30`, payer_name: null, method: "cash", amount_cents: 999, fee_cents: null, net_cents: 999, receipt: "emitido" }),
    ]);
    expect(month.expenses.map((e: { category: string; amount_cents: number }) => [e.category, e.amount_cents])).toEqual([
      ["Aluguel", 150000],
      ["Material", 2990],
    ]);
    expect(month.totals).toEqual({ income_cents: 33999, fees_cents: 178, net_cents: 33821, expenses_cents: 152990, payments: 3, receipts_missing: 1 });

    // The CSV of the same month: the same lines, the same sums.
    const csv = await t.request({ method: "GET", url: `/api/payments/ledger/csv?month=${MONTH}`, session });
    const rows = csv.body.replace(/^\uFEFF/, "").split("\r\n").slice(1, -1).map((l) => l.split(";"));
    const income = rows.filter((r) => r[1] === "receita");
    expect(income).toHaveLength(month.income.length);
    expect(income.reduce((s, r) => s + csvCents(r[7]!), 0)).toBe(month.totals.income_cents);
    expect(income.reduce((s, r) => s + (r[8] ? csvCents(r[8]) : 0), 0)).toBe(month.totals.fees_cents);
    expect(rows.filter((r) => r[1] === "despesa").reduce((s, r) => s - csvCents(r[7]!), 0)).toBe(month.totals.expenses_cents);
    expect(income.filter((r) => r[9] === "").length).toBe(month.totals.receipts_missing);

    // The year table's April row.
    const year = (await t.request({ method: "GET", url: "/api/payments/ledger?year=2026", session })).json();
    const april = year.months.find((m: { month: string }) => m.month === MONTH);
    expect(april).toEqual({
      month: MONTH,
      income_cents: month.totals.income_cents,
      fees_cents: month.totals.fees_cents,
      expenses_cents: month.totals.expenses_cents,
      payments: month.totals.payments,
      receipts_missing: month.totals.receipts_missing,
    });
  });

  it("never shows another professional's payments or expenses", async () => {
    const res = await t.request({ method: "GET", url: `/api/payments/ledger/month?month=${MONTH}`, session });
    expect(res.body).not.toContain("Paciente de outra prática");
    expect(res.body).not.toContain("Outra");
    expect(res.json().income.map((l: { amount_cents: number }) => l.amount_cents)).not.toContain(77700);
  });

  it("answers an empty month with no lines and zero totals, and a bad month with a Portuguese 422", async () => {
    const empty = await t.request({ method: "GET", url: "/api/payments/ledger/month?month=2026-02", session });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ month: "2026-02", income: [], expenses: [], totals: { income_cents: 0, fees_cents: 0, net_cents: 0, expenses_cents: 0, payments: 0, receipts_missing: 0 } });
    const bad = await t.request({ method: "GET", url: "/api/payments/ledger/month?month=2026-13", session });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain("Mês");
  });

  it("is the professional's own: no session is a 401", async () => {
    expect((await t.request({ method: "GET", url: `/api/payments/ledger/month?month=${MONTH}` })).statusCode).toBe(401);
  });
});
