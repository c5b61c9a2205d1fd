import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, DESKTOP_VIEWPORT, PHONE_VIEWPORT, PROFESSIONAL, signInViaApi } from "./fixtures";

/** Review material, not assertions on pixels: written to e2e/screenshots/ (gitignored). */
function shot(page: Page, name: string) {
  return page.screenshot({
    path: fileURLToPath(new URL(`./screenshots/${name}.png`, import.meta.url)),
    fullPage: true,
    // Finite animations (fade-ins, the menu slide) jump to their end state.
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

    test("login", async ({ page }) => {
      await page.goto("/login");
      await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
      await shot(page, `${viewport.name}-login`);

      await page.getByRole("button", { name: "Entrar" }).click();
      await expect(page.getByRole("alert").first()).toBeVisible();
      await shot(page, `${viewport.name}-login-error`);
    });

    test("admin shell", async ({ page }) => {
      await signInViaApi(page, ADMIN);
      await page.goto("/admin");
      await expect(page.getByRole("heading", { name: "Painel", exact: true })).toBeVisible();
      await shot(page, `${viewport.name}-admin`);

      await page.goto("/admin/whatsapp/webhook");
      await expect(page.getByText("Webhook endpoint ready")).toBeVisible();
      await shot(page, `${viewport.name}-admin-webhook`);

      if (viewport.name === "phone") {
        await page.getByRole("button", { name: "Abrir menu" }).click();
        await expect(page.getByRole("dialog")).toBeVisible();
        await shot(page, `${viewport.name}-admin-menu`);
      }
    });

    test("professional shell", async ({ page }) => {
      await signInViaApi(page, PROFESSIONAL);
      await page.goto("/painel");
      await expect(page.getByRole("heading", { name: "Painel", exact: true })).toBeVisible();
      await shot(page, `${viewport.name}-professional`);

      await page.goto("/endereco-inexistente");
      await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
      await shot(page, `${viewport.name}-not-found`);

      if (viewport.name === "phone") {
        await page.getByRole("button", { name: "Abrir menu" }).click();
        await expect(page.getByRole("dialog")).toBeVisible();
        await shot(page, `${viewport.name}-professional-menu`);
      }
    });
  });
}
