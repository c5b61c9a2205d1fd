import { PAYMENT_TEXTS } from "@clinora/contracts";
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

    test("Mercado Pago is connected on Configurar, a charge's Pix is paid there, shows Pago with the fee, its receipt number is typed and the month's total counts it", async ({ page }) => {
      test.setTimeout(150_000);
      const session = await signInViaApi(page, PROFESSIONAL);
      const headers = { "X-Session-ID": session };
      // From a known start: no provider (the other viewport's run, or another flow, may have left one connected).
      const current = (await (await page.request.get("/api/payments/settings", { headers })).json()) as Record<string, unknown>;
      const { mercadopago_connected: _c, mercadopago_webhook_url: _w, ...input } = current;
      const reset = await page.request.put("/api/payments/settings", { headers, data: { ...input, provider: "none", council_registration: "CRP 06/123456" } });
      expect(reset.ok()).toBe(true);

      await page.goto("/financeiro");
      await expect(page.getByRole("heading", { name: "Financeiro", level: 1 })).toBeVisible({ timeout: PAGE_LOAD_MS });
      await page.getByRole("tab", { name: "Configurar" }).click();
      await expect(page.getByRole("heading", { name: "Como o paciente paga" })).toBeVisible();
      await expect(page.getByRole("radio", { name: "Sem provedor (Pix estático)" })).toBeChecked();
      await page.getByRole("radio", { name: "Mercado Pago" }).check();
      await expect(page.getByText("O paciente recebe um Pix dinâmico")).toBeVisible();
      await expect(page.getByLabel("Endereço de notificações (webhook)")).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/api\/payments\/webhooks\/mercadopago\/[0-9a-f-]{36}$/);
      await expect(page.getByRole("button", { name: "Copiar endereço" })).toBeVisible();

      // A token Mercado Pago refuses: the field says so and nothing is connected.
      const token = page.getByLabel("Access token");
      await expect(token).toHaveAttribute("type", "password");
      await token.fill("APP_USR-colado-errado");
      await page.getByLabel("Assinatura secreta").fill(MP_ACCOUNT.secret);
      await page.getByRole("button", { name: "Conectar", exact: true }).click();
      await expect(page.getByText(PAYMENT_TEXTS.providerTokenRefused)).toBeVisible({ timeout: PAGE_LOAD_MS });
      await expect(token).toHaveAttribute("aria-invalid", "true");
      await expectAxeClean(page, "Financeiro: Mercado Pago, token recusado");
      expect(((await (await page.request.get("/api/payments/settings", { headers })).json()) as { mercadopago_connected: boolean }).mercadopago_connected).toBe(false);

      // The stand-in's own account: connected, and the token is never shown back.
      await token.fill(MP_ACCOUNT.token);
      await page.getByRole("button", { name: "Conectar", exact: true }).click();
      const connected = page.getByTestId("mercadopago-connected");
      await expect(connected).toContainText("Conectado", { timeout: PAGE_LOAD_MS });
      await expect(page.getByLabel("Access token")).toHaveCount(0);
      await expect(connected.getByRole("button", { name: "Trocar" })).toBeVisible();
      await expect(connected.getByRole("button", { name: "Desconectar" })).toBeVisible();
      expect(await page.content()).not.toContain(MP_ACCOUNT.token);
      await expectAxeClean(page, "Financeiro: Mercado Pago conectado");
      await screenshot(page, `${viewport.name}-payments-mercadopago-connected`);
      await page.getByRole("tab", { name: "Cobranças" }).click();
      const description = `Sessão avulsa ${viewport.name}`;

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
      const paidRow = page.getByTestId("charge-row").filter({ hasText: description });
      await expect(paidRow).toContainText("Pago", { timeout: PAGE_LOAD_MS });
      // Mercado Pago's fee on R$ 180,00 (the stand-in keeps 0,99 %, as for a Pix).
      await expect(paidRow).toContainText("taxa R$ 1,78");

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

      // The month's own lines: its name in the year table opens them from the keyboard, the paid charge among them.
      const [year, mm] = before.month.split("-") as [string, string];
      const monthName = new Date(Date.UTC(Number(year), Number(mm) - 1, 15)).toLocaleString("pt-BR", { month: "long", timeZone: "UTC" });
      const opener = page.getByRole("button", { name: new RegExp(`^Ver ${monthName} de ${year}$`, "i") });
      await opener.focus();
      await page.keyboard.press("Enter");
      await expect(opener).toHaveAttribute("aria-expanded", "true");
      const month = page.getByTestId("ledger-month");
      const line = month.getByTestId("ledger-income-line").filter({ hasText: description });
      await expect(line).toContainText("R$ 180,00", { timeout: PAGE_LOAD_MS });
      await expect(line).toContainText("R$ 1,78");
      await expect(line).toContainText("R$ 178,22");
      await expect(line).toContainText("Pix");
      await expect(line).toContainText(`Recibo nº RS-${viewport.name}-0001`);
      await expect(line).toContainText(new RegExp(`\\d{2}/${mm}/${year}`));
      await expect(month.getByTestId("ledger-month-totals")).toContainText(expected);
      // No tax figure is authoritative: the livro-caixa's note stays with the month open.
      await expect(page.getByText(/o cálculo do Carnê-Leão é do seu contador/)).toBeVisible();
      // On a phone the month's cards fit the screen: nothing pushes the page sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectAxeClean(page, "Financeiro: livro-caixa, um mês");
      await screenshot(page, `${viewport.name}-payments-ledger-month`);

      // Disconnecting, after a confirmation, erases the credentials and puts the key's static Pix back.
      await page.getByRole("tab", { name: "Configurar" }).click();
      await page.getByTestId("mercadopago-connected").getByRole("button", { name: "Desconectar" }).click();
      const confirm = page.getByRole("alertdialog");
      await expect(confirm).toContainText("não são mais confirmados sozinhos");
      await expectAxeClean(page, "Financeiro: desconectar o Mercado Pago");
      await confirm.getByRole("button", { name: "Desconectar" }).click();
      await expect(page.getByRole("radio", { name: "Sem provedor (Pix estático)" })).toBeChecked({ timeout: PAGE_LOAD_MS });
      await expect(page.getByTestId("mercadopago-connected")).toHaveCount(0);
      expect(((await (await page.request.get("/api/payments/settings", { headers })).json()) as { mercadopago_connected: boolean }).mercadopago_connected).toBe(false);
    });
  });
}
