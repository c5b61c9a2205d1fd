import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, PROFESSIONAL, signInViaApi } from "./fixtures";

/** Review material, not assertions on pixels: written to e2e/screenshots/ (gitignored). Changes no data. */
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

const SETTINGS_TABS = [
  { tab: "Atendimento", ready: "Informações do consultório" },
  { tab: "Pessoal", ready: "Informações pessoais" },
  { tab: "Consultas", ready: "Dias de atendimento" },
  { tab: "Google Calendar", ready: "Link da agenda (iCalendar)" },
  { tab: "WhatsApp", ready: "Ativo via Twilio" },
];

for (const viewport of VIEWPORTS) {
  test.describe(`conversations and settings screenshots ${viewport.name}`, () => {
    test.use({ viewport: viewport.size });

    test("conversas", async ({ page }) => {
      await signInViaApi(page, PROFESSIONAL);
      await page.goto("/conversas");
      await expect(page.getByRole("list", { name: "Conversas" })).toBeVisible();
      await shot(page, `${viewport.name}-conversations`);

      // A resolved thread: opening it changes no unread counter other flows may read.
      await page.getByRole("combobox", { name: "Filtrar por status" }).click();
      await page.getByRole("option", { name: "Resolvida", exact: true }).click();
      await page.getByRole("combobox", { name: "Filtrar por canal" }).click();
      await page.getByRole("option", { name: "WhatsApp", exact: true }).click();
      await page.getByRole("list", { name: "Conversas" }).getByRole("button").first().click();
      await expect(page.getByRole("dialog").getByRole("list", { name: "Mensagens" })).toBeVisible();
      await page.waitForTimeout(300);
      await shot(page, `${viewport.name}-conversation-dialog`);
    });

    test("configurações", async ({ page }) => {
      await signInViaApi(page, PROFESSIONAL);
      await page.goto("/configuracoes");
      for (const { tab, ready } of SETTINGS_TABS) {
        await page.getByRole("tab", { name: tab }).click();
        await expect(page.getByRole("tabpanel").getByText(ready).first()).toBeVisible();
        await shot(page, `${viewport.name}-settings-${tab.toLowerCase().replace(/\s+/g, "-")}`);
      }
    });
  });
}
