import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../platform/lib/clock";
import { charges, expenses } from "../../tables";
import { contextWithProfessional, type TestContext } from "../../../test/context";
import { LEDGER_CSV_BATCH } from "./index";

/**
 * The month's CSV sent batch by batch (docs/product/payments.md §9, docs/benchmarks/payments.md): more payments than
 * two batches, several paid at the same instant, and expenses on the same days, come out once each, in date order,
 * each day's payments before its expenses, exactly as the whole-text CSV did.
 */
const clock = fixedClock("2026-05-03T12:00:00.000Z");
const MONTH = "2026-04";
const PAYMENTS = LEDGER_CSV_BATCH * 2 + 137;

let t: TestContext;
let session: string;
let professionalId: string;

beforeAll(async () => {
  ({ t, session, professional: { id: professionalId } } = await contextWithProfessional({ clock }));
  for (let start = 0; start < PAYMENTS; start += 1000) {
    await t.db.insert(charges).values(
      Array.from({ length: Math.min(1000, PAYMENTS - start) }, (_, k) => {
        const i = start + k;
        const day = String((i % 30) + 1).padStart(2, "0");
        // Ten payments share each instant: the batches' boundary must not repeat or skip any of them.
        return {
          professionalId,
          description: `Sessão ${i}`,
          amountCents: 10000 + i,
          dueDate: `${MONTH}-${day}`,
          status: "paid" as const,
          method: "pix" as const,
          paidAt: new Date(`${MONTH}-${day}T${String(10 + (i % 3)).padStart(2, "0")}:00:00Z`),
          paymentDate: `${MONTH}-${day}`,
          txid: `L${i}`,
        };
      }),
    );
  }
  await t.db.insert(expenses).values([
    { professionalId, expenseDate: `${MONTH}-01`, category: "Aluguel", amountCents: 150000 },
    { professionalId, expenseDate: `${MONTH}-15`, category: "Material", amountCents: 2990 },
    { professionalId, expenseDate: `${MONTH}-30`, category: "Supervisão", amountCents: 40000 },
  ]);
  // Another month's payment stays out.
  await t.db.insert(charges).values({ professionalId, description: "Sessão de maio", amountCents: 5000, dueDate: "2026-05-01", status: "paid", method: "pix", paidAt: new Date("2026-05-01T12:00:00Z"), paymentDate: "2026-05-01", txid: "LMAIO" });
}, 120_000);
afterAll(() => t.close());

describe("the livro-caixa CSV in batches", () => {
  it("has every payment once and the expenses after each day's payments, in date order", async () => {
    const res = await t.request({ method: "GET", url: `/api/payments/ledger/csv?month=${MONTH}`, session });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.body.startsWith("\uFEFFdata;tipo;descricao;")).toBe(true);
    const lines = res.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines.pop()).toBe("");
    const rows = lines.slice(1).map((l) => l.split(";"));
    expect(rows).toHaveLength(PAYMENTS + 3);

    const sessions = rows.filter((r) => r[1] === "receita").map((r) => r[2]);
    expect(new Set(sessions).size).toBe(PAYMENTS);
    expect(sessions).not.toContain("Sessão de maio");
    const dates = rows.map((r) => r[0]!);
    expect([...dates].sort()).toEqual(dates);
    // Within a day: the payments first, then the expense; the day's last line is the expense.
    for (const [day, category] of [["01", "Aluguel"], ["15", "Material"], ["30", "Supervisão"]] as const) {
      const ofDay = rows.filter((r) => r[0] === `${MONTH}-${day}`);
      expect(ofDay.at(-1)!.slice(1, 3)).toEqual(["despesa", category]);
      expect(ofDay.filter((r) => r[1] === "despesa")).toHaveLength(1);
    }
    expect(rows.find((r) => r[2] === "Material")![7]).toBe("-29,90");
    expect(rows.find((r) => r[2] === "Sessão 0")![7]).toBe("100,00");
  });

  it("writes each cell as the accountant's spreadsheet reads it: fee, receipt, quotes, formulas and an expense under R$ 1", async () => {
    const june = "2026-06";
    await t.db.insert(charges).values([
      { professionalId, description: "Sessão; dupla", payerName: "=HYPERLINK(\"x\")", payerCpf: "52998224725", amountCents: 18000, feeCents: 178, dueDate: `${june}-02`, status: "paid", method: "card", paidAt: new Date(`${june}-02T12:00:00Z`), paymentDate: `${june}-02`, txid: "LJ1", receiptNumber: "RS-77" },
      { professionalId, description: "Sessão \"curta\"", amountCents: 5, dueDate: `${june}-03`, status: "paid", method: "cash", paidAt: new Date(`${june}-03T12:00:00Z`), paymentDate: `${june}-03`, txid: "LJ2", receiptIssuedAt: new Date(`${june}-04T12:00:00Z`) },
    ]);
    await t.db.insert(expenses).values({ professionalId, expenseDate: `${june}-03`, category: "Estacionamento", amountCents: 50 });
    const res = await t.request({ method: "GET", url: `/api/payments/ledger/csv?month=${june}`, session });
    expect(res.body.replace(/^\uFEFF/, "").split("\r\n").slice(1, -1)).toEqual([
      `${june}-02;receita;"Sessão; dupla";"'=HYPERLINK(""x"")";52998224725;;Cartão;180,00;1,78;RS-77`,
      `${june}-03;receita;"Sessão ""curta""";;;;Dinheiro;0,05;;emitido`,
      `${june}-03;despesa;Estacionamento;;;;;-0,50;;`,
    ]);
  });
});
