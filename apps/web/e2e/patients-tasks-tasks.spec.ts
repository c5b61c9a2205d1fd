import { test, type Page } from "@playwright/test";
import { dayFirst, PROFESSIONAL, signInViaApi } from "./fixtures";
import { chooseOption, expect, expectToast, saoPauloDate, uniqueSuffix } from "./patients-tasks-helpers";

async function createTask(page: Page, fields: { title: string; dueDate: string; priority?: string; linkPatient?: boolean }) {
  await page.getByRole("button", { name: "Nova tarefa" }).click();
  const dialog = page.getByRole("dialog", { name: "Nova tarefa" });
  await dialog.getByLabel("Título").fill(fields.title);
  await dialog.getByLabel("Data de vencimento").fill(dayFirst(fields.dueDate));
  if (fields.priority) await chooseOption(page, "Prioridade", fields.priority);
  if (fields.linkPatient) {
    await dialog.getByRole("combobox", { name: "Paciente" }).click();
    await page.getByRole("option").nth(1).click();
  }
  await dialog.getByRole("button", { name: "Criar tarefa" }).click();
  await expectToast(page, "Tarefa criada com sucesso!");
  await expect(dialog).toBeHidden();
}

test.describe("Tarefas", () => {
  // Several dialogs and server round trips per flow: more than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 90_000 });

  test.beforeEach(async ({ page }) => {
    await signInViaApi(page, PROFESSIONAL);
    await page.goto("/tarefas");
    await expect(page.getByRole("heading", { level: 1, name: "Tarefas" })).toBeVisible();
  });

  test("creates a task, completes it and reopens it", async ({ page }) => {
    const title = `Enviar laudo ${uniqueSuffix()}`;
    await createTask(page, { title, dueDate: saoPauloDate(), priority: "Alta", linkPatient: true });

    await page.getByRole("searchbox", { name: "Buscar tarefas" }).fill(title);
    const row = page.getByRole("listitem", { name: title });
    await expect(page.getByRole("list", { name: "Lista de tarefas" }).getByRole("listitem")).toHaveCount(1);
    await expect(row.getByText("A fazer", { exact: true })).toBeVisible();
    await expect(row.getByText("Alta", { exact: true })).toBeVisible();
    await expect(row.getByText("Hoje", { exact: true })).toBeVisible();

    await row.getByRole("checkbox", { name: `Concluir tarefa: ${title}` }).click();
    await expectToast(page, "Tarefa concluída!");
    await expect(row.getByText("Concluída", { exact: true })).toBeVisible();
    await expect(row.getByText("Hoje", { exact: true })).toHaveCount(0);

    await row.getByRole("checkbox", { name: `Reabrir tarefa: ${title}` }).click();
    await expectToast(page, "Tarefa reaberta!");
    await expect(row.getByText("A fazer", { exact: true })).toBeVisible();
    await expect(row.getByText("Hoje", { exact: true })).toBeVisible();

    await row.getByRole("button", { name: `Editar tarefa: ${title}` }).click();
    const edit = page.getByRole("dialog", { name: "Editar tarefa" });
    await edit.getByLabel("Descrição").fill("Conferir assinatura antes de enviar");
    await edit.getByRole("button", { name: "Salvar alterações" }).click();
    await expectToast(page, "Tarefa atualizada com sucesso!");
    await expect(row).toContainText("Conferir assinatura antes de enviar");
  });

  test("filters overdue tasks and deletes one after confirming", async ({ page }) => {
    const suffix = uniqueSuffix();
    const overdue = `Retorno atrasado ${suffix}`;
    const soon = `Relatório em breve ${suffix}`;
    await createTask(page, { title: overdue, dueDate: saoPauloDate(-2) });
    await createTask(page, { title: soon, dueDate: saoPauloDate(2) });

    const list = page.getByRole("list", { name: "Lista de tarefas" });
    await page.getByRole("searchbox", { name: "Buscar tarefas" }).fill(suffix);
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await expect(list.getByRole("listitem", { name: soon }).getByText(/^\d{2}\/\d{2}$/)).toBeVisible();

    await chooseOption(page, "Filtrar por prazo", "Vencidas");
    await expect(list.getByRole("listitem")).toHaveCount(1);
    const row = list.getByRole("listitem", { name: overdue });
    await expect(row.getByText("Vencida", { exact: true })).toBeVisible();

    await page.getByRole("searchbox", { name: "Buscar tarefas" }).fill("");
    await expect(list.getByRole("listitem", { name: soon })).toHaveCount(0);
    for (const item of await list.getByRole("listitem").all()) await expect(item.getByText("Vencida", { exact: true })).toBeVisible();
    await expect(page.getByRole("region", { name: "Resumo das tarefas" })).toContainText("Vencidas");

    await row.getByRole("button", { name: `Excluir tarefa: ${overdue}` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Excluir tarefa?" });
    await expect(confirm).toContainText(overdue);
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await expectToast(page, "Tarefa excluída com sucesso!");
    await expect(list.getByRole("listitem", { name: overdue })).toHaveCount(0);
  });
});
