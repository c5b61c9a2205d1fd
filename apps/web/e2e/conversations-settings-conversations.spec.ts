import { expect, test, type Page } from "@playwright/test";
import { PROFESSIONAL, signInViaApi } from "./fixtures";

/**
 * Ana Souza's demo conversations (apps/server/src/seeds/conversations.data.ts, CONVERSATION_PLAN): three waiting
 * WhatsApp threads (two of them waiting for hours), and one web-chat thread in progress, which only this flow
 * resolves.
 */
async function openConversations(page: Page) {
  await signInViaApi(page, PROFESSIONAL);
  await page.goto("/conversas");
  await expect(page.getByRole("heading", { level: 1, name: "Conversas" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Conversas" })).toBeVisible();
}

async function choose(page: Page, filter: string, option: string) {
  await page.getByRole("combobox", { name: filter }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

const rows = (page: Page) => page.getByRole("list", { name: "Conversas" }).getByRole("button");

test("opens a conversation, reads the thread and resolves it", async ({ page }) => {
  await openConversations(page);
  await choose(page, "Filtrar por canal", "Web Chat");
  await choose(page, "Filtrar por status", "Em atendimento");
  await expect(rows(page)).toHaveCount(1);

  await rows(page).first().click();
  const dialog = page.getByRole("dialog");
  const thread = dialog.getByRole("list", { name: "Mensagens" });
  await expect(thread.getByRole("listitem").first()).toContainText("recebi o lembrete");
  await expect(dialog.getByText("Em atendimento")).toBeVisible();
  // The clinic's replies carry their delivery status ("Enviando" while Twilio has not taken them yet).
  await expect(thread.getByText(/^(Enviando|Enviado|Entregue|Lido|Falhou)$/).first()).toBeVisible();

  await dialog.getByRole("button", { name: "Resolver" }).click();
  await expect(page.getByText("Conversa marcada como resolvida!")).toBeVisible();
  await expect(dialog.getByText("Resolvida", { exact: true })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Resolver" })).toHaveCount(0);

  await dialog.getByRole("button", { name: "Fechar" }).first().click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Nenhuma conversa encontrada")).toBeVisible();
  await choose(page, "Filtrar por status", "Resolvida");
  await expect(rows(page)).toHaveCount(2);
});

test("the stale banner's link shows the waiting conversations, clearing the search", async ({ page }) => {
  await openConversations(page);
  const search = page.getByRole("searchbox", { name: "Buscar conversas" });
  await search.fill("nenhum paciente com este nome");
  await expect(page.getByText("Nenhuma conversa encontrada")).toBeVisible();

  const banner = page.getByRole("status").filter({ hasText: "aguardando" });
  await expect(banner).toContainText(/\d+ conversas? aguardando/);
  await banner.getByRole("button", { name: "Ver conversas aguardando" }).click();

  await expect(search).toHaveValue("");
  await expect(page.getByRole("combobox", { name: "Filtrar por status" })).toHaveText("Aguardando");
  await expect(rows(page).first()).toBeVisible();
  const count = await rows(page).count();
  await expect(rows(page).filter({ hasText: "Sem resposta há" })).toHaveCount(count);
  // The longest waits are highlighted.
  await expect(page.locator("[data-stale]").first()).toBeVisible();
});
