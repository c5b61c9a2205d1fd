import { expect, test } from "@playwright/test";
import {
  ADMIN,
  ADMIN_MENU,
  mainMenu,
  PHONE_VIEWPORT,
  PROFESSIONAL,
  PROFESSIONAL_MENU,
  signIn,
} from "./fixtures";

const ADMIN_PAGES = [
  { label: "Painel", path: "/admin", heading: "Painel" },
  { label: "Profissionais", path: "/admin/profissionais", heading: "Gerenciamento de profissionais" },
  { label: "Leads", path: "/admin/leads", heading: "Gerenciamento de leads" },
  { label: "Sistema", path: "/admin/sistema", heading: "Sistema" },
  { label: "WhatsApp", path: "/admin/whatsapp", heading: "WhatsApp via Twilio" },
];

const PROFESSIONAL_PAGES = [
  { label: "Painel", path: "/painel", heading: "Painel" },
  { label: "Compromissos", path: "/compromissos", heading: "Compromissos" },
  { label: "Pacientes", path: "/pacientes", heading: "Meus pacientes" },
  { label: "Conversas", path: "/conversas", heading: "Conversas" },
  { label: "Tarefas", path: "/tarefas", heading: "Tarefas" },
  { label: "Financeiro", path: "/financeiro", heading: "Financeiro" },
  { label: "Configurações", path: "/configuracoes", heading: "Configurações" },
];

test.describe("menu by role", () => {
  test("admin sees only the admin menu and each entry opens its page", async ({ page }) => {
    await signIn(page, ADMIN);
    const menu = mainMenu(page);

    await expect(menu.getByRole("link")).toHaveText(ADMIN_MENU);
    await expect(menu.getByRole("link", { name: "Compromissos" })).toHaveCount(0);

    for (const entry of ADMIN_PAGES) {
      await menu.getByRole("link", { name: entry.label }).click();
      await expect(page).toHaveURL(entry.path);
      await expect(page.getByRole("heading", { level: 1, name: entry.heading, exact: true })).toBeVisible();
      await expect(menu.getByRole("link", { name: entry.label })).toHaveAttribute("aria-current", "page");
    }
  });

  test("professional sees only the professional menu and each entry opens its page", async ({ page }) => {
    // Seven pages, each a cold bundle: on a busy machine this passed 30 s.
    test.setTimeout(60_000);
    await signIn(page, PROFESSIONAL);
    const menu = mainMenu(page);

    await expect(menu.getByRole("link")).toHaveText(PROFESSIONAL_MENU);
    await expect(menu.getByRole("link", { name: "Leads" })).toHaveCount(0);

    for (const entry of PROFESSIONAL_PAGES) {
      await menu.getByRole("link", { name: entry.label }).click();
      await expect(page).toHaveURL(entry.path);
      await expect(page.getByRole("heading", { level: 1, name: entry.heading, exact: true })).toBeVisible();
    }
  });

  test("pages without a menu entry open by address", async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto("/admin/whatsapp/webhook");
    await expect(page.getByRole("heading", { name: "Webhook do WhatsApp" })).toBeVisible();
    await expect(page.getByText("Endereço do webhook pronto")).toBeVisible();
    await expect(mainMenu(page).getByRole("link", { name: "WhatsApp" })).toHaveAttribute("aria-current", "page");

    await page.goto("/admin/usuario?userId=123");
    await expect(page).toHaveURL("/admin/usuario?userId=123");
    await expect(mainMenu(page).getByRole("link", { name: "Sistema" })).toHaveAttribute("aria-current", "page");
  });
});

test.describe("role routing", () => {
  test("a professional opening an admin page is sent to /painel", async ({ page }) => {
    await signIn(page, PROFESSIONAL);
    await page.goto("/admin/leads");
    await expect(page).toHaveURL("/painel");
    await expect(page.getByRole("heading", { name: "Painel", exact: true })).toBeVisible();
  });

  test("an admin opening a professional page is sent to /admin", async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto("/compromissos");
    await expect(page).toHaveURL("/admin");
  });

  test("an unknown path shows 'Página não encontrada' and 'Voltar ao painel' goes home", async ({ page }) => {
    await signIn(page, PROFESSIONAL);
    await page.goto("/pagina-que-nao-existe");

    await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
    await expect(page.getByText("não existe ou não está mais disponível")).toBeVisible();
    await page.getByRole("link", { name: "Voltar ao painel" }).click();
    await expect(page).toHaveURL("/painel");
  });

  test("without a session a protected page sends to /login", async ({ page }) => {
    await page.goto("/pacientes");
    await expect(page).toHaveURL("/login");
    await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
  });
});

test.describe("phone", () => {
  test.use({ viewport: PHONE_VIEWPORT });

  test("the slide-over menu opens, lists the role's pages and closes after navigating", async ({ page }) => {
    await signIn(page, ADMIN);
    await expect(mainMenu(page)).toBeHidden();

    await page.getByRole("button", { name: "Abrir menu" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("navigation", { name: "Menu principal" }).getByRole("link")).toHaveText(ADMIN_MENU);
    await expect(dialog.getByText(ADMIN.fullName)).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Sair" })).toBeVisible();

    await dialog.getByRole("link", { name: "Leads" }).click();
    await expect(page).toHaveURL("/admin/leads");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("heading", { name: "Gerenciamento de leads" })).toBeVisible();
  });
});
