import { expect as baseExpect, test } from "@playwright/test";
import { axeFindings, formatFindings } from "./axe";
import { PROFESSIONAL, SCREENSHOT_VIEWPORTS, screenshot, signInViaApi, toastWith } from "./fixtures";

const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * The livro-caixa's expenses and chart (docs/product/payments.md §2): an expense typed on Financeiro › Livro-caixa
 * shows in the month's list and total and in the year's table (the chart's text alternative), carries a PDF that
 * downloads back whole, and is removed again.
 */
for (const viewport of SCREENSHOT_VIEWPORTS) {
  test(`an expense is entered, counted in the month and the year, and removed, ${viewport.name}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport.size);
    const session = await signInViaApi(page, PROFESSIONAL);
    const headers = { "X-Session-ID": session };
    const summary = (await (await page.request.get("/api/payments/summary", { headers })).json()) as { month: string };
    const ledgerBefore = (await (await page.request.get(`/api/payments/ledger?year=${summary.month.slice(0, 4)}`, { headers })).json()) as {
      months: { month: string; expenses_cents: number }[];
    };
    const before = ledgerBefore.months.find((m) => m.month === summary.month)!.expenses_cents;
    const category = `Material ${viewport.name} ${Math.floor(Math.random() * 10_000)}`;

    await page.goto("/financeiro");
    await page.getByRole("tab", { name: "Livro-caixa" }).click();
    await expect(page.getByTestId("ledger-chart")).toBeVisible();
    await page.getByLabel("Categoria").fill(category);
    await page.getByLabel("Valor da despesa (R$)").fill("432,10");
    await page.getByLabel("Descrição da despesa").fill("Testes e papelaria");
    await page.getByRole("button", { name: "Lançar despesa" }).click();
    await expect(toastWith(page, "Despesa lançada!")).toBeVisible();

    const row = page.getByTestId("expense-row").filter({ hasText: category });
    await expect(row).toContainText("R$ 432,10");
    const expected = `R$ ${((before + 43210) / 100).toLocaleString("pt-BR", { minimumFractionDigits: 2 })}`;
    await expect(page.getByTestId(`ledger-${summary.month}`)).toContainText(expected);
    // Its file: a PDF attached from the row, then downloaded byte for byte under its own name.
    const pdf = Buffer.from(`%PDF-1.4\n% nota ${category}\n%%EOF\n`);
    await row.getByTestId("expense-file-input").setInputFiles({ name: "nota-fiscal.pdf", mimeType: "application/pdf", buffer: pdf });
    await expect(toastWith(page, "Arquivo anexado!")).toBeVisible();
    const downloading = page.waitForEvent("download");
    await row.getByRole("button", { name: /Baixar nota-fiscal\.pdf/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("nota-fiscal.pdf");
    const saved = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of saved) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(pdf)).toBe(true);
    await expect(row.getByRole("button", { name: /Trocar arquivo/ })).toBeVisible();

    const findings = await axeFindings(page, "Financeiro: livro-caixa e despesas");
    expect(findings, formatFindings(findings)).toEqual([]);
    await screenshot(page, `${viewport.name}-payments-expenses`);

    await row.getByRole("button", { name: /Remover despesa/ }).click();
    await expect(row).toBeHidden();
  });
}
