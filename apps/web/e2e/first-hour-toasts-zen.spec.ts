import { expect, test, type Page } from "@playwright/test";
import { submitLogin, toastWith, type Account } from "./fixtures";

/** A demo professional no other flow signs in as, so toggling her switches disturbs nobody. */
const RAFAEL: Account = {
  email: "rafael.oliveira@clinora.com.br",
  password: "Prof@12345",
  fullName: "Dr. Rafael Oliveira",
  roleLabel: "Profissional",
  home: "/painel",
};

/**
 * Shorter than a toast's life (4 s): a click that had to wait for a covering toast to leave fails instead of
 * passing late.
 */
const CLICK_WITHIN = { timeout: 2_000 };

const SIZES = [
  { name: "desktop", viewport: { width: 1366, height: 800 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
] as const;

async function signIn(page: Page) {
  await page.goto("/login");
  await submitLogin(page, RAFAEL.email, RAFAEL.password);
  await expect(toastWith(page, "Bem-vindo ao Clinora!")).toBeVisible();
}

for (const size of SIZES) {
  test.describe(`on ${size.name} (${size.viewport.width}x${size.viewport.height})`, () => {
    test.use({ viewport: size.viewport });

    test("a toast never stands on Modo Zen, Disponível or the ☰ menu", async ({ page }) => {
      await signIn(page);
      await expect(page).toHaveURL(/\/painel$/);
      if (size.name === "phone") {
        // The welcome toast is still up: the menu button answers at once.
        await page.getByRole("button", { name: "Abrir menu" }).click(CLICK_WITHIN);
        await expect(page.getByRole("dialog").getByRole("navigation", { name: "Menu principal" })).toBeVisible();
        await page.keyboard.press("Escape");
      }

      const zen = page.getByRole("button", { name: /Modo Zen/ });
      const availability = page.getByRole("button", { name: /^(Disponível|Indisponível)$/ });
      await expect(availability).toHaveAttribute("aria-pressed", "true");

      await availability.click(CLICK_WITHIN);
      await expect(toastWith(page, "Você está indisponível para novos atendimentos")).toBeVisible();
      await expect(availability).toHaveAttribute("aria-pressed", "false");
      // Right after the toast appears, with the pointer resting where it clicked: the other switch answers.
      await zen.click(CLICK_WITHIN);
      await expect(toastWith(page, "Modo Zen ativado: notificações pausadas")).toBeVisible();
      await expect(zen).toHaveAttribute("aria-pressed", "true");
      await availability.click(CLICK_WITHIN);
      await expect(availability).toHaveAttribute("aria-pressed", "true");
      await zen.click(CLICK_WITHIN);
      await expect(zen).toHaveAttribute("aria-pressed", "false");
      if (size.name === "phone") {
        await expect(page.locator("[data-sonner-toast]").first()).toBeVisible();
        await page.getByRole("button", { name: "Abrir menu" }).click(CLICK_WITHIN);
        await expect(page.getByRole("dialog").getByRole("navigation", { name: "Menu principal" })).toBeVisible();
        await page.keyboard.press("Escape");
      }

      // Toasts sit at the bottom, clear of the header and the toggles, and leave by themselves.
      const toastBox = await page.locator("[data-sonner-toast]").first().boundingBox();
      const zenBox = await zen.boundingBox();
      expect(toastBox && zenBox).toBeTruthy();
      expect(toastBox!.y).toBeGreaterThan(zenBox!.y + zenBox!.height);
      await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 10_000 });
    });

    test("Modo Zen and Disponível say what they do and Zen calms the Painel", async ({ page }) => {
      await signIn(page);
      const zen = page.getByRole("button", { name: /Modo Zen/ });
      const availability = page.getByRole("button", { name: /^(Disponível|Indisponível)$/ });
      await expect(zen).toHaveAccessibleDescription("Modo Zen silencia os avisos de novas mensagens, exceto os urgentes, e acalma o painel.");
      await expect(availability).toHaveAccessibleDescription("Disponível: o assistente e o web chat oferecem seus horários livres aos pacientes.");
      await expect(page.getByRole("region", { name: "Indicadores de hoje" })).toBeVisible();
      await expect(page.getByText("Consultas Hoje")).toBeVisible();

      await zen.click();
      await expect(zen).toHaveAttribute("aria-pressed", "true");
      await expect(zen).toHaveAccessibleDescription("Modo Zen ativo: sem avisos de novas mensagens, exceto as urgentes, e um painel só com o essencial.");
      await expect(page.getByRole("status").filter({ hasText: "Modo Zen: indicadores e pendências de confirmação ficam ocultos" })).toBeVisible();
      await expect(page.getByRole("region", { name: "Indicadores de hoje" })).toHaveCount(0);
      await expect(page.getByRole("heading", { name: "Agenda de Hoje" })).toBeVisible();

      await availability.click();
      await expect(availability).toHaveAttribute("aria-pressed", "false");
      await expect(availability).toHaveAccessibleDescription("Indisponível: o assistente, o web chat e as sugestões de agendamento não oferecem horários.");

      // A reload keeps both (they live on the server), then everything is put back.
      await page.reload();
      await expect(zen).toHaveAttribute("aria-pressed", "true");
      await expect(page.getByRole("region", { name: "Indicadores de hoje" })).toHaveCount(0);
      await zen.click();
      await expect(page.getByRole("region", { name: "Indicadores de hoje" })).toBeVisible();
      await availability.click();
      await expect(availability).toHaveAttribute("aria-pressed", "true");
    });
  });
}

test.describe("on a phone, in Conversas", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("'Mensagem enviada' covers neither the conversation's name nor its close button", async ({ page }) => {
    await signIn(page);
    await page.goto("/conversas");
    await page.getByRole("combobox", { name: "Filtrar por canal" }).click();
    await page.getByRole("option", { name: "Web Chat", exact: true }).click();
    await page.getByRole("combobox", { name: "Filtrar por status" }).click();
    await page.getByRole("option", { name: "Em Atendimento", exact: true }).click();
    await page.getByRole("list", { name: "Conversas" }).getByRole("button").first().click();

    const dialog = page.getByRole("dialog");
    const title = dialog.getByRole("heading").first();
    await expect(title).toBeVisible();
    const reply = dialog.getByRole("form", { name: "Responder ao paciente" });
    await reply.getByRole("textbox", { name: "Sua resposta" }).fill("Combinado, até lá!");
    await reply.getByRole("button", { name: "Enviar" }).click();
    const sent = toastWith(page, "Mensagem enviada.");
    await expect(sent).toBeVisible();

    const toastBox = (await sent.boundingBox())!;
    const titleBox = (await title.boundingBox())!;
    expect(toastBox.y).toBeGreaterThan(titleBox.y + titleBox.height);
    // The toast is up, and the close button answers at once.
    await dialog.getByRole("button", { name: /Fechar/ }).first().click(CLICK_WITHIN);
    await expect(dialog).toHaveCount(0);
  });
});
