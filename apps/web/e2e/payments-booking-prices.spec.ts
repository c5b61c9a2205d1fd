import { expect as baseExpect, test } from "@playwright/test";
import { axeFindings, formatFindings } from "./axe";
import { PROFESSIONAL, SCREENSHOT_VIEWPORTS, screenshot, signInViaApi, toastWith } from "./fixtures";

const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * Prices on the public booking page (docs/product/payments.md §6): the professional ticks "Mostrar os preços na
 * página de agendamento" on Financeiro › Configurar, and the page shows each priced type's amount next to its length.
 */
for (const viewport of SCREENSHOT_VIEWPORTS) {
  test(`the booking page shows the prices once the professional chooses so, ${viewport.name}`, async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport.size);
    const session = await signInViaApi(page, PROFESSIONAL);
    const headers = { "X-Session-ID": session };
    const original = (await (await page.request.get("/api/booking-page", { headers })).json()) as Record<string, unknown> & { slug: string };
    const originalPayments = (await (await page.request.get("/api/payments/settings", { headers })).json()) as Record<string, unknown>;
    const type = `Avaliação ${viewport.name}`;
    const { url: _url, ...input } = original;
    const on = await page.request.put("/api/booking-page", {
      headers,
      data: { ...input, enabled: true, appointment_types: [{ name: "Consulta", duration: 50 }, { name: type, duration: 60 }] },
    });
    expect(on.status()).toBe(200);
    try {
      await page.goto("/financeiro");
      await page.getByRole("tab", { name: "Configurar" }).click();
      await page.getByLabel("Tipo de consulta").fill(type);
      await page.getByLabel("Preço (R$)").fill("310,50");
      await page.getByRole("button", { name: "Salvar preço" }).click();
      await expect(page.getByRole("list", { name: "Preços" })).toContainText(`${type}: R$ 310,50`);
      const box = page.getByRole("checkbox", { name: "Mostrar os preços na página de agendamento" });
      if ((await box.getAttribute("aria-checked")) !== "true") await box.click();
      await expect(box).toHaveAttribute("aria-checked", "true");
      await page.getByRole("button", { name: "Salvar", exact: true }).click();
      await expect(toastWith(page, "Configurações de cobrança salvas!")).toBeVisible();

      await page.goto(`${baseURL}/agendar/${original.slug}`);
      await expect(page.getByRole("radio", { name: new RegExp(type) })).toBeVisible();
      await expect(page.locator(".bk-option").filter({ hasText: type })).toContainText("60 min · R$ 310,50");
      const findings = await axeFindings(page, "Página de agendamento com preços");
      expect(findings, formatFindings(findings)).toEqual([]);
      await screenshot(page, `${viewport.name}-booking-page-prices`);
    } finally {
      // The demo as the other flows expect it: the page and the payment switches as they were.
      const back = await page.request.put("/api/booking-page", { headers, data: input });
      expect(back.status()).toBe(200);
      const { mercadopago_connected: _c, mercadopago_webhook_url: _w, ...paymentInput } = originalPayments;
      const restored = await page.request.put("/api/payments/settings", { headers, data: paymentInput });
      expect(restored.status()).toBe(200);
    }
  });
}
