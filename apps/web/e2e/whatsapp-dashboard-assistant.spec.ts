import { expect as baseExpect, test } from "@playwright/test";
import { PROFESSIONAL, signInViaApi } from "./fixtures";

// The flows share a busy machine with other suites: first paints can take several seconds.
const expect = baseExpect.configure({ timeout: 15_000 });
test.setTimeout(90_000);

const SETTINGS_URL = "/api/professionals/me/ai-settings";

test("a professional sees the assistant page and saves its settings, after fixing the numbers", async ({ page }) => {
  const sessionId = await signInViaApi(page, PROFESSIONAL);
  const headers = { "X-Session-ID": sessionId };
  // Ana's settings belong to the shared demo data: put them back as they were once the flow is done.
  const original = await (await page.request.get(SETTINGS_URL, { headers })).json();

  try {
    await page.goto("/configuracoes/assistente");
    await expect(page.getByRole("heading", { name: "Assistente virtual e WhatsApp" })).toBeVisible();
    for (const title of ["Status da integração", "Monitoramento de mensagens", "Seu número de WhatsApp", "Configurações do assistente", "Boas práticas"]) {
      await expect(page.getByRole("heading", { name: title })).toBeVisible();
    }
    await expect(page.getByText("WhatsApp ativo")).toBeVisible();
    await expect(page.getByText("+5511940000001", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Atualizar indicadores" })).toBeVisible();

    const temperature = page.getByLabel("Temperatura");
    const save = page.getByRole("button", { name: "Salvar configurações" });

    await temperature.fill("5");
    await save.click();
    await expect(page.getByText("A temperatura deve estar entre 0 e 2, em passos de 0,1.")).toBeVisible();

    await temperature.fill("");
    await save.click();
    await expect(page.getByText("Temperatura e número máximo de tokens devem ser valores numéricos válidos.").first()).toBeVisible();

    await temperature.fill("0.9");
    await page.getByLabel("Máximo de tokens").fill("650");
    await page.getByLabel("Nome do assistente").fill("  Sofia  ");
    await save.click();
    await expect(page.getByText("Configurações do assistente atualizadas!")).toBeVisible();

    const saved = await (await page.request.get(SETTINGS_URL, { headers })).json();
    expect(saved).toMatchObject({ ai_temperature: 0.9, ai_max_tokens: 650, ai_role_name: "Sofia" });
  } finally {
    await page.request.put(SETTINGS_URL, { headers, data: original });
  }
});
