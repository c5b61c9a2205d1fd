import { expect, test } from "@playwright/test";
import { ADMIN, PROFESSIONAL, screenshot, SCREENSHOT_VIEWPORTS, signInViaApi } from "./fixtures";

for (const viewport of SCREENSHOT_VIEWPORTS) {
  test.describe(`screenshots ${viewport.name}`, () => {
    test.use({ viewport: viewport.size });

    test("login", async ({ page }) => {
      await page.goto("/login");
      await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
      await screenshot(page, `${viewport.name}-login`);

      await page.getByRole("button", { name: "Entrar" }).click();
      await expect(page.getByRole("alert").first()).toBeVisible();
      await screenshot(page, `${viewport.name}-login-error`);
    });

    test("admin shell", async ({ page }) => {
      await signInViaApi(page, ADMIN);
      await page.goto("/admin");
      await expect(page.getByRole("heading", { name: "Painel", exact: true })).toBeVisible();
      await screenshot(page, `${viewport.name}-admin`);

      await page.goto("/admin/whatsapp/webhook");
      await expect(page.getByText("Endereço do webhook pronto")).toBeVisible();
      await screenshot(page, `${viewport.name}-admin-webhook`);

      if (viewport.name === "phone") {
        await page.getByRole("button", { name: "Abrir menu" }).click();
        await expect(page.getByRole("dialog")).toBeVisible();
        await screenshot(page, `${viewport.name}-admin-menu`);
      }
    });

    test("professional shell", async ({ page }) => {
      await signInViaApi(page, PROFESSIONAL);
      await page.goto("/painel");
      await expect(page.getByRole("heading", { name: "Painel", exact: true })).toBeVisible();
      await screenshot(page, `${viewport.name}-professional`);

      await page.goto("/endereco-inexistente");
      await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
      await screenshot(page, `${viewport.name}-not-found`);

      if (viewport.name === "phone") {
        await page.getByRole("button", { name: "Abrir menu" }).click();
        await expect(page.getByRole("dialog")).toBeVisible();
        await screenshot(page, `${viewport.name}-professional-menu`);
      }
    });
  });
}
