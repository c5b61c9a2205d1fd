import { expect, test, type Page } from "@playwright/test";
import { axeFindings, formatFindings } from "./axe";
import { PROFESSIONAL, screenshot, SCREENSHOT_VIEWPORTS, signInViaApi } from "./fixtures";

/** The fake Mercado Pago of the e2e server (apps/server/src/scripts/e2e-server.ts), on E2E_PORT + 5. */
const mercadopago = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? "3100") + 5}/_stand-in`;
/** The account the fake knows (apps/server/src/scripts/stand-ins.ts, STAND_IN_MERCADOPAGO). */
const MP_ACCOUNT = { token: "TEST-stand-in-access-token", secret: "stand-in-webhook-secret" };
const PAGE_LOAD_MS = 15_000;

async function expectAxeClean(page: Page, screen: string) {
  const findings = await axeFindings(page, screen);
  expect(findings, formatFindings(findings)).toEqual([]);
}

for (const viewport of SCREENSHOT_VIEWPORTS) {
  test.describe(`payments ${viewport.name}`, () => {
    test.use({ viewport: viewport.size, locale: "en-US", timezoneId: "Europe/Lisbon" });

    test("a charge's Pix is paid at Mercado Pago, shows Pago, its receipt number is typed and the month's total counts it", async ({ page }) => {
      test.setTimeout(120_000);
      const session = await signInViaApi(page, PROFESSIONAL);
      const headers = { "X-Session-ID": session };
      const connect = await page.request.put("/api/payments/settings", {
        headers,
        data: { provider: "mercadopago", mercadopago_access_token: MP_ACCOUNT.token, mercadopago_webhook_secret: MP_ACCOUNT.secret, council_registration: "CRP 06/123456" },
      });
      expect(connect.ok()).toBe(true);
      const description = `Sessão avulsa ${viewport.name}`;

      await page.goto("/financeiro");
      await expect(page.getByRole("heading", { name: "Financeiro", level: 1 })).toBeVisible({ timeout: PAGE_LOAD_MS });
      const before = await page.request.get("/api/payments/summary", { headers }).then((r) => r.json() as Promise<{ received_cents: number; month: string }>);

      await page.getByLabel("Descrição").fill(description);
      await page.getByLabel("Valor (R$)").fill("180,00");
      await page.getByRole("button", { name: "Nova cobrança" }).click();
      const row = page.getByTestId("charge-row").filter({ hasText: description });
      await expect(row).toContainText("R$ 180,00");
      await expect(row).toContainText("A receber");
      await expectAxeClean(page, "Financeiro: cobranças");
      await screenshot(page, `${viewport.name}-payments-charges`);

      await row.getByRole("button", { name: "Pix" }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toContainText("Pix do Mercado Pago");
      await expect(dialog.getByTestId("pix-brcode")).toContainText("000201");
      await expect(dialog.getByRole("link", { name: "abrir o link de pagamento" })).toBeVisible();
      await expectAxeClean(page, "Financeiro: Pix");
      await screenshot(page, `${viewport.name}-payments-pix`);
      await page.keyboard.press("Escape");

      // The patient pays the Pix: the stand-in approves it and posts its signed notification to the server.
      const charges = (await page.request.get("/api/payments/charges", { headers }).then((r) => r.json())) as { id: string; description: string }[];
      const charge = charges.find((c) => c.description === description)!;
      const paid = await page.request.post(`${mercadopago}/pay`, { data: { external_reference: charge.id } });
      expect(paid.ok()).toBe(true);
      expect(((await paid.json()) as { status: number }).status).toBe(200);

      await page.reload();
      await expect(page.getByTestId("charge-row").filter({ hasText: description })).toContainText("Pago", { timeout: PAGE_LOAD_MS });

      await page.getByRole("tab", { name: "Recibos" }).click();
      const receipt = page.getByTestId("receipt-due").filter({ hasText: description });
      await expect(receipt).toContainText("R$ 180,00");
      await expect(receipt).toContainText("CRP 06/123456");
      await expect(page.getByText("O Clinora não entra no gov.br")).toBeVisible();
      await expectAxeClean(page, "Financeiro: recibos");
      await screenshot(page, `${viewport.name}-payments-receipts`);
      await receipt.getByLabel("Número do recibo").fill(`RS-${viewport.name}-0001`);
      await receipt.getByRole("button", { name: "Marcar como emitido" }).click();
      await expect(receipt).toBeHidden();

      await page.getByRole("tab", { name: "Livro-caixa" }).click();
      const total = (before.received_cents + 18000) / 100;
      const expected = `R$ ${total.toLocaleString("pt-BR", { minimumFractionDigits: 2 })}`;
      await expect(page.getByTestId(`ledger-${before.month}`)).toContainText(expected);
      await expectAxeClean(page, "Financeiro: livro-caixa");
      await screenshot(page, `${viewport.name}-payments-ledger`);
    });
  });
}
