import { expect, test } from "@playwright/test";
import { MSG } from "@clinora/contracts";
import { searchUsers, signInAsAdmin, SISTEMA, uniqueSuffix } from "./admin-users-fixtures";

test("user detail: opened from the list, saves notes and shows the action history newest first", async ({ page }) => {
  const api = await signInAsAdmin(page);
  const user = await api.createUser(`detalhe.${uniqueSuffix()}@clinora.test`, "Coordenação Detalhe");
  expect((await api.put(`/api/users/${user.id}/suspend`, { reason: "Conferência de documentos" })).ok()).toBe(true);

  await page.goto(SISTEMA);
  await searchUsers(page, user.email);
  await page.getByRole("link", { name: "Coordenação Detalhe" }).first().click();
  await expect(page).toHaveURL(`/admin/usuario?userId=${user.id}`);

  await expect(page.getByRole("heading", { name: "Coordenação Detalhe" })).toBeVisible();
  await expect(page.getByText("Suspenso", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Motivo: Conferência de documentos").first()).toBeVisible();
  await expect(page.getByText("Nunca acessou")).toBeVisible();

  await page.getByLabel("Notas administrativas").fill("Aguardando contrato assinado.");
  await page.getByRole("button", { name: "Salvar notas" }).click();
  await expect(page.getByText(MSG.notesSaved)).toBeVisible();

  const history = page.getByRole("list").filter({ hasText: "Editado" });
  await expect(history.getByRole("listitem")).toHaveCount(3);
  await expect(history.getByRole("listitem").nth(0)).toContainText("Editado");
  await expect(history.getByRole("listitem").nth(0)).toContainText("Campos alterados: Notas");
  await expect(history.getByRole("listitem").nth(1)).toContainText("Suspenso");
  await expect(history.getByRole("listitem").nth(2)).toContainText("created");

  await page.reload();
  await expect(page.getByLabel("Notas administrativas")).toHaveValue("Aguardando contrato assinado.");

  await page.getByRole("link", { name: "Editar usuário" }).click();
  await expect(page).toHaveURL(SISTEMA);
});

test("user detail of an unknown id says so and leads back to the list", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/usuario?userId=00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { name: "Usuário não encontrado" })).toBeVisible();
  await page.getByRole("link", { name: "Voltar" }).click();
  await expect(page).toHaveURL(SISTEMA);
});
