import { expect, test } from "@playwright/test";
import { ADMIN, PROFESSIONAL, signIn, storedSessionId, submitLogin } from "./fixtures";

test.describe("login", () => {
  test("admin lands on the admin dashboard", async ({ page }) => {
    await signIn(page, ADMIN);

    await expect(page.getByRole("heading", { name: "Painel", exact: true })).toBeVisible();
    await expect(page.getByText("Visão geral da plataforma")).toBeVisible();
    await expect(page.getByText("Bem-vindo ao Clinora!")).toBeVisible();
    await expect(page.getByText(ADMIN.fullName)).toBeVisible();
    await expect(page.getByText(ADMIN.roleLabel, { exact: true })).toBeVisible();
    expect(await storedSessionId(page)).toBeTruthy();
  });

  test("professional lands on the professional dashboard", async ({ page }) => {
    await signIn(page, PROFESSIONAL);

    await expect(page.getByRole("heading", { name: "Painel", exact: true })).toBeVisible();
    await expect(page.getByText(PROFESSIONAL.fullName)).toBeVisible();
    await expect(page.getByText(PROFESSIONAL.roleLabel, { exact: true })).toBeVisible();
  });

  test("the login screen is also served at / and tells visitors how to get an account", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
    await expect(page.getByText("Entre em contato com o administrador")).toBeVisible();
  });

  test("a wrong password shows 'Email ou senha incorretos'", async ({ page }) => {
    await page.goto("/login");
    await submitLogin(page, ADMIN.email, "senha-errada");

    await expect(page.getByRole("alert").filter({ hasText: "Email ou senha incorretos" })).toBeVisible();
    await expect(page).toHaveURL("/login");
    expect(await storedSessionId(page)).toBeNull();
  });

  test("empty fields show 'Por favor, preencha todos os campos'", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Entrar" }).click();

    await expect(page.getByRole("alert").filter({ hasText: "Por favor, preencha todos os campos" })).toBeVisible();

    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Por favor, preencha todos os campos" })).toBeVisible();
  });

  test("a signed-in user opening the login screen goes to the default page", async ({ page }) => {
    await signIn(page, PROFESSIONAL);
    await page.goto("/login");
    await expect(page).toHaveURL(PROFESSIONAL.home);
  });

  test("Sair ends the session and returns to the login screen", async ({ page }) => {
    await signIn(page, ADMIN);
    const sessionId = await storedSessionId(page);

    await page.getByRole("button", { name: "Sair" }).click();

    await expect(page).toHaveURL("/");
    await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
    expect(await storedSessionId(page)).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem("user"))).toBeNull();

    // The server forgot the session too.
    const me = await page.request.get("/api/auth/me", { headers: { "X-Session-ID": sessionId ?? "" } });
    expect(me.status()).toBe(401);
  });
});
