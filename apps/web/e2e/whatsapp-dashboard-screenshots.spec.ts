import { expect as baseExpect, test } from "@playwright/test";
import { ADMIN, PROFESSIONAL, screenshot, SCREENSHOT_VIEWPORTS, signInViaApi } from "./fixtures";

// The flows share a busy machine with other suites: first paints can take several seconds.
const expect = baseExpect.configure({ timeout: 15_000 });
test.setTimeout(90_000);

for (const viewport of SCREENSHOT_VIEWPORTS) {
  test.describe(`whatsapp and dashboard screenshots ${viewport.name}`, () => {
    test.use({ viewport: viewport.size });

    test("admin dashboard and WhatsApp page", async ({ page }) => {
      await signInViaApi(page, ADMIN);
      await page.goto("/admin");
      await expect(page.getByRole("img", { name: /^Últimos 30 dias/ })).toBeVisible();
      await screenshot(page, `${viewport.name}-admin-dashboard`);

      await page.goto("/admin/whatsapp");
      await expect(page.getByText("Recebidas (24h)")).toBeVisible();
      await expect(page.getByText("Número reserva (sem profissional)").filter({ visible: true })).toBeVisible();
      await screenshot(page, `${viewport.name}-admin-whatsapp`);

      await page.getByRole("button", { name: "Adicionar número" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await screenshot(page, `${viewport.name}-admin-whatsapp-dialog`);
    });

    test("assistant page", async ({ page }) => {
      await signInViaApi(page, PROFESSIONAL);
      await page.goto("/configuracoes/assistente");
      await expect(page.getByRole("button", { name: "Salvar configurações" })).toBeVisible();
      await expect(page.getByText("Recebidas (24h)")).toBeVisible();
      await screenshot(page, `${viewport.name}-assistant`);
    });
  });
}
