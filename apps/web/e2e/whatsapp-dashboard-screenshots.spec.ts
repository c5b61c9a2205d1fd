import { fileURLToPath } from "node:url";
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { ADMIN, DESKTOP_VIEWPORT, PHONE_VIEWPORT, PROFESSIONAL, signInViaApi } from "./fixtures";

// The flows share a busy machine with other suites: first paints can take several seconds.
const expect = baseExpect.configure({ timeout: 15_000 });
test.setTimeout(90_000);

/** Review material, not assertions on pixels: written to e2e/screenshots/ (gitignored). */
function shot(page: Page, name: string) {
  return page.screenshot({
    path: fileURLToPath(new URL(`./screenshots/${name}.png`, import.meta.url)),
    fullPage: true,
    animations: "disabled",
  });
}

const VIEWPORTS = [
  { name: "desktop", size: DESKTOP_VIEWPORT },
  { name: "phone", size: PHONE_VIEWPORT },
];

for (const viewport of VIEWPORTS) {
  test.describe(`whatsapp and dashboard screenshots ${viewport.name}`, () => {
    test.use({ viewport: viewport.size });

    test("admin dashboard and WhatsApp page", async ({ page }) => {
      await signInViaApi(page, ADMIN);
      await page.goto("/admin");
      await expect(page.getByRole("img", { name: /^Últimos 30 dias/ })).toBeVisible();
      await shot(page, `${viewport.name}-admin-dashboard`);

      await page.goto("/admin/whatsapp");
      await expect(page.getByText("Recebidas (24h)")).toBeVisible();
      await expect(page.getByText("Número reserva (sem profissional)").filter({ visible: true })).toBeVisible();
      await shot(page, `${viewport.name}-admin-whatsapp`);

      await page.getByRole("button", { name: "Adicionar número" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await shot(page, `${viewport.name}-admin-whatsapp-dialog`);
    });

    test("assistant page", async ({ page }) => {
      await signInViaApi(page, PROFESSIONAL);
      await page.goto("/configuracoes/assistente");
      await expect(page.getByRole("button", { name: "Salvar configurações" })).toBeVisible();
      await expect(page.getByText("Recebidas (24h)")).toBeVisible();
      await shot(page, `${viewport.name}-assistant`);
    });
  });
}
