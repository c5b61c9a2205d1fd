import { expect, test, type Page } from "@playwright/test";
import { PHONE_VIEWPORT, PROFESSIONAL, screenshot, signInViaApi } from "./fixtures";

/**
 * The week's hours and the day timeline with an appointment in the middle of a keyboard move (docs/decisions/038),
 * in an English browser in New York: the times shown must stay the practice's.
 */
test.use({ locale: "en-US", timezoneId: "America/New_York" });

const SIZES = [
  { name: "desktop", size: { width: 1366, height: 800 } },
  { name: "phone", size: PHONE_VIEWPORT },
];

/** The first movable block of the view, one step down, in the middle of the window. */
async function moveFirstBlock(page: Page) {
  const block = page.locator("[data-appointment-id][aria-describedby]").first();
  await block.evaluate((element) => element.scrollIntoView({ block: "center" }));
  await block.focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.locator("[data-drag-target]")).toBeVisible();
}

for (const { name, size } of SIZES) {
  test(`drag and keyboard move screenshots ${name}`, async ({ page }) => {
    await page.setViewportSize(size);
    await signInViaApi(page, PROFESSIONAL);
    await page.goto("/compromissos");
    await page.getByRole("tab", { name: "Semana" }).click();
    await expect(page.getByRole("heading", { name: "Horários da semana" })).toBeVisible({ timeout: 15_000 });
    await moveFirstBlock(page);
    await screenshot(page, `${name}-appointments-week-moving`, { fullPage: false });
    await page.keyboard.press("Escape");

    await page.getByRole("tab", { name: "Linha do tempo" }).click();
    // A day with appointments: the demo's agenda has some on most weekdays; step forward until one shows.
    for (let i = 0; i < 7 && (await page.locator("[data-appointment-id][aria-describedby]").count()) === 0; i++) {
      await page.getByRole("button", { name: "Próximo dia" }).click();
    }
    await moveFirstBlock(page);
    await screenshot(page, `${name}-appointments-timeline-moving`, { fullPage: false });
  });
}
