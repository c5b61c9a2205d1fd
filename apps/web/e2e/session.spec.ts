import { expect, test } from "@playwright/test";
import { ADMIN, mainMenu, PROFESSIONAL, signIn, signInViaApi, storedSessionId } from "./fixtures";

test.describe("session (docs/product/accounts-and-access.md §4)", () => {
  test("an unknown stored session is cleared and the browser goes back to the login screen", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => localStorage.setItem("session_id", "sessao-invalida"));

    await page.goto("/admin");

    await expect(page).toHaveURL(/\/(login)?$/);
    await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
    expect(await storedSessionId(page)).toBeNull();
  });

  test("a session ended on the server is noticed on the next navigation", async ({ page }) => {
    await signIn(page, PROFESSIONAL);
    // The Painel's own requests settle first: one still on its way when the session ends would notice it before the
    // navigation does, and the app would already be on the login screen when the menu is clicked.
    await page.waitForLoadState("networkidle");
    const sessionId = await storedSessionId(page);
    expect(sessionId).toBeTruthy();

    const logout = await page.request.post("/api/auth/logout", { headers: { "X-Session-ID": sessionId ?? "" } });
    expect(logout.ok()).toBe(true);

    await mainMenu(page).getByRole("link", { name: "Tarefas" }).click();

    await expect(page).toHaveURL(/\/(login)?$/);
    await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
    expect(await storedSessionId(page)).toBeNull();
  });

  test("a page load checks the session once, and each navigation once more", async ({ page }) => {
    // Stored the way the app stores it, by a page that may still check it as it starts: it settles before counting.
    await signInViaApi(page, PROFESSIONAL);
    await page.waitForLoadState("networkidle");
    const checks: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/auth/me") checks.push(request.url());
    });

    // Scripts arrive late, as on a slow link: the check started with the page has answered before the pages render.
    await page.route("**/assets/*.js", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    await page.goto("/compromissos");
    await expect(page.getByRole("heading", { name: "Compromissos", level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(checks).toHaveLength(1);

    // A navigation inside the app: the check follows the new page's render.
    await mainMenu(page).getByRole("link", { name: "Tarefas" }).click();
    await expect(page).toHaveURL("/tarefas");
    await expect.poll(() => checks.length).toBe(2);
  });

  test("the session survives a reload", async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto("/admin/leads");
    await page.reload();
    await expect(page).toHaveURL("/admin/leads");
    await expect(page.getByRole("heading", { name: "Gerenciamento de leads" })).toBeVisible();
  });
});
