import { expect, test } from "@playwright/test";
import { MSG } from "@clinora/contracts";
import { searchUsers, signInAsAdmin, SISTEMA, uniqueSuffix } from "./admin-users-fixtures";

test("bulk suspension runs over the selected users with the mass-suspension reason", async ({ page }) => {
  const api = await signInAsAdmin(page);
  const tag = `lote-${uniqueSuffix()}`;
  const first = await api.createUser(`${tag}.a@clinora.test`, "Recepção Lote A");
  const second = await api.createUser(`${tag}.b@clinora.test`, "Recepção Lote B");

  await page.goto(SISTEMA);
  const bulkBar = page.getByRole("toolbar", { name: "Ações em massa" });
  await bulkBar.getByRole("button", { name: "Suspender" }).click();
  await expect(page.getByText(MSG.bulkSelectionRequired)).toBeVisible();

  await searchUsers(page, tag);
  await expect(page.getByRole("link", { name: "Recepção Lote B" }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Recepção Lote A" }).first()).toBeVisible();
  await page.getByRole("checkbox", { name: "Selecionar todos" }).first().click();
  await expect(bulkBar.getByText("2 selecionado(s)")).toBeVisible();

  await bulkBar.getByRole("button", { name: "Suspender" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Suspender 2 usuário(s)?" });
  await confirm.getByRole("button", { name: "Suspender" }).click();
  await expect(page.getByText(MSG.usersProcessed(2))).toBeVisible();
  await expect(bulkBar.getByText("Nenhum usuário selecionado")).toBeVisible();

  for (const user of [first, second]) {
    const detail = await (await api.get(`/api/users/${user.id}`)).json();
    expect(detail).toMatchObject({ status: "suspended", suspension_reason: "Suspensão em massa pelo administrador" });
  }
});
