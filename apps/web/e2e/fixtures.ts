import { fileURLToPath } from "node:url";
import { expect, test, type Locator, type Page, type PageScreenshotOptions } from "@playwright/test";

export interface Account {
  email: string;
  password: string;
  fullName: string;
  roleLabel: string;
  home: string;
}

/** Demo logins created by the e2e server's seed (apps/server/src/seeds). */
export const ADMIN: Account = {
  email: "admin@clinora.com.br",
  password: "Admin@12345",
  fullName: "Administrador Clinora",
  roleLabel: "Administrador",
  home: "/admin",
};

export const PROFESSIONAL: Account = {
  email: "ana.souza@clinora.com.br",
  password: "Prof@12345",
  fullName: "Dra. Ana Souza",
  roleLabel: "Profissional",
  home: "/painel",
};

export const ADMIN_MENU = ["Painel", "Profissionais", "Leads", "Sistema", "WhatsApp"];
export const PROFESSIONAL_MENU = ["Painel", "Compromissos", "Pacientes", "Conversas", "Tarefas", "Financeiro", "Configurações"];

export const PHONE_VIEWPORT = { width: 390, height: 844 };
export const DESKTOP_VIEWPORT = { width: 1440, height: 900 };

/** The two sizes the review screenshots are taken at. */
export const SCREENSHOT_VIEWPORTS = [
  { name: "desktop", size: DESKTOP_VIEWPORT },
  { name: "phone", size: PHONE_VIEWPORT },
];

/** Whether this run takes the review screenshots (`npm run screenshots` sets it; `npm test` does not). */
export const REVIEW_SCREENSHOTS = Boolean(process.env.SCREENSHOTS);

/**
 * Review material, not assertions on pixels: writes e2e/screenshots/<name>.png (gitignored) in a screenshots run, and
 * does nothing in `npm test`, where a picture nobody looks at would only cost time. A page is taken whole unless
 * `options` say otherwise; a locator, as it is. Finite animations (fade-ins, the menu slide) jump to their end state.
 */
export async function screenshot(target: Page | Locator, name: string, options: Omit<PageScreenshotOptions, "path"> = {}): Promise<void> {
  if (!REVIEW_SCREENSHOTS) return;
  const path = fileURLToPath(new URL(`./screenshots/${name}.png`, import.meta.url));
  if ("goto" in target) await target.screenshot({ path, fullPage: true, animations: "disabled", ...options });
  else await target.screenshot({ path, animations: "disabled" });
}

/** A YYYY-MM-DD date as the product's date field takes it, dd/mm/aaaa. */
export function dayFirst(iso: string): string {
  return iso.split("-").reverse().join("/");
}

/** The hour and minute boxes of the time field labelled `label` (components/ui/time-field.tsx). */
export function timeField(scope: Page | Locator, label: string) {
  const group = scope.getByRole("group", { name: label, exact: true });
  return { hour: group.getByRole("textbox", { name: "Hora" }), minute: group.getByRole("textbox", { name: "Minuto" }) };
}

/** Types "HH:MM" into the time field labelled `label`. */
export async function fillTime(scope: Page | Locator, label: string, time: string): Promise<void> {
  const [hour, minute] = time.split(":") as [string, string];
  const field = timeField(scope, label);
  await field.hour.fill(hour);
  await field.minute.fill(minute);
}

/** Fills and submits the login form. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
}

/** Signs in through the login screen and waits for the role's default page. */
export async function signIn(page: Page, account: Account): Promise<void> {
  await page.goto("/login");
  await submitLogin(page, account.email, account.password);
  await expect(page).toHaveURL(account.home);
}

/**
 * Signs in through the API and stores the session the way the app does, skipping the login screen: the app finds it
 * on the page the test opens next (`page.goto`). The session is written before the app's own scripts run, once per
 * sign-in, so a later sign-out (or another sign-in) is not undone by a reload. Writing it before the first page
 * spares every flow a load of the whole app only to reach localStorage.
 */
export async function signInViaApi(page: Page, account: Account): Promise<string> {
  const response = await page.request.post("/api/auth/login", {
    data: { email: account.email, password: account.password },
  });
  expect(response.ok()).toBe(true);
  const { session_id, user } = (await response.json()) as { session_id: string; user: unknown };
  const appOrigin = new URL(test.info().project.use.baseURL!).origin;
  await page.context().addInitScript(
    ([origin, sessionId, storedUser]) => {
      if (location.origin !== origin) return;
      const written = `e2e-signed-in:${sessionId}`;
      if (localStorage.getItem(written)) return;
      localStorage.setItem(written, "1");
      localStorage.setItem("session_id", sessionId);
      localStorage.setItem("user", storedUser);
    },
    [appOrigin, session_id, JSON.stringify(user)] as const,
  );
  return session_id;
}

export function storedSessionId(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem("session_id"));
}

/** The sidebar (desktop) or slide-over (phone) navigation. */
export function mainMenu(page: Page) {
  return page.getByRole("navigation", { name: "Menu principal" });
}

/** A page's first load on a busy machine: its lazy bundle and its data arrive cold. */
export const FIRST_LOAD_MS = 15_000;

/** Picks `option` in the Radix select named `select` (its aria-label or label). */
export async function chooseOption(page: Page, select: string, option: string): Promise<void> {
  await page.getByRole("combobox", { name: select }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** The sonner toast showing `text` (its title or description). */
export function toastWith(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

/**
 * A demo WhatsApp conversation whose 24-hour window is closed (the demo's conversations are older than a day), read
 * through the API with the professional's session.
 */
export async function closedWindowConversation(page: Page, session: string): Promise<{ id: string; patient_name: string }> {
  const headers = { "X-Session-ID": session };
  const list = (await (await page.request.get("/api/conversations?channel=whatsapp&per_page=100", { headers })).json()) as {
    items: { id: string; patient_name: string | null }[];
  };
  for (const item of list.items) {
    const detail = (await (await page.request.get(`/api/conversations/${item.id}`, { headers })).json()) as { reply_window: { reason: string | null } };
    if (detail.reply_window.reason === "window_closed" && item.patient_name) return { id: item.id, patient_name: item.patient_name };
  }
  throw new Error("no demo WhatsApp conversation with a closed window");
}
