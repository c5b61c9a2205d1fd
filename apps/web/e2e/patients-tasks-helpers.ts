import { expect as baseExpect, type Page } from "@playwright/test";

/**
 * These flows load lists of the whole demo practice and wait for dialogs to animate out; on a busy machine that
 * can take longer than Playwright's default 5 s, which is not what they test.
 */
export const expect = baseExpect.configure({ timeout: 15_000 });

/** A short token that makes the names created by one run unique in the shared e2e database. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/** YYYY-MM-DD in São Paulo (the demo professional's zone), `offsetDays` from today. */
export function saoPauloDate(offsetDays = 0): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offsetDays);
  return date.toISOString().slice(0, 10);
}

/** Waits for a toast with exactly this text. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: text }).first()).toBeVisible();
}

/** Picks `option` in the Radix select named `label`. */
export async function chooseOption(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option }).click();
}
