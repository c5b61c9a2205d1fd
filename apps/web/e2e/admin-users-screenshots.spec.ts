import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT } from "./fixtures";
import { openRowActions, searchUsers, signInAsAdmin, SISTEMA } from "./admin-users-fixtures";

/** Review material, not assertions on pixels: written to e2e/screenshots/ (gitignored). */
function shot(page: Page, name: string, fullPage = true) {
  return page.screenshot({
    path: fileURLToPath(new URL(`./screenshots/admin-users-${name}.png`, import.meta.url)),
    fullPage,
    animations: "disabled",
  });
}

/** Demo accounts that are shown, never changed: a suspended professional and one awaiting approval. */
const SUSPENDED_DEMO = "marcelo";

for (const [name, viewport] of [
  ["desktop", DESKTOP_VIEWPORT],
  ["phone", PHONE_VIEWPORT],
] as const) {
  test.describe(`admin users screenshots ${name}`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 90_000 });

    test("sistema, dialogs and user detail", async ({ page }) => {
      const api = await signInAsAdmin(page);
      await page.goto(SISTEMA);
      await expect(page.getByRole("heading", { name: "Sistema" })).toBeVisible();
      await expect(page.getByRole("button", { name: /^Ações de / }).first()).toBeVisible();
      await shot(page, `${name}-users`);

      await page.getByRole("checkbox", { name: "Selecionar todos" }).first().click();
      await shot(page, `${name}-users-selected`, false);
      await page.getByRole("checkbox", { name: "Selecionar todos" }).first().click();

      await page.getByRole("button", { name: "Nova Conta Profissional" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Criar Conta" }).click();
      await shot(page, `${name}-account-dialog`, false);
      await page.keyboard.press("Escape");

      await page.getByRole("button", { name: "Criar Usuário" }).click();
      await shot(page, `${name}-create-dialog`, false);
      await page.keyboard.press("Escape");

      await searchUsers(page, SUSPENDED_DEMO);
      const users = (await (await api.get(`/api/users?search=${SUSPENDED_DEMO}`)).json()) as { items: { id: string; email: string }[] };
      const suspended = users.items[0]!;
      await openRowActions(page, suspended.email);
      await shot(page, `${name}-row-menu`, false);
      await page.getByRole("menuitem", { name: "Excluir" }).click();
      await page.getByLabel("Email do usuário").fill("errado@");
      await shot(page, `${name}-delete-dialog`, false);
      await page.getByRole("button", { name: "Cancelar" }).click();

      await searchUsers(page, "nenhum-usuario-com-este-texto");
      await expect(page.getByText("Nenhum usuário encontrado")).toBeVisible();
      await shot(page, `${name}-users-empty`, false);

      await page.goto(`${SISTEMA}?tab=ai-settings`);
      await expect(page.getByRole("button", { name: "Salvar Configurações" })).toBeVisible();
      await shot(page, `${name}-ai-settings`);

      await page.goto(`/admin/usuario?userId=${suspended.id}`);
      await expect(page.getByText("Histórico de Ações")).toBeVisible();
      await shot(page, `${name}-user-detail`);

      const ana = (await (await api.get("/api/users?search=ana.souza")).json()) as { items: { id: string }[] };
      await page.goto(`/admin/usuario?userId=${ana.items[0]!.id}`);
      await expect(page.getByText("Informações do Profissional")).toBeVisible();
      await shot(page, `${name}-user-detail-professional`);
    });
  });
}
