import { expect, test } from "@playwright/test";
import { ADMIN, mainMenu, PROFESSIONAL, signIn, storedSessionId } from "./fixtures";

test.describe("session (spec part 1 §4)", () => {
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
    const sessionId = await storedSessionId(page);
    expect(sessionId).toBeTruthy();

    const logout = await page.request.post("/api/auth/logout", { headers: { "X-Session-ID": sessionId ?? "" } });
    expect(logout.ok()).toBe(true);

    await mainMenu(page).getByRole("link", { name: "Tarefas" }).click();

    await expect(page).toHaveURL(/\/(login)?$/);
    await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
    expect(await storedSessionId(page)).toBeNull();
  });

  test("the session survives a reload", async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto("/admin/leads");
    await page.reload();
    await expect(page).toHaveURL("/admin/leads");
    await expect(page.getByRole("heading", { name: "Gerenciamento de Leads" })).toBeVisible();
  });
});
