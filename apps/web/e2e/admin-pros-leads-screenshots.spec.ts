import { expect, test } from "@playwright/test";
import { ADMIN, FIRST_LOAD_MS, screenshot, SCREENSHOT_VIEWPORTS, signInViaApi } from "./fixtures";

// Review material for the Profissionais and Leads screens. A dialog sits on the viewport: a full-page capture would
// show it over a stretched page.
for (const viewport of SCREENSHOT_VIEWPORTS) {
  test.describe(`screenshots ${viewport.name}`, () => {
    test.use({ viewport: viewport.size });
    test.slow();

    test("professionals", async ({ page }) => {
      await signInViaApi(page, ADMIN);
      await page.goto("/admin/profissionais");
      await expect(page.getByRole("button", { name: "Ações de Dra. Ana Souza" })).toBeVisible({ timeout: FIRST_LOAD_MS });
      await screenshot(page, `${viewport.name}-admin-professionals`);

      await page.getByRole("button", { name: "Ações de Dra. Ana Souza" }).click();
      await page.getByRole("menuitem", { name: "Ver detalhes" }).click();
      await expect(page.getByRole("dialog", { name: "Dra. Ana Souza" })).toBeVisible();
      await screenshot(page, `${viewport.name}-admin-professional-details`, { fullPage: false });
      await page.keyboard.press("Escape");

      await page.getByRole("button", { name: "Novo profissional" }).click();
      const form = page.getByRole("dialog", { name: "Novo profissional" });
      await form.getByRole("button", { name: "Criar profissional" }).click();
      await expect(form.getByText("Nome completo é obrigatório")).toBeVisible();
      await screenshot(page, `${viewport.name}-admin-professional-form`, { fullPage: false });
    });

    test("leads", async ({ page }) => {
      await signInViaApi(page, ADMIN);
      await page.goto("/admin/leads");
      await expect(page.getByRole("button", { name: /^Ações de / }).first()).toBeVisible({ timeout: FIRST_LOAD_MS });
      await screenshot(page, `${viewport.name}-admin-leads`);

      await page.getByRole("button", { name: /^Ações de / }).first().click();
      await page.getByRole("menuitem", { name: "Ver detalhes" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await screenshot(page, `${viewport.name}-admin-lead-details`, { fullPage: false });
      await page.keyboard.press("Escape");

      await page.getByRole("button", { name: "Novo lead" }).click();
      await expect(page.getByRole("dialog", { name: "Novo lead" })).toBeVisible();
      await screenshot(page, `${viewport.name}-admin-lead-form`, { fullPage: false });
      await page.keyboard.press("Escape");

      await page.getByRole("searchbox", { name: "Buscar leads" }).fill("nenhum lead com este texto");
      await expect(page.getByText("Nenhum lead encontrado")).toBeVisible();
      await screenshot(page, `${viewport.name}-admin-leads-empty`);
    });
  });
}
