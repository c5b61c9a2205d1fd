import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { MSG } from "@clinora/contracts";
import { openDatabase, type Database } from "../../platform/db/client";
import { fixedClock } from "../../platform/lib/clock";
import { expenseFiles } from "../../tables";
import { contextWithProfessional, type TestContext } from "../../../test/context";
import { currentDatabaseUrl } from "../../../test/database-dump";
import { emptyPostgresDatabase, testDbKind } from "../../../test/test-db";
import { restoreBackup, takeBackup } from "../backups";

/**
 * An expense's file (docs/product/payments.md §2, §3): a PDF or an image with the prontuário attachments' checks,
 * stored in the practice's database, downloaded by its professional only, and carried by backups.
 */
const clock = fixedClock("2026-03-14T15:00:00.000Z");
const onPostgres = testDbKind() === "postgres";
const PDF = Buffer.from("%PDF-1.4\n% nota fiscal do aluguel\n%%EOF\n");
const PNG = Buffer.concat([Buffer.from("\x89PNG\r\n\x1A\n", "latin1"), Buffer.from("recibo")]);

let t: TestContext;
let session: string;
let dir: string;

beforeAll(async () => {
  ({ t, session } = await contextWithProfessional({ clock }));
  dir = mkdtempSync(path.join(os.tmpdir(), "clinora-expense-files-"));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function newExpense(as = session) {
  const res = await t.request({ method: "POST", url: "/api/payments/expenses", payload: { expense_date: "2026-03-05", category: "Aluguel", amount_cents: 150000, description: "Sala" }, session: as });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; file: unknown };
}

const upload = (id: string, body: Buffer, contentType: string, fileName = "nota fiscal março.pdf", as = session) =>
  t.request({ method: "POST", url: `/api/payments/expenses/${id}/file?file_name=${encodeURIComponent(fileName)}`, payload: body, headers: { "content-type": contentType }, session: as });

describe("expense files", () => {
  it("stores a PDF, lists it with the month's expenses and gives it back as a download; a new file replaces it", async () => {
    const expense = await newExpense();
    expect(expense.file).toBeNull();
    const put = await upload(expense.id, PDF, "application/pdf");
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ name: "nota fiscal março.pdf", content_type: "application/pdf", size_bytes: PDF.length });

    const list = (await t.request({ method: "GET", url: "/api/payments/expenses?month=2026-03", session })).json() as { id: string; file: unknown }[];
    expect(list.find((e) => e.id === expense.id)?.file).toEqual({ name: "nota fiscal março.pdf", content_type: "application/pdf", size_bytes: PDF.length });

    const got = await t.request({ method: "GET", url: `/api/payments/expenses/${expense.id}/file`, session });
    expect(got.statusCode).toBe(200);
    expect(got.headers["content-type"]).toBe("application/pdf");
    expect(got.headers["content-disposition"]).toContain("attachment;");
    expect(got.headers["content-disposition"]).toContain(encodeURIComponent("nota fiscal março.pdf"));
    expect(got.headers["cache-control"]).toBe("private, no-store");
    expect(got.rawPayload.equals(PDF)).toBe(true);

    expect((await upload(expense.id, PNG, "image/png", "recibo.png")).statusCode).toBe(200);
    const again = await t.request({ method: "GET", url: `/api/payments/expenses/${expense.id}/file`, session });
    expect(again.headers["content-type"]).toBe("image/png");
    expect(again.rawPayload.equals(PNG)).toBe(true);
    expect(await t.db.select({ id: expenseFiles.expenseId }).from(expenseFiles).where(eq(expenseFiles.expenseId, expense.id))).toHaveLength(1);
  });

  it("refuses a type that is not accepted, a file that is not what it claims, an empty one and a missing name, writing nothing", async () => {
    const expense = await newExpense();
    const text = await upload(expense.id, Buffer.from("olá"), "text/plain");
    expect(text.statusCode).toBe(415);
    expect(text.json().detail).toBe(MSG.attachmentTypeNotAccepted);
    const fake = await upload(expense.id, Buffer.from("<html>erro</html>"), "application/pdf");
    expect(fake.statusCode).toBe(422);
    expect(JSON.stringify(fake.json())).toContain(MSG.mediaEmpty);
    const noName = await t.request({ method: "POST", url: `/api/payments/expenses/${expense.id}/file`, payload: PDF, headers: { "content-type": "application/pdf" }, session });
    expect(noName.statusCode).toBe(422);
    expect((await t.request({ method: "GET", url: `/api/payments/expenses/${expense.id}/file`, session })).statusCode).toBe(404);
  });

  it("is another practice's 404 and an administrator's 403; removing the expense removes its file", async () => {
    const expense = await newExpense();
    expect((await upload(expense.id, PDF, "application/pdf")).statusCode).toBe(200);
    const other = await t.make.professionalUser();
    const otherSession = await t.login(other.user.email, other.user.password);
    expect((await t.request({ method: "GET", url: `/api/payments/expenses/${expense.id}/file`, session: otherSession })).statusCode).toBe(404);
    expect((await upload(expense.id, PNG, "image/png", "x.png", otherSession)).statusCode).toBe(404);
    const admin = await t.make.admin();
    const adminSession = await t.login(admin.email, admin.password);
    expect((await t.request({ method: "GET", url: `/api/payments/expenses/${expense.id}/file`, session: adminSession })).statusCode).toBe(403);

    expect((await t.request({ method: "DELETE", url: `/api/payments/expenses/${expense.id}`, session })).statusCode).toBe(204);
    expect(await t.db.select({ id: expenseFiles.expenseId }).from(expenseFiles).where(eq(expenseFiles.expenseId, expense.id))).toHaveLength(0);
  });

  it("comes back byte for byte from a portable backup", async () => {
    const expense = await newExpense();
    expect((await upload(expense.id, PDF, "application/pdf")).statusCode).toBe(200);
    const file = await takeBackup({ database: t.database, databaseUrl: onPostgres ? await currentDatabaseUrl(t.db) : undefined }, { dir, format: "portable", now: clock.now() });
    let restored: Database;
    let drop = async () => {};
    if (onPostgres) {
      const target = await emptyPostgresDatabase("clinora_expenses");
      await restoreBackup(file, { kind: "postgres", url: target.url }, { force: false, now: clock.now() });
      restored = await openDatabase({ kind: "postgres", url: target.url, maxConnections: 2 });
      drop = target.drop;
    } else {
      const dataDir = path.join(dir, "restored");
      await restoreBackup(file, { kind: "pglite", dataDir }, { force: false, now: clock.now() });
      restored = await openDatabase({ kind: "pglite", dataDir });
    }
    try {
      const [row] = await restored.db.select().from(expenseFiles).where(eq(expenseFiles.expenseId, expense.id));
      expect(row?.fileName).toBe("nota fiscal março.pdf");
      expect(row?.data.equals(PDF)).toBe(true);
    } finally {
      await restored.close();
      await drop();
    }
  }, 180_000);
});
