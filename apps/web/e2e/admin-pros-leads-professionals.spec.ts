import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { ADMIN, chooseOption, FIRST_LOAD_MS, signInViaApi, toastWith } from "./fixtures";

test.describe("admin professionals", () => {
  // Whole create-to-delete journeys: more steps than the default 30 s allow on a busy machine.
  test.slow();

  test.beforeEach(async ({ page }) => {
    await signInViaApi(page, ADMIN);
    await page.goto("/admin/profissionais");
    await expect(page.getByRole("heading", { name: "Gerenciamento de profissionais" })).toBeVisible({ timeout: FIRST_LOAD_MS });
  });

  test("creates, reads, edits and deletes a professional through the dialogs", async ({ page }) => {
    const id = randomUUID().slice(0, 8);
    const name = `Dra. Helena Teste ${id}`;
    const specialty = `Nutrição E2E ${id}`;

    await page.getByRole("button", { name: "Novo profissional" }).click();
    const dialog = page.getByRole("dialog", { name: "Novo profissional" });
    await dialog.getByRole("button", { name: "Criar profissional" }).click();
    await expect(dialog.getByText("Nome completo é obrigatório")).toHaveCount(1);
    await expect(dialog.getByText("Especialidade é obrigatória")).toHaveCount(1);

    await dialog.getByLabel("Nome completo").fill(name);
    await dialog.getByLabel("Especialidade").fill(specialty);
    await dialog.getByLabel("Email").fill(`helena.${id}@clinica.com.br`);
    await dialog.getByLabel("Telefone").fill("31 99876-5432");
    await dialog.getByLabel("Cidade").fill("Belo Horizonte");
    await dialog.getByLabel("UF").fill("mg");
    await dialog.getByLabel("Duração da consulta (minutos)").fill("10");
    await dialog.getByRole("button", { name: "Criar profissional" }).click();
    await expect(dialog.getByText("A duração da consulta deve estar entre 15 e 180 minutos")).toBeVisible();
    await dialog.getByLabel("Duração da consulta (minutos)").fill("40");
    // Without her access for now (it would hold the profile): the dialog says so plainly and offers the step.
    await dialog.getByRole("switch", { name: "Criar o acesso dela agora" }).click();
    await dialog.getByRole("button", { name: "Criar profissional" }).click();
    await expect(toastWith(page, "Profissional criado com sucesso!")).toBeVisible();
    await expect(dialog.getByRole("heading", { name: `${name} ainda não tem acesso ao Clinora` })).toBeVisible();
    await expect(dialog.getByLabel("Email de acesso")).toHaveValue(`helena.${id}@clinica.com.br`);
    await dialog.getByRole("button", { name: "Concluir" }).click();
    await expect(dialog).toBeHidden();

    // The specialty filter takes its options from the stats, refreshed after the creation.
    await chooseOption(page, "Especialidade", specialty);
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toContainText("Disponível");
    await expect(row).toContainText("(31) 99876-5432");
    await expect(row).toContainText("Belo Horizonte");

    await page.getByRole("button", { name: `Ações de ${name}` }).click();
    await page.getByRole("menuitem", { name: "Ver detalhes" }).click();
    const details = page.getByRole("dialog", { name });
    await expect(details).toContainText("40 minutos");
    await expect(details).toContainText("Belo Horizonte/MG");
    await expect(details).toContainText("Desativado");
    await expect(details.getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toHaveCount(2);
    await details.getByRole("button", { name: "Editar" }).click();

    const edit = page.getByRole("dialog", { name: "Editar profissional" });
    await expect(edit.getByLabel("Telefone")).toHaveValue("(31) 99876-5432");
    await edit.getByLabel("Nome completo").fill(`${name} Lima`);
    await edit.getByRole("switch", { name: "Disponível" }).click();
    await edit.getByRole("switch", { name: "Modo zen" }).click();
    await edit.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(toastWith(page, "Profissional atualizado com sucesso!")).toBeVisible();
    const edited = page.getByRole("row").filter({ hasText: `${name} Lima` });
    await expect(edited).toContainText("Indisponível");

    await page.getByRole("button", { name: `Ações de ${name} Lima` }).click();
    await page.getByRole("menuitem", { name: "Excluir" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Excluir profissional?" });
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await expect(toastWith(page, "Profissional excluído com sucesso!")).toBeVisible();
    await expect(page.getByText("Nenhum profissional encontrado")).toBeVisible();
  });

  test("refuses to delete a professional with patients and says why", async ({ page }) => {
    await chooseOption(page, "Especialidade", "Psicologia");
    await chooseOption(page, "Cidade", "São Paulo");
    await page.getByRole("button", { name: "Ações de Dra. Ana Souza" }).click();
    await page.getByRole("menuitem", { name: "Excluir" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Excluir profissional?" });
    await confirm.getByRole("button", { name: "Excluir" }).click();

    const failure = toastWith(page, "Erro ao deletar profissional");
    await expect(failure).toBeVisible();
    await expect(failure).toContainText("Não é possível excluir este profissional: ele possui dados vinculados");
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Cancelar" }).click();
    await expect(page.getByRole("row").filter({ hasText: "Dra. Ana Souza" })).toBeVisible();
  });

  test("filters by availability and searches the loaded page", async ({ page }) => {
    await chooseOption(page, "Disponibilidade", "Indisponíveis");
    await expect(page.getByRole("row").filter({ hasText: "Indisponível" }).first()).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: "Disponível" }).filter({ hasNotText: "Indisponível" })).toHaveCount(0);
    await chooseOption(page, "Disponibilidade", "Todas as disponibilidades");

    await page.getByRole("searchbox", { name: "Buscar profissionais nesta página" }).fill("ana souza");
    await expect(page.getByRole("row").filter({ hasText: "Dra. Ana Souza" })).toBeVisible();
    await page.getByRole("searchbox", { name: "Buscar profissionais nesta página" }).fill("ninguém com este nome");
    await expect(page.getByText("Nenhum profissional encontrado")).toBeVisible();
  });
});
