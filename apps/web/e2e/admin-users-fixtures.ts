import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { ADMIN, signInViaApi, submitLogin } from "./fixtures";

/** A suffix that keeps the accounts of one run apart from the demo data and from other runs. */
export const uniqueSuffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

export const SISTEMA = "/admin/sistema";

/** Signs the page in as the demo administrator and answers a client for the admin API on the same session. */
export async function signInAsAdmin(page: Page) {
  const sessionId = await signInViaApi(page, ADMIN);
  return adminApi(page.request, sessionId);
}

function adminApi(request: APIRequestContext, sessionId: string) {
  const headers = { "X-Session-ID": sessionId };
  return {
    async createUser(email: string, fullName: string): Promise<{ id: string; email: string }> {
      const response = await request.post("/api/users", { headers, data: { email, password: "Senha@12345", role: "admin", full_name: fullName } });
      expect(response.status()).toBe(201);
      return (await response.json()) as { id: string; email: string };
    },
    get: (url: string) => request.get(url, { headers }),
    put: (url: string, data: unknown) => request.put(url, { headers, data }),
  };
}

/** Logs in on a fresh browser context (no stored session) and answers its page, left on the screen the login leads to. */
export async function loginInNewContext(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/login");
  await submitLogin(page, email, password);
  return page;
}

/** Narrows the users tab to one account by its email. */
export async function searchUsers(page: Page, text: string) {
  await page.getByRole("searchbox", { name: "Buscar usuários" }).fill(text);
}

/** Opens the '...' menu of a user's row (table on desktop, card on phones). */
export async function openRowActions(page: Page, email: string) {
  await page.getByRole("button", { name: `Ações de ${email}` }).first().click();
}

/** Picks an option of a Select (Radix combobox) by the field's label. */
export async function choose(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}
