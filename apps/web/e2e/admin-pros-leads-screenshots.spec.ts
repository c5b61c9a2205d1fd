import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, DESKTOP_VIEWPORT, FIRST_LOAD_MS, PHONE_VIEWPORT, signInViaApi } from "./fixtures";

/** Review material for the Profissionais and Leads screens, written to e2e/screenshots/ (gitignored). */
function shot(page: Page, name: string, { fullPage = true } = {}) {
  return page.screenshot({
    path: fileURLToPath(new URL(`./screenshots/${name}.png`, import.meta.url)),
    // A dialog sits on the viewport: a full-page capture would show it over a stretched page.
    fullPage,
    animations: "disabled",
  });
}

const VIEWPORTS = [
  { name: "desktop", size: DESKTOP_VIEWPORT },
  { name: "phone", size: PHONE_VIEWPORT },
];

for (const viewport of VIEWPORTS) {
  test.describe(`screenshots ${viewport.name}`, () => {
    test.use({ viewport: viewport.size });
    test.slow();

    test("professionals", async ({ page }) => {
      await signInViaApi(page, ADMIN);
      await page.goto("/admin/profissionais");
      await expect(page.getByRole("button", { name: "Ações de Dra. Ana Souza" })).toBeVisible({ timeout: FIRST_LOAD_MS });
      await shot(page, `${viewport.name}-admin-professionals`);

      await page.getByRole("button", { name: "Ações de Dra. Ana Souza" }).click();
      await page.getByRole("menuitem", { name: "Ver detalhes" }).click();
      await expect(page.getByRole("dialog", { name: "Dra. Ana Souza" })).toBeVisible();
      await shot(page, `${viewport.name}-admin-professional-details`, { fullPage: false });
      await page.keyboard.press("Escape");

      await page.getByRole("button", { name: "Novo Profissional" }).click();
      const form = page.getByRole("dialog", { name: "Novo Profissional" });
      await form.getByRole("button", { name: "Criar profissional" }).click();
      await expect(form.getByText("Nome e especialidade são obrigatórios").first()).toBeVisible();
      await shot(page, `${viewport.name}-admin-professional-form`, { fullPage: false });
    });

    test("leads", async ({ page }) => {
      await signInViaApi(page, ADMIN);
      await page.goto("/admin/leads");
      await expect(page.getByRole("button", { name: /^Ações de / }).first()).toBeVisible({ timeout: FIRST_LOAD_MS });
      await shot(page, `${viewport.name}-admin-leads`);

      await page.getByRole("button", { name: /^Ações de / }).first().click();
      await page.getByRole("menuitem", { name: "Ver detalhes" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await shot(page, `${viewport.name}-admin-lead-details`, { fullPage: false });
      await page.keyboard.press("Escape");

      await page.getByRole("button", { name: "Novo Lead" }).click();
      await expect(page.getByRole("dialog", { name: "Novo Lead" })).toBeVisible();
      await shot(page, `${viewport.name}-admin-lead-form`, { fullPage: false });
      await page.keyboard.press("Escape");

      await page.getByRole("searchbox", { name: "Buscar leads" }).fill("nenhum lead com este texto");
      await expect(page.getByText("Nenhum lead encontrado")).toBeVisible();
      await shot(page, `${viewport.name}-admin-leads-empty`);
    });
  });
}
