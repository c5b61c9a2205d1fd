import { expect, test, type Locator, type Page } from "@playwright/test";
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
 * Whether a click at the middle of `target` lands on it (and not on a toast above it): the browser's own hit test,
 * taken while the toast is on screen, so a slow machine cannot make a covered control look free.
 */
async function expectClickable(target: Locator) {
  await expect(target).toBeVisible();
  const hit = await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && element.contains(top);
  });
  expect(hit, "a toast covers the control").toBe(true);
}

/** Rafael starts each flow available and out of Zen, whatever an earlier run left. */
async function resetSwitches(page: Page) {
  const login = await page.request.post("/api/auth/login", { data: { email: RAFAEL.email, password: RAFAEL.password } });
  const headers = { "X-Session-ID": ((await login.json()) as { session_id: string }).session_id };
  expect((await page.request.patch("/api/professionals/me/zen-mode?zen_mode=false", { headers })).ok()).toBe(true);
  expect((await page.request.patch("/api/professionals/me/availability?is_available=true", { headers })).ok()).toBe(true);
}

// Several sign-ins, switches and reloads per flow: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

const SIZES = [
  { name: "desktop", viewport: { width: 1366, height: 800 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
] as const;

async function signIn(page: Page) {
  await resetSwitches(page);
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
        await expectClickable(page.getByRole("button", { name: "Abrir menu" }));
        await page.getByRole("button", { name: "Abrir menu" }).click();
        await expect(page.getByRole("dialog").getByRole("navigation", { name: "Menu principal" })).toBeVisible();
        await page.keyboard.press("Escape");
      }

      const zen = page.getByRole("button", { name: /Modo Zen/ });
      const availability = page.getByRole("button", { name: /^(Disponível|Indisponível)$/ });
      await expect(availability).toHaveAttribute("aria-pressed", "true");

      await availability.click();
      await expect(toastWith(page, "Você está indisponível para novos atendimentos")).toBeVisible();
      await expect(availability).toHaveAttribute("aria-pressed", "false");
      // Right after the toast appears, with the pointer resting where it clicked: the other switch answers.
      await expectClickable(zen);
      await expectClickable(availability);
      await zen.click();
      await expect(toastWith(page, "Modo Zen ativado: notificações pausadas")).toBeVisible();
      await expect(zen).toHaveAttribute("aria-pressed", "true");
      await expectClickable(availability);
      await availability.click();
      await expect(availability).toHaveAttribute("aria-pressed", "true");
      await expectClickable(zen);
      await zen.click();
      await expect(zen).toHaveAttribute("aria-pressed", "false");
      if (size.name === "phone") {
        await expect(page.locator("[data-sonner-toast]").first()).toBeVisible();
        await expectClickable(page.getByRole("button", { name: "Abrir menu" }));
        await page.getByRole("button", { name: "Abrir menu" }).click();
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
      await expect(page.getByText("Consultas hoje")).toBeVisible();

      await zen.click();
      await expect(zen).toHaveAttribute("aria-pressed", "true");
      await expect(zen).toHaveAccessibleDescription("Modo Zen ativo: sem avisos de novas mensagens, exceto as urgentes, e um painel só com o essencial.");
      await expect(page.getByRole("status").filter({ hasText: "Modo Zen: indicadores e pendências de confirmação ficam ocultos" })).toBeVisible();
      await expect(page.getByRole("region", { name: "Indicadores de hoje" })).toHaveCount(0);
      await expect(page.getByRole("heading", { name: "Agenda de hoje" })).toBeVisible();

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
    await page.getByRole("option", { name: "Em atendimento", exact: true }).click();
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
    await expectClickable(title);
    for (const close of await dialog.getByRole("button", { name: "Fechar", exact: true }).all()) await expectClickable(close);
    await dialog.getByRole("button", { name: "Fechar", exact: true }).first().click();
    await expect(dialog).toHaveCount(0);
  });
});

test.describe("the patient picker", () => {
  test.use({ viewport: { width: 1366, height: 800 } });

  test("finds 'Débora' from 'deb', by keyboard, in Tarefas and in the appointment dialog, A-Z as a Brazilian reads", async ({ page }) => {
    const suffix = `${Date.now()}`.slice(-6);
    const login = await page.request.post("/api/auth/login", { data: { email: RAFAEL.email, password: RAFAEL.password } });
    const headers = { "X-Session-ID": ((await login.json()) as { session_id: string }).session_id };
    for (const name of [`Diego Zuleta ${suffix}`, `Débora Zuleta ${suffix}`, `Davi Zuleta ${suffix}`]) {
      expect((await page.request.post("/api/patients", { headers, data: { name } })).ok()).toBe(true);
    }
    await signIn(page);
    await page.goto("/tarefas");
    await page.getByRole("button", { name: "Nova tarefa" }).click();
    const dialog = page.getByRole("dialog", { name: "Nova tarefa" });
    const picker = dialog.getByRole("combobox", { name: "Paciente" });
    await picker.fill(`zuleta ${suffix}`);
    const listbox = page.getByRole("listbox", { name: "Pacientes" });
    // Accents ignored: Davi, Débora, Diego.
    await expect(listbox.getByRole("option")).toHaveText([`Davi Zuleta ${suffix}`, `Débora Zuleta ${suffix}`, `Diego Zuleta ${suffix}`]);

    await picker.fill("deb");
    await expect(listbox.getByRole("option", { name: `Débora Zuleta ${suffix}` })).toBeVisible();
    await expect(listbox.getByRole("option", { name: `Davi Zuleta ${suffix}` })).toHaveCount(0);
    await picker.fill(`débora zuleta ${suffix}`);
    await expect(listbox.getByRole("option")).toHaveCount(1);
    await picker.press("ArrowDown");
    await picker.press("ArrowUp");
    await expect(picker).toHaveAttribute("aria-activedescendant", (await listbox.getByRole("option").first().getAttribute("id"))!);
    await picker.press("Enter");
    await expect(listbox).toHaveCount(0);
    await expect(picker).toHaveValue(`Débora Zuleta ${suffix}`);
    await dialog.getByLabel("Título").fill(`Ligar para Débora ${suffix}`);
    await dialog.getByRole("button", { name: "Criar tarefa" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("listitem", { name: `Ligar para Débora ${suffix}` })).toContainText(`Débora Zuleta ${suffix}`);

    // The same picker filters the list.
    const filter = page.getByRole("combobox", { name: "Filtrar por paciente" });
    await filter.fill("deb");
    await page.getByRole("option", { name: `Débora Zuleta ${suffix}` }).click();
    await expect(page.getByRole("list", { name: "Lista de tarefas" }).getByRole("listitem")).toHaveCount(1);

    // And the appointment dialog.
    await page.goto("/compromissos");
    await page.getByRole("button", { name: "Novo compromisso" }).first().click();
    const booking = page.getByRole("dialog");
    await booking.getByRole("combobox", { name: "Paciente" }).fill("deb");
    await page.getByRole("option", { name: new RegExp(`Débora Zuleta ${suffix}`) }).click();
    await expect(booking.getByText(`Débora Zuleta ${suffix}`)).toBeVisible();
  });
});

test.describe("Configurações on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("shows that more tabs follow to the right, until the strip is scrolled to its end", async ({ page }) => {
    await signIn(page);
    await page.goto("/configuracoes");
    const strip = page.getByRole("tablist", { name: "Seções das configurações" });
    await expect(strip).toBeVisible();
    await expect(page.getByTestId("more-tabs-cue")).toBeVisible();
    await strip.evaluate((list) => list.scrollTo({ left: list.scrollWidth }));
    await expect(page.getByTestId("more-tabs-cue")).toHaveCount(0);
  });
});
