import { addDays, format, isWeekend } from "date-fns";
import { expect as baseExpect, test, type Locator, type Page } from "@playwright/test";
import { mainMenu, PROFESSIONAL, toastWith } from "./fixtures";

// A long flow on a machine shared with other suites.
const expect = baseExpect.configure({ timeout: 15_000 });
test.setTimeout(480_000);

/** The fake Twilio on the port after the app's: `POST /_stand-in/inbound` makes a patient write on WhatsApp. */
const phoneUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? "3100") + 1}/_stand-in`;
const ANA_NUMBER = "whatsapp:+5511940000001";

/** Whether `target` holds the keyboard focus now. */
function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement).catch(() => false);
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would; fails if it is not reached
 * within `max` presses (not in the Tab order, or hidden behind something else).
 */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 60 } = {}): Promise<void> {
  for (let presses = 0; presses <= max; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  await expect(target, `not reachable with ${max} presses of ${backwards ? "Shift+Tab" : "Tab"}`).toBeFocused();
}

/** Every press of Tab keeps the focus inside `dialog` (the modal traps it). */
async function expectFocusTrapped(page: Page, dialog: Locator, presses: number): Promise<void> {
  for (let i = 0; i < presses; i += 1) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
}

/** A weekday months ahead, past the demo data and the other flows' days. */
function farWeekday(): Date {
  let day = addDays(new Date(), 170 + Math.floor(Math.random() * 20));
  while (isWeekend(day)) day = addDays(day, 1);
  return day;
}

test.use({ viewport: { width: 1366, height: 800 } });

test("a day's core path by keyboard only: log in, Compromissos, a new appointment, a conversation answered and resolved", async ({ page }) => {
  const patientName = `Teclado ${Date.now()}`;
  const day = farWeekday();
  const phone = `+55119${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;

  await test.step("log in", async () => {
    await page.goto("/login");
    await tabTo(page, page.getByLabel("Email"));
    await page.keyboard.type(PROFESSIONAL.email);
    await tabTo(page, page.getByLabel("Senha", { exact: true }));
    await page.keyboard.type(PROFESSIONAL.password);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(PROFESSIONAL.home);
    // The focus goes to the Painel's heading, not back to <body>.
    await expect(page.getByRole("heading", { level: 1, name: "Painel" })).toBeFocused();
  });

  await test.step("the skip link comes first and leads to the main content", async () => {
    // A reload is a first load: the focus is left at the start of the page.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Painel" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Painel" })).not.toBeFocused();
    const skip = page.getByRole("link", { name: "Pular para o conteúdo" });
    await tabTo(page, skip, { max: 1 });
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();
    // The next Tab is inside the page, past the whole menu.
    await page.keyboard.press("Tab");
    expect(await page.getByRole("main").evaluate((main) => main.contains(document.activeElement))).toBe(true);
  });

  await test.step("open Compromissos: focus moves to its heading", async () => {
    await tabTo(page, mainMenu(page).getByRole("link", { name: "Compromissos" }), { backwards: true });
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/compromissos");
    await expect(page.getByRole("heading", { level: 1, name: "Compromissos" })).toBeFocused();
  });

  const newAppointment = page.getByRole("button", { name: "Novo compromisso" }).first();
  const dialog = page.getByRole("dialog", { name: "Novo compromisso" });

  await test.step("the appointment dialog: focus inside, trapped, Escape closes it and focus comes back", async () => {
    await tabTo(page, newAppointment);
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await expectFocusTrapped(page, dialog, 10);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(newAppointment).toBeFocused();
  });

  await test.step("create an appointment for a new patient", async () => {
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByRole("button", { name: "Cadastrar novo paciente" }));
    await page.keyboard.press("Enter");
    await tabTo(page, dialog.getByRole("textbox", { name: "Nome" }));
    await page.keyboard.type(patientName);
    await tabTo(page, dialog.getByRole("button", { name: "Criar paciente" }));
    await page.keyboard.press("Enter");
    await expect(dialog.getByText(patientName)).toBeVisible();
    // The focus stays in the patient field, on the chosen patient's Trocar, not on the dialog.
    await expect(dialog.getByRole("button", { name: `Trocar paciente (${patientName})` })).toBeFocused();
    // Trocar gives the search box back, focused; a patient chosen from the list by keyboard lands on Trocar again.
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("combobox", { name: "Paciente" })).toBeFocused();
    await page.keyboard.type(patientName);
    // The search answers after a pause: Enter takes the first row once it is hers.
    await expect(page.getByRole("option").first()).toContainText(patientName);
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("button", { name: `Trocar paciente (${patientName})` })).toBeFocused();

    await tabTo(page, dialog.getByRole("textbox", { name: "Data", exact: true }));
    await page.keyboard.type(format(day, "ddMMyyyy"));
    await expect(dialog.getByRole("textbox", { name: "Data", exact: true })).toHaveValue(format(day, "dd/MM/yyyy"));
    await tabTo(page, dialog.getByRole("textbox", { name: "Hora" }));
    await page.keyboard.type("11");
    await tabTo(page, dialog.getByRole("textbox", { name: "Minuto" }));
    await page.keyboard.type("20");
    await tabTo(page, dialog.getByRole("button", { name: "Agendar" }));
    await page.keyboard.press("Enter");
    await expect(toastWith(page, "Compromisso criado com sucesso!")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(newAppointment).toBeFocused();
    await expect(page.getByRole("heading", { name: patientName })).toBeVisible();
  });

  // A patient writes on WhatsApp (the fake Twilio posts to the product's webhook): the conversation to answer.
  const inbound = await page.request.post(`${phoneUrl}/inbound`, {
    data: { from: phone, to: ANA_NUMBER, body: "Olá, preciso falar com a Dra. Ana sobre um exame.", profileName: "Paciente Teclado" },
  });
  expect(((await inbound.json()) as { status: number }).status).toBe(200);

  await test.step("open Conversas and the patient's conversation", async () => {
    await tabTo(page, mainMenu(page).getByRole("link", { name: "Conversas" }), { backwards: true });
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Conversas" })).toBeFocused();
    await tabTo(page, page.getByRole("searchbox", { name: "Buscar conversas" }));
    await page.keyboard.type(phone.slice(-8));
    const rows = page.getByRole("list", { name: "Conversas" }).getByRole("button");
    await expect(rows).toHaveCount(1);
    await tabTo(page, rows.first());
    await page.keyboard.press("Enter");
  });

  const conversation = page.getByRole("dialog");
  await test.step("reach the message history, reply and resolve", async () => {
    await expect(conversation.getByRole("list", { name: "Mensagens" })).toBeVisible();
    const history = conversation.getByRole("region", { name: "Histórico de mensagens" });
    await tabTo(page, history);
    await page.keyboard.press("Home");

    const box = conversation.getByRole("textbox", { name: "Sua resposta" });
    await tabTo(page, box);
    const text = "Olá! Aqui é a Dra. Ana. Pode me enviar o exame por aqui.";
    await page.keyboard.type(text);
    await tabTo(page, conversation.getByRole("button", { name: "Enviar" }));
    await page.keyboard.press("Enter");
    await expect(toastWith(page, "Mensagem enviada.")).toBeVisible();
    await expect(conversation.getByRole("list", { name: "Mensagens" }).getByRole("listitem").last()).toContainText(text);

    await tabTo(page, conversation.getByRole("button", { name: "Resolver" }));
    await page.keyboard.press("Enter");
    await expect(toastWith(page, "Conversa marcada como resolvida!")).toBeVisible();
    await expect(conversation.getByRole("button", { name: "Resolver" })).toHaveCount(0);

    await page.keyboard.press("Escape");
    await expect(conversation).toBeHidden();
    await expect(page.getByRole("list", { name: "Conversas" }).getByRole("button").first()).toBeFocused();
  });
});
