import { expect, test, type Page } from "@playwright/test";
import { fillTime, PROFESSIONAL, signInViaApi, timeField } from "./fixtures";

async function openSettingsTab(page: Page, tab: string) {
  await page.goto("/configuracoes");
  await expect(page.getByRole("heading", { level: 1, name: "Configurações" })).toBeVisible();
  await page.getByRole("tab", { name: tab }).click();
}

test("business hours changed in Consultas are kept after a reload", async ({ page }) => {
  const sessionId = await signInViaApi(page, PROFESSIONAL);
  const headers = { "X-Session-ID": sessionId };
  const before = await (await page.request.get("/api/professionals/me", { headers })).json();

  try {
    await openSettingsTab(page, "Consultas");
    await fillTime(page, "Início do atendimento", "07:30");
    await fillTime(page, "Fim do atendimento", "19:15");
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(page.getByText("Configurações de consulta atualizadas!")).toBeVisible();

    await page.reload();
    await page.getByRole("tab", { name: "Consultas" }).click();
    for (const [label, hour, minute] of [["Início do atendimento", "07", "30"], ["Fim do atendimento", "19", "15"]] as const) {
      await expect(timeField(page, label).hour).toHaveValue(hour);
      await expect(timeField(page, label).minute).toHaveValue(minute);
    }
  } finally {
    // Other flows book appointments inside Ana's business hours: put them back.
    const restored = await page.request.put("/api/professionals/me", {
      headers,
      data: { business_start: before.business_start, business_end: before.business_end },
    });
    expect(restored.ok()).toBe(true);
  }
});

test("Consultas refuses business hours out of order", async ({ page }) => {
  await signInViaApi(page, PROFESSIONAL);
  await openSettingsTab(page, "Consultas");
  await fillTime(page, "Início do atendimento", "18:00");
  await fillTime(page, "Fim do atendimento", "09:00");
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByText("O horário de início deve ser anterior ao horário de término")).toBeVisible();
});

test("the Google Calendar tab shows the not-configured state", async ({ page }) => {
  // The e2e server has Google configured (the fake Google, google-calendar.spec.ts): a server without the OAuth
  // client answers the status this way (google-calendar.api.test.ts).
  await page.route("**/api/google-calendar/status", (route) =>
    route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ detail: "Google Calendar não está configurado no servidor." }) }),
  );
  await signInViaApi(page, PROFESSIONAL);
  await openSettingsTab(page, "Google Calendar");
  const panel = page.getByRole("tabpanel", { name: "Google Calendar" });
  await expect(panel.getByText("Google Calendar não está configurado no servidor.")).toBeVisible();
  // A professional is told to talk to support, never the server setting's name.
  await expect(panel.getByText("ainda não foi ativada nesta plataforma. Fale com o suporte do Clinora")).toBeVisible();
  await expect(panel.getByText("GOOGLE_CLIENT")).toHaveCount(0);
  await expect(panel.getByRole("button", { name: "Conectar Google Calendar" })).toBeDisabled();
  await expect(panel.getByRole("button", { name: "Sincronizar agora" })).toBeDisabled();
});

test("the WhatsApp tab shows the assigned number and leads to the assistant settings", async ({ page }) => {
  await signInViaApi(page, PROFESSIONAL);
  await openSettingsTab(page, "WhatsApp");
  const panel = page.getByRole("tabpanel", { name: "WhatsApp" });
  await expect(panel.getByText("WhatsApp ativo")).toBeVisible();
  await panel.getByRole("link", { name: "Assistente virtual e WhatsApp" }).click();
  await expect(page).toHaveURL("/configuracoes/assistente");
});

test("returning from Google shows the result and cleans the address", async ({ page }) => {
  await signInViaApi(page, PROFESSIONAL);
  await page.goto("/configuracoes?google_calendar=error&message=Acesso%20negado%20pelo%20usu%C3%A1rio");
  await expect(page.getByText("Acesso negado pelo usuário")).toBeVisible();
  await expect(page).toHaveURL("/configuracoes");
  await expect(page.getByRole("tab", { name: "Google Calendar" })).toHaveAttribute("aria-selected", "true");
});
