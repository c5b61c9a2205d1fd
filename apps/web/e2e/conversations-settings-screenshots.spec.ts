import { expect, test } from "@playwright/test";
import { PROFESSIONAL, screenshot, SCREENSHOT_VIEWPORTS, signInViaApi } from "./fixtures";

const SETTINGS_TABS = [
  { tab: "Atendimento", ready: "Informações do consultório" },
  { tab: "Pessoal", ready: "Informações pessoais" },
  { tab: "Consultas", ready: "Dias de atendimento" },
  { tab: "Google Calendar", ready: "Link da agenda (iCalendar)" },
  { tab: "WhatsApp", ready: "WhatsApp ativo" },
];

// Changes no data: other flows may read the same conversations and settings.
for (const viewport of SCREENSHOT_VIEWPORTS) {
  test.describe(`conversations and settings screenshots ${viewport.name}`, () => {
    test.use({ viewport: viewport.size });

    test("conversas", async ({ page }) => {
      await signInViaApi(page, PROFESSIONAL);
      await page.goto("/conversas");
      await expect(page.getByRole("list", { name: "Conversas" })).toBeVisible();
      await screenshot(page, `${viewport.name}-conversations`);

      // A resolved thread: opening it changes no unread counter other flows may read.
      await page.getByRole("combobox", { name: "Filtrar por status" }).click();
      await page.getByRole("option", { name: "Resolvida", exact: true }).click();
      await page.getByRole("combobox", { name: "Filtrar por canal" }).click();
      await page.getByRole("option", { name: "WhatsApp", exact: true }).click();
      await page.getByRole("list", { name: "Conversas" }).getByRole("button").first().click();
      await expect(page.getByRole("dialog").getByRole("list", { name: "Mensagens" })).toBeVisible();
      await page.waitForTimeout(300);
      await screenshot(page, `${viewport.name}-conversation-dialog`);
    });

    test("configurações", async ({ page }) => {
      await signInViaApi(page, PROFESSIONAL);
      await page.goto("/configuracoes");
      for (const { tab, ready } of SETTINGS_TABS) {
        await page.getByRole("tab", { name: tab }).click();
        await expect(page.getByRole("tabpanel").getByText(ready).first()).toBeVisible();
        await screenshot(page, `${viewport.name}-settings-${tab.toLowerCase().replace(/\s+/g, "-")}`);
      }
    });
  });
}
