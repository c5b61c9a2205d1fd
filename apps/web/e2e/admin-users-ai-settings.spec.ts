import { expect, test } from "@playwright/test";
import { MSG } from "@clinora/contracts";
import { choose, signInAsAdmin, SISTEMA } from "./admin-users-fixtures";

test("global AI settings: switching to Anthropic clamps the temperature, a typed value out of range is reverted", async ({ page }) => {
  const api = await signInAsAdmin(page);
  // The settings are global: the flow puts back what it found, whatever happens.
  const original = await (await api.get("/api/ai-settings")).json();
  try {
    await page.goto(SISTEMA);
    await page.getByRole("tab", { name: "Configurações de IA" }).click();
    await expect(page).toHaveURL(`${SISTEMA}?tab=ai-settings`);

    await choose(page, "Provedor", "OpenAI");
    const temperature = page.getByRole("textbox", { name: "Temperatura" });
    await temperature.fill("1,5");
    await temperature.blur();
    await expect(page.getByRole("slider")).toHaveAttribute("aria-valuenow", "1.5");

    await choose(page, "Provedor", "Anthropic");
    await expect(page.getByText(MSG.aiTemperatureClamped)).toBeVisible();
    await expect(temperature).toHaveValue("1,0");
    await expect(page.getByRole("combobox", { name: "Modelo" })).toHaveText("claude-3-5-haiku-latest");

    await temperature.fill("1.7");
    await temperature.blur();
    await expect(page.getByText(MSG.aiTemperatureRange("1,0"))).toBeVisible();
    await expect(temperature).toHaveValue("1,0");

    await page.getByLabel("Prompt do sistema").fill("Você é a assistente da clínica. Responda com gentileza e objetividade.");
    await page.getByRole("button", { name: "Salvar configurações" }).click();
    await expect(page.getByText("Configurações salvas com sucesso!")).toBeVisible();

    await page.getByRole("button", { name: "Recarregar" }).click();
    await expect(page.getByRole("combobox", { name: "Provedor" })).toHaveText("Anthropic");
    expect(await (await api.get("/api/ai-settings")).json()).toMatchObject({ provider: "anthropic", model: "claude-3-5-haiku-latest", temperature: 1 });
  } finally {
    expect((await api.put("/api/ai-settings", original)).ok()).toBe(true);
  }
});
