import { expect, test } from "@playwright/test";
import { MSG } from "@clinora/contracts";
import { choose, loginInNewContext, openRowActions, searchUsers, signInAsAdmin, SISTEMA, uniqueSuffix } from "./admin-users-fixtures";

/** One professional account, created in the first test and used by the next ones. */
const account = { email: `dra.teste.${uniqueSuffix()}@clinora.test`, password: "Consulta@2026", name: "Dra. Teresa Quintana" };

test.describe.serial("professional account lifecycle (docs/product/admin.md §2.4, §4)", () => {
  // Each step logs in through the screen in a second browser: more than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 60_000 });

  test("an administrator creates a professional account in the three-tab dialog, and it can log in", async ({ page, browser }) => {
    await signInAsAdmin(page);
    await page.goto(SISTEMA);
    await page.getByRole("button", { name: "Nova conta profissional" }).click();
    const dialog = page.getByRole("dialog", { name: "Nova conta profissional" });

    await expect(dialog.getByRole("tab", { name: "Credenciais" })).toHaveAttribute("aria-selected", "true");
    await dialog.getByLabel("Email de acesso").fill(account.email);
    await dialog.getByLabel("Senha").fill(account.password);

    // Required fields of the second tab are checked before anything is sent.
    await dialog.getByRole("button", { name: "Criar conta" }).click();
    await expect(dialog.getByRole("tab", { name: /Dados profissionais/ })).toHaveAttribute("aria-selected", "true");
    await expect(dialog.getByText(MSG.fullNameRequired)).toBeVisible();
    await expect(dialog.getByText(MSG.specialtyRequired)).toBeVisible();

    await dialog.getByLabel("Nome completo").fill(account.name);
    await dialog.getByLabel("Especialidade").fill("Psicologia");
    await dialog.getByLabel("Telefone", { exact: true }).fill("(11) 97777-1234");
    await dialog.getByRole("tab", { name: "Clínica (opcional)" }).click();
    await dialog.getByLabel("Cidade").fill("Campinas");
    await dialog.getByLabel("UF", { exact: true }).fill("SP");
    await dialog.getByRole("button", { name: "Criar conta" }).click();

    await expect(page.getByText("Conta profissional criada com sucesso!")).toBeVisible();
    await expect(dialog).toBeHidden();
    await searchUsers(page, account.email);
    await expect(page.getByRole("link", { name: account.name }).first()).toBeVisible();

    const professional = await loginInNewContext(browser, account.email, account.password);
    await expect(professional).toHaveURL("/painel");
    await professional.context().close();
  });

  test("a suspended account is refused at login with the spec's message", async ({ page, browser }) => {
    await signInAsAdmin(page);
    await page.goto(SISTEMA);
    await searchUsers(page, account.email);

    await openRowActions(page, account.email);
    await page.getByRole("menuitem", { name: "Suspender" }).click();
    const suspend = page.getByRole("alertdialog", { name: "Suspender usuário" });
    await suspend.getByRole("button", { name: "Suspender" }).click();
    await expect(suspend.getByText(MSG.suspensionReasonRequired)).toBeVisible();
    await suspend.getByLabel("Motivo da suspensão").fill("Registro profissional em análise");
    await suspend.getByRole("button", { name: "Suspender" }).click();
    await expect(page.getByText(MSG.userSuspended)).toBeVisible();
    await expect(page.getByText("Suspenso", { exact: true }).first()).toBeVisible();

    const refused = await loginInNewContext(browser, account.email, account.password);
    await expect(refused.getByText(MSG.loginNotAuthorized).first()).toBeVisible();
    await expect(refused).toHaveURL(/\/login$/);
    await refused.context().close();
  });

  test("a reactivated account logs in again", async ({ page, browser }) => {
    await signInAsAdmin(page);
    await page.goto(SISTEMA);
    await searchUsers(page, account.email);

    await openRowActions(page, account.email);
    await page.getByRole("menuitem", { name: "Reativar" }).click();
    const reactivate = page.getByRole("alertdialog", { name: "Reativar usuário" });
    await expect(reactivate.getByText("Registro profissional em análise")).toBeVisible();
    await reactivate.getByRole("button", { name: "Reativar" }).click();
    await expect(page.getByText(MSG.userReactivated)).toBeVisible();

    const welcomed = await loginInNewContext(browser, account.email, account.password);
    await expect(welcomed).toHaveURL("/painel");
    await welcomed.context().close();
  });

  test("creating a second account with the same email shows the server's message", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto(SISTEMA);
    await page.getByRole("button", { name: "Criar usuário" }).click();
    const dialog = page.getByRole("dialog", { name: "Criar usuário" });
    await dialog.getByLabel("Email").fill(account.email);
    await dialog.getByLabel("Senha").fill("OutraSenha@1");
    await choose(page, "Perfil", "Administrador");
    await dialog.getByRole("button", { name: "Criar usuário" }).click();
    await expect(page.getByText(MSG.userEmailTaken)).toBeVisible();
    await expect(dialog).toBeVisible();
  });
});
