import { expect as baseExpect, test } from "@playwright/test";
import { ADMIN, signInViaApi } from "./fixtures";

// The flows share a busy machine with other suites: first paints can take several seconds.
const expect = baseExpect.configure({ timeout: 15_000 });
test.setTimeout(90_000);

const CARD_LABELS = [
  "Total de profissionais",
  "Usuários ativos",
  "Total de pacientes",
  "Consultas hoje",
  "Total de consultas",
  "Novos usuários (7 dias)",
  "Novos pacientes (7 dias)",
  "Alertas do sistema",
  "WhatsApp conectados",
  "Google Calendar conectados",
  "Taxa de conclusão de tarefas",
];

test.beforeEach(async ({ page }) => {
  await signInViaApi(page, ADMIN);
});

test("the admin dashboard shows the eleven platform figures and the 30-day chart", async ({ page }) => {
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Painel", exact: true })).toBeVisible();
  await expect(page.getByText("Visão geral da plataforma")).toBeVisible();

  for (const label of CARD_LABELS) {
    const value = page.getByText(label, { exact: true }).locator("xpath=following-sibling::p[1]");
    await expect(value, label).toHaveText(label === "Taxa de conclusão de tarefas" ? /^\d+%$/ : /^\d[\d.]*$/);
  }
  // The demo data has patients and appointments: the platform is not empty.
  await expect(page.getByText("Total de pacientes", { exact: true }).locator("xpath=following-sibling::p[1]")).not.toHaveText("0");

  const chart = page.getByRole("img", { name: /^Últimos 30 dias: \d+ consultas e \d+ novos pacientes\.$/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator("rect.fill-brand-500")).toHaveCount(30);
  await expect(page.getByRole("table", { name: "Novos pacientes e consultas por dia" }).getByRole("row")).toHaveCount(31);
});

test("an administrator adds, edits and removes a Twilio number", async ({ page }) => {
  const digits = String(Date.now()).slice(-8);
  const e164 = `+55119${digits}`;
  const label = `Recepção E2E ${digits}`;
  await page.goto("/admin/whatsapp");
  await expect(page.getByRole("heading", { name: "WhatsApp via Twilio" })).toBeVisible();

  await page.getByRole("button", { name: "Adicionar número" }).click();
  const dialog = page.getByRole("dialog", { name: "Adicionar número Twilio" });
  await dialog.getByRole("button", { name: "Adicionar número" }).click();
  await expect(dialog.getByText("Informe o número Twilio no formato E.164.")).toBeVisible();

  await dialog.getByLabel("Número Twilio").fill(`whatsapp:${e164}`);
  await dialog.getByLabel("Rótulo").fill(label);
  await dialog.getByRole("button", { name: "Adicionar número" }).click();
  await expect(page.getByText("Número cadastrado com sucesso!")).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = page.getByRole("row").filter({ hasText: label });
  await expect(row).toContainText(`whatsapp:${e164}`);
  await expect(row).toContainText("Sem profissional");

  // The same number again is refused with the server's message.
  await page.getByRole("button", { name: "Adicionar número" }).click();
  await dialog.getByLabel("Número Twilio").fill(e164);
  await dialog.getByRole("button", { name: "Adicionar número" }).click();
  await expect(page.getByText("Este número Twilio já está cadastrado.")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancelar" }).click();

  await row.getByRole("button", { name: /^Ações do número/ }).click();
  await page.getByRole("menuitem", { name: "Editar" }).click();
  const editDialog = page.getByRole("dialog", { name: "Editar número" });
  await expect(editDialog.getByLabel("Número Twilio")).toHaveAttribute("readonly", "");
  await editDialog.getByLabel("Rótulo").fill(`${label} editado`);
  await editDialog.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByText("Número atualizado com sucesso!")).toBeVisible();
  const editedRow = page.getByRole("row").filter({ hasText: `${label} editado` });
  await expect(editedRow).toBeVisible();

  // The toast sits bottom-right, where the menu of a low row opens: wait for it to go, as a user would.
  await expect(page.getByText("Número atualizado com sucesso!")).toBeHidden({ timeout: 10_000 });
  await editedRow.getByRole("button", { name: /^Ações do número/ }).click();
  await page.getByRole("menuitem", { name: "Remover" }).click();
  await page.getByRole("alertdialog", { name: "Remover número?" }).getByRole("button", { name: "Remover" }).click();
  await expect(page.getByText("Número removido com sucesso!")).toBeVisible();
  await expect(editedRow).toBeHidden();
});

test("the webhook URL is copied to the clipboard and the health panel shows the platform figures", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await page.goto("/admin/whatsapp");

  const webhookUrl = `${baseURL}/api/whatsapp/webhook/twilio`;
  await expect(page.getByLabel("Webhook central")).toHaveValue(webhookUrl);
  await page.getByRole("button", { name: "Copiar", exact: true }).click();
  await expect(page.getByText("Copiado para a área de transferência!")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(webhookUrl);

  await expect(page.getByText("TWILIO_ACCOUNT_SID")).toBeVisible();
  const filter = page.getByRole("combobox", { name: "Filtrar por profissional" });
  await expect(filter).toHaveText("Toda a plataforma");
  // The demo data has failed messages: the destructive alert names them.
  await expect(page.getByRole("alert").filter({ hasText: "nas últimas 24 horas" })).toBeVisible();
  const platformReceived = await page.getByText("Recebidas (24h)").locator("xpath=following-sibling::p[1]").textContent();

  await filter.click();
  await page.getByRole("option", { name: "Dra. Ana Souza" }).click();
  await expect(filter).toHaveText("Dra. Ana Souza");
  await expect(page.getByText("Recebidas (24h)").locator("xpath=following-sibling::p[1]")).not.toHaveText(platformReceived!);
});

test("the health panel shows the assistant's safety checks that gave no verdict, by check", async ({ page }) => {
  // The server's own figures, with the counts of docs/decisions/030 (their counting is covered by the API tests).
  await page.route("**/api/whatsapp/metrics/overview**", async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ response, json: { ...body, safety_check_failures: { risk: 3, second_opinion: 1 } } });
  });
  await page.goto("/admin/whatsapp");
  const section = page.getByRole("region", { name: "Verificações de segurança do assistente sem resposta (24h)" });
  await expect(section).toBeVisible();
  await expect(section.getByText("Checagem de risco").locator("xpath=following-sibling::dd[1]")).toHaveText("3");
  await expect(section.getByText("Segunda opinião").locator("xpath=following-sibling::dd[1]")).toHaveText("1");
  await expect(section.getByText("Falharam ou demoraram mais de 3 segundos")).toBeVisible();
});
