import { expect, test } from "@playwright/test";
import { screenshot, SCREENSHOT_VIEWPORTS } from "./fixtures";
import { openRowActions, searchUsers, signInAsAdmin, SISTEMA } from "./admin-users-fixtures";

/** Demo accounts that are shown, never changed: a suspended professional and one awaiting approval. */
const SUSPENDED_DEMO = "marcelo";

for (const { name, size } of SCREENSHOT_VIEWPORTS) {
  test.describe(`admin users screenshots ${name}`, () => {
    test.use({ viewport: size });
    test.describe.configure({ timeout: 90_000 });

    test("sistema, dialogs and user detail", async ({ page }) => {
      const api = await signInAsAdmin(page);
      await page.goto(SISTEMA);
      await expect(page.getByRole("heading", { name: "Sistema" })).toBeVisible();
      await expect(page.getByRole("button", { name: /^Ações de / }).first()).toBeVisible();
      await screenshot(page, `admin-users-${name}-users`);

      await page.getByRole("checkbox", { name: "Selecionar todos" }).first().click();
      await screenshot(page, `admin-users-${name}-users-selected`, { fullPage: false });
      await page.getByRole("checkbox", { name: "Selecionar todos" }).first().click();

      await page.getByRole("button", { name: "Nova conta profissional" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Criar conta" }).click();
      await screenshot(page, `admin-users-${name}-account-dialog`, { fullPage: false });
      await page.keyboard.press("Escape");

      await page.getByRole("button", { name: "Criar usuário" }).click();
      await screenshot(page, `admin-users-${name}-create-dialog`, { fullPage: false });
      await page.keyboard.press("Escape");

      await searchUsers(page, SUSPENDED_DEMO);
      const users = (await (await api.get(`/api/users?search=${SUSPENDED_DEMO}`)).json()) as { items: { id: string; email: string }[] };
      const suspended = users.items[0]!;
      await openRowActions(page, suspended.email);
      await screenshot(page, `admin-users-${name}-row-menu`, { fullPage: false });
      await page.getByRole("menuitem", { name: "Excluir" }).click();
      await page.getByLabel("Email do usuário").fill("errado@");
      await screenshot(page, `admin-users-${name}-delete-dialog`, { fullPage: false });
      await page.getByRole("button", { name: "Cancelar" }).click();

      await searchUsers(page, "nenhum-usuario-com-este-texto");
      await expect(page.getByText("Nenhum usuário encontrado")).toBeVisible();
      await screenshot(page, `admin-users-${name}-users-empty`, { fullPage: false });

      await page.goto(`${SISTEMA}?tab=ai-settings`);
      await expect(page.getByRole("button", { name: "Salvar configurações" })).toBeVisible();
      await screenshot(page, `admin-users-${name}-ai-settings`);

      await page.goto(`/admin/usuario?userId=${suspended.id}`);
      await expect(page.getByText("Histórico de ações")).toBeVisible();
      await screenshot(page, `admin-users-${name}-user-detail`);

      const ana = (await (await api.get("/api/users?search=ana.souza")).json()) as { items: { id: string }[] };
      await page.goto(`/admin/usuario?userId=${ana.items[0]!.id}`);
      await expect(page.getByText("Informações do profissional")).toBeVisible();
      await screenshot(page, `admin-users-${name}-user-detail-professional`);
    });
  });
}
