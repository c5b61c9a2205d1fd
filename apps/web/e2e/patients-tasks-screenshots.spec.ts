import { test, type Page } from "@playwright/test";
import { PROFESSIONAL, screenshot, SCREENSHOT_VIEWPORTS, signInViaApi } from "./fixtures";
import { expect } from "./patients-tasks-helpers";

/** The patients and tasks screens one screen high, as a user first sees them: the demo lists run to several screens. */
const shot = (page: Page, name: string) => screenshot(page, name, { fullPage: false });

for (const viewport of SCREENSHOT_VIEWPORTS) {
  test.describe(`patients and tasks screenshots ${viewport.name}`, () => {
    test.use({ viewport: viewport.size });

    test.beforeEach(async ({ page }) => {
      await signInViaApi(page, PROFESSIONAL);
    });

    test("pacientes", async ({ page }) => {
      await page.goto("/pacientes");
      await expect(page.getByRole("article").first()).toBeVisible();
      await shot(page, `${viewport.name}-patients`);

      await page.getByRole("article").first().getByRole("button", { name: /^Ver detalhes/ }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Editar" }).click();
      await expect(page.getByRole("dialog", { name: "Editar paciente" })).toBeVisible();
      await shot(page, `${viewport.name}-patients-dialog`);
      await page.keyboard.press("Escape");

      await page.getByRole("searchbox", { name: "Buscar pacientes" }).fill("zzzz nenhum");
      await expect(page.getByRole("heading", { name: "Nenhum paciente encontrado" })).toBeVisible();
      await shot(page, `${viewport.name}-patients-empty-search`);
    });

    test("tarefas", async ({ page }) => {
      await page.goto("/tarefas");
      await expect(page.getByRole("list", { name: "Lista de tarefas" })).toBeVisible();
      await shot(page, `${viewport.name}-tasks`);

      await page.getByRole("button", { name: "Nova tarefa" }).click();
      await expect(page.getByRole("dialog", { name: "Nova tarefa" })).toBeVisible();
      await page.getByRole("dialog").getByRole("button", { name: "Criar tarefa" }).click();
      await expect(page.getByRole("dialog").getByText("Título é obrigatório")).toBeVisible();
      await shot(page, `${viewport.name}-tasks-dialog`);
      await page.keyboard.press("Escape");

      await page.getByRole("searchbox", { name: "Buscar tarefas" }).fill("zzzz nenhuma");
      await expect(page.getByRole("heading", { name: "Nenhuma tarefa encontrada" })).toBeVisible();
      await shot(page, `${viewport.name}-tasks-empty`);
    });
  });
}
