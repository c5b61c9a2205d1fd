import { expect, test } from "@playwright/test";
import { PROFESSIONAL, signInViaApi } from "./fixtures";

test("the Painel greets the professional and shows today's figures and agenda", async ({ page }) => {
  await signInViaApi(page, PROFESSIONAL);
  await page.goto("/painel");

  await expect(page.getByRole("heading", { name: "Agenda de hoje" })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Painel", exact: true })).toBeVisible();
  await expect(page.getByText(/(Bom dia|Boa tarde|Boa noite), Dra\. Ana!/)).toBeVisible();
  const figures = page.getByRole("region", { name: "Indicadores de hoje" });
  for (const label of ["Consultas hoje", "Concluídas", "Pendentes", "Ocupação"]) await expect(figures.getByText(label, { exact: true })).toBeVisible();
  // A percentage of her hours, or "—" on a day she does not work.
  await expect(figures.getByText(/^(\d+%|—)$/)).toBeVisible();
  await expect(page.getByRole("region", { name: "Próximo paciente" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Agenda de hoje" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Próximos compromissos" })).toBeVisible();
});

test("the Zen Mode toggle updates the profile and reloads", async ({ page }) => {
  await signInViaApi(page, PROFESSIONAL);
  await page.goto("/painel");
  const zen = page.getByRole("button", { name: /Modo Zen/ });
  await expect(zen).toHaveAttribute("aria-pressed", "false");

  await zen.click();
  await expect(page.getByText("Modo Zen ativado: notificações pausadas")).toBeVisible();
  await expect(zen).toHaveAttribute("aria-pressed", "true");

  // Back to how the demo left it, for the other flows.
  await zen.click();
  await expect(zen).toHaveAttribute("aria-pressed", "false");
});
