import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, PROFESSIONAL, screenshot, signInViaApi, toastWith } from "./fixtures";

// The flows share a busy machine with other suites: first paints can take several seconds.
const expect = baseExpect.configure({ timeout: 15_000 });
test.setTimeout(150_000);

/**
 * The web chat (docs/decisions/016) on a clinic's own site: a plain HTML page at another origin, served
 * by the test, with nothing but the one-line snippet from the settings page. The e2e server's model is the
 * stand-ins' rule-based receptionist. The site listens on 127.0.0.1 on a port the system picks: Chromium lets
 * only a loopback page load scripts from the loopback app (Private Network Access), so an intercepted made-up
 * host would be refused.
 */
let site: Server;
let SITE = "";
let siteBody = "";

test.beforeAll(async () => {
  site = createServer((_request, response) => {
    response.setHeader("content-type", "text/html; charset=utf-8");
    response.end(siteBody);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  SITE = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));
const SURNAMES = ["Prado", "Teixeira", "Moura", "Siqueira", "Ribeiro", "Campos", "Vidal", "Lacerda"];
const pick = () => SURNAMES[Math.floor(Math.random() * SURNAMES.length)];
const randomName = () => `Lívia ${pick()} ${pick()}`;
const randomMobile = () => `(11) 9${String(Math.floor(1000 + Math.random() * 8999))}-${String(Math.floor(1000 + Math.random() * 8999))}`;

/** A weekday some weeks ahead, past the demo's month of appointments: dd/MM for the visitor's text. */
function farWeekday(daysAhead: number): { ddmm: string; iso: string } {
  const date = new Date(Date.now() + daysAhead * 86_400_000);
  while ([0, 6].includes(date.getUTCDay())) date.setUTCDate(date.getUTCDate() + 1);
  const iso = date.toISOString().slice(0, 10);
  return { iso, ddmm: `${iso.slice(8, 10)}/${iso.slice(5, 7)}` };
}

const shot = (page: Page, name: string) => screenshot(page, name, { fullPage: false });

/** The professional's snippet, read the way the settings page reads it. */
async function embedSnippet(page: Page): Promise<{ snippet: string; session: string }> {
  const login = await page.request.post("/api/auth/login", { data: { email: PROFESSIONAL.email, password: PROFESSIONAL.password } });
  const session = ((await login.json()) as { session_id: string }).session_id;
  const settings = await page.request.get("/api/web-chat", { headers: { "X-Session-ID": session } });
  expect(settings.ok()).toBe(true);
  return { snippet: ((await settings.json()) as { embed_snippet: string }).embed_snippet, session };
}

/** The clinic's site: a plain page with the snippet and nothing of the product. */
function serveClinicSite(snippet: string) {
  siteBody = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Clínica Bem Viver</title></head>
<body style="font-family: Georgia, serif; margin: 40px; color: #333"><h1>Clínica Bem Viver</h1><p>Cuidando de você desde 2010. Rua das Flores, 100.</p>
${snippet}
</body></html>`;
}

test("a visitor chats in the bubble on the clinic's site and books; the professional replies from Conversas and the visitor sees it", async ({ page, browser }) => {
  const { snippet } = await embedSnippet(page);
  expect(snippet).toMatch(/^<script src="http:\/\/127\.0\.0\.1:\d+\/widget\.js" data-clinora-chat="[A-Za-z0-9_-]{22}" async><\/script>$/);
  serveClinicSite(snippet);
  const name = randomName();
  const phone = randomMobile();
  const day = farWeekday(45 + Math.floor(Math.random() * 25));

  await page.goto(`${SITE}/`);
  const bubble = page.getByRole("button", { name: /^Abrir chat/ });
  await bubble.click();
  await expect(page.getByRole("button", { name: "Fechar chat" })).toHaveAttribute("aria-expanded", "true");
  const chat = page.frameLocator("iframe[src*='/chat/']");
  await expect(chat.getByRole("heading", { level: 1 })).not.toHaveText("Carregando…");
  const log = chat.getByRole("log", { name: "Mensagens" });
  await expect(log).toContainText("assistente virtual");
  const box = chat.getByRole("textbox", { name: "Sua mensagem" });
  const lastAnswer = () => log.locator(".chat-msg-clinic p").last();

  await box.fill(`Olá! Quero marcar uma consulta para o dia ${day.ddmm}`);
  await box.press("Enter");
  await expect(lastAnswer()).toContainText("horários livres", { timeout: 60_000 });
  const time = /\b([01]\d|2[0-3]):[0-5]\d\b/.exec((await lastAnswer().textContent()) ?? "")![0];

  await box.fill(`Pode ser às ${time}`);
  await chat.getByRole("button", { name: "Enviar mensagem" }).click();
  await expect(lastAnswer()).toContainText("WhatsApp com DDD", { timeout: 60_000 });

  await box.fill(`Meu nome é ${name} e meu WhatsApp é ${phone}`);
  await box.press("Enter");
  await expect(lastAnswer()).toContainText(`Sua consulta ficou agendada`, { timeout: 60_000 });
  await expect(log).toContainText(`às ${time}`);
  await shot(page, "web-chat-widget-desktop");

  // A reload keeps the conversation (the visitor token stays in the browser).
  await page.reload();
  await page.getByRole("button", { name: /^Abrir chat/ }).click();
  await expect(log).toContainText("Sua consulta ficou agendada");
  await expect(log).toContainText(`Meu nome é ${name}`);

  // The professional, in another browser: Conversas shows the web chat under the visitor's name.
  const professional = await browser.newPage();
  await signInViaApi(professional, PROFESSIONAL);
  await professional.goto("/conversas");
  const item = professional.getByRole("list", { name: "Conversas" }).getByRole("button").filter({ hasText: name });
  await expect(item).toContainText("Web Chat");
  await item.click();
  const dialog = professional.getByRole("dialog");
  const thread = dialog.getByRole("list", { name: "Mensagens" });
  await expect(thread.getByText(/Sua consulta ficou agendada/)).toBeVisible();
  const reply = dialog.getByRole("form", { name: "Responder ao paciente" });
  await expect(reply.getByText(/Janela do WhatsApp/)).toHaveCount(0);
  const text = `Olá, ${name.split(" ")[0]}! Aqui é a Dra. Ana. Qualquer dúvida, estou por aqui.`;
  await reply.getByRole("textbox", { name: "Sua resposta" }).fill(text);
  await reply.getByRole("button", { name: "Enviar" }).click();
  await expect(toastWith(professional, "Mensagem enviada.")).toBeVisible();
  await expect(dialog.getByText("Em atendimento").first()).toBeVisible();

  // The visitor sees it without doing anything (the open chat polls).
  await expect(log.locator(".chat-msg-clinic:not(.chat-typing)").last()).toContainText(text, { timeout: 30_000 });
  await expect(log.locator(".chat-msg-clinic:not(.chat-typing)").last()).toContainText("Equipe da clínica");
  await professional.close();
});

test("the bubble, the chat page and the settings card at desktop and phone widths", async ({ page }) => {
  const { snippet } = await embedSnippet(page);
  serveClinicSite(snippet);

  await page.setViewportSize(PHONE_VIEWPORT);
  await page.goto(`${SITE}/`);
  await page.getByRole("button", { name: /^Abrir chat/ }).click();
  const chat = page.frameLocator("iframe[src*='/chat/']");
  await expect(chat.getByRole("textbox", { name: "Sua mensagem" })).toBeEnabled();
  await shot(page, "web-chat-widget-phone");
  await chat.getByRole("button", { name: "Fechar chat" }).click();
  await expect(page.getByRole("button", { name: /^Abrir chat/ })).toHaveAttribute("aria-expanded", "false");

  const chatUrl = /src="([^"]+)\/widget\.js" data-clinora-chat="([^"]+)"/.exec(snippet)!;
  await page.setViewportSize(DESKTOP_VIEWPORT);
  await page.goto(`${chatUrl[1]}/chat/${chatUrl[2]}`);
  await expect(page.getByRole("textbox", { name: "Sua mensagem" })).toBeEnabled();
  await shot(page, "web-chat-page-desktop");
  await page.goto("/chat/naoexistenenhumchat");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Chat não encontrado");

  await signInViaApi(page, PROFESSIONAL);
  for (const viewport of [
    { name: "desktop", size: DESKTOP_VIEWPORT },
    { name: "phone", size: PHONE_VIEWPORT },
  ]) {
    await page.setViewportSize(viewport.size);
    await page.goto("/configuracoes/assistente");
    const card = page.getByText("Chat no site", { exact: true });
    await expect(card).toBeVisible();
    await expect(page.getByLabel("Código para o seu site")).toHaveValue(snippet);
    await page.getByLabel("Link público do chat").scrollIntoViewIfNeeded();
    await shot(page, `web-chat-settings-${viewport.name}`);
  }
});
