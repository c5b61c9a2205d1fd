import { expect, test, type Page } from "@playwright/test";
import { DESKTOP_VIEWPORT, PROFESSIONAL, screenshot, SCREENSHOT_VIEWPORTS, signInViaApi } from "./fixtures";

/** Compromissos and the Painel, the top 2400 px: a month of appointments is far longer than anyone reviews. */
function shot(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? DESKTOP_VIEWPORT.width;
  return screenshot(page, name, { clip: { x: 0, y: 0, width, height: 2400 } });
}

/** A cold page (its bundle, the session check, a month of appointments) on a busy machine. */
const PAGE_LOAD_MS = 15_000;

for (const viewport of SCREENSHOT_VIEWPORTS) {
  test.describe(`appointments screenshots ${viewport.name}`, () => {
    test.use({ viewport: viewport.size });

    test("painel", async ({ page }) => {
      await signInViaApi(page, PROFESSIONAL);
      await page.goto("/painel");
      await expect(page.getByRole("heading", { name: "Agenda de hoje" })).toBeVisible({ timeout: PAGE_LOAD_MS });
      await shot(page, `${viewport.name}-appointments-painel`);
    });

    test("compromissos", async ({ page }) => {
      test.setTimeout(90_000);
      await signInViaApi(page, PROFESSIONAL);
      await page.goto("/compromissos");
      await expect(page.getByRole("tab", { name: "Lista" })).toBeVisible({ timeout: PAGE_LOAD_MS });
      await expect(page.getByText("Carregando compromissos...")).toBeHidden({ timeout: PAGE_LOAD_MS });
      await shot(page, `${viewport.name}-appointments-list`);
      for (const [tab, name] of [["Linha do tempo", "timeline"], ["Semana", "week"], ["Mês", "month"]] as const) {
        await page.getByRole("tab", { name: tab }).click();
        await shot(page, `${viewport.name}-appointments-${name}`);
      }
      await page.getByRole("button", { name: "Novo compromisso" }).first().click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await shot(page, `${viewport.name}-appointments-dialog`);
      await page.getByRole("button", { name: "Cadastrar novo paciente" }).click();
      await shot(page, `${viewport.name}-appointments-dialog-quick-patient`);
    });
  });
}
