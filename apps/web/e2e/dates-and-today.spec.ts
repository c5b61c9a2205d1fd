import { expect as baseExpect, test, type Locator, type Page } from "@playwright/test";
import { addDays, format, isWeekend, parseISO } from "date-fns";
import { ptBR } from "date-fns/locale";
import { dayFirst, PHONE_VIEWPORT, PROFESSIONAL, signInViaApi, timeField } from "./fixtures";
import { saoPauloDate, uniqueSuffix } from "./patients-tasks-helpers";

/** Lists of the whole demo practice and dialogs on a busy machine: more than Playwright's default 5 s. */
const expect = baseExpect.configure({ timeout: 15_000 });

/** "Quarta-feira, 25 de novembro de 2026", as Compromissos titles a day. */
function longDate(iso: string): string {
  const text = format(parseISO(iso), "EEEE, d 'de' MMMM 'de' yyyy", { locale: ptBR });
  return text.charAt(0).toUpperCase() + text.slice(1);
}

async function createPatient(page: Page, session: string, name: string): Promise<string> {
  const response = await page.request.post("/api/patients", { headers: { "X-Session-ID": session }, data: { name } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { id: string }).id;
}

test.describe("an English browser still reads and types dd/mm/aaaa and 24-hour times", () => {
  test.use({ locale: "en-US" });
  // Several dialogs and server round trips per flow on a shared machine.
  test.describe.configure({ timeout: 240_000 });

  test("the appointment dialog: a typed date books that day, the calendar speaks Portuguese, a wrong date is explained", async ({ page }) => {
    const session = await signInViaApi(page, PROFESSIONAL);
    const name = `Paciente Datas ${uniqueSuffix()}`;
    await createPatient(page, session, name);
    // A weekday far ahead that no other flow uses, at a time off the demo's grid.
    let day = addDays(parseISO(saoPauloDate()), 97);
    while (isWeekend(day)) day = addDays(day, 1);
    const iso = format(day, "yyyy-MM-dd");

    await page.goto("/compromissos");
    await page.getByRole("button", { name: "Novo compromisso" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Novo compromisso" });
    const date = dialog.getByRole("textbox", { name: "Data", exact: true });
    // It opens on today, day first.
    await expect(date).toHaveValue(dayFirst(saoPauloDate()));
    await expect(date).toHaveAttribute("placeholder", "dd/mm/aaaa");
    await expect(date).toHaveAttribute("inputmode", "numeric");

    await test.step("the calendar is in Portuguese, Monday first, and chooses by keyboard", async () => {
      await dialog.getByRole("button", { name: "Abrir calendário" }).click();
      const calendar = page.getByRole("grid");
      const month = format(parseISO(saoPauloDate()), "MMMM 'de' yyyy", { locale: ptBR });
      await expect(calendar).toHaveAccessibleName(month);
      await expect(calendar.getByRole("columnheader").first()).toHaveText("S");
      // The focus is on today's day; one arrow right chooses tomorrow.
      await expect(calendar.getByRole("button", { name: longDate(saoPauloDate()) })).toBeFocused();
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("Enter");
      await expect(calendar).toBeHidden();
      await expect(date).toHaveValue(dayFirst(saoPauloDate(1)));
    });

    await test.step("a date that does not exist is refused in the field's own terms", async () => {
      await dialog.getByRole("combobox", { name: "Paciente" }).fill(name.slice(0, 22));
      await page.getByRole("option", { name }).click();
      await date.fill("31022027");
      await expect(date).toHaveValue("31/02/2027");
      await timeField(dialog, "Horário").hour.fill("16");
      await timeField(dialog, "Horário").minute.fill("40");
      await dialog.getByRole("button", { name: "Agendar" }).click();
      await expect(dialog.getByText("Data inválida: confira o dia e o mês (dd/mm/aaaa)")).toBeVisible();
      await expect(date).toHaveAttribute("aria-invalid", "true");
      // Nothing typed is lost.
      await expect(timeField(dialog, "Horário").hour).toHaveValue("16");
    });

    await test.step("the typed date and 24-hour time book exactly that appointment", async () => {
      await date.fill(dayFirst(iso));
      await expect(dialog.getByText(/Data inválida/)).toBeHidden();
      await dialog.getByRole("button", { name: "Agendar" }).click();
      await expect(page.getByText("Compromisso criado com sucesso!")).toBeVisible();
      const booked = await page.request.get(`/api/appointments?date=${iso}`, { headers: { "X-Session-ID": session } });
      const items = ((await booked.json()) as { items: { patient_name: string; appointment_time: string; appointment_date: string }[] }).items;
      expect(items.filter((a) => a.patient_name === name).map((a) => [a.appointment_date, a.appointment_time.slice(0, 5)])).toEqual([[iso, "16:40"]]);
      // The page shows that day, dated day first, at 16:40 (not 4:40 PM).
      const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
      await expect(card).toContainText(dayFirst(iso));
      await expect(card).toContainText("16:40");
    });
  });

  test("the patient's birth date and the task's due date are typed and shown day first", async ({ page }) => {
    const session = await signInViaApi(page, PROFESSIONAL);
    const name = `Paciente Nascimento ${uniqueSuffix()}`;

    await page.goto("/pacientes");
    await page.getByRole("button", { name: "Novo paciente" }).click();
    const dialog = page.getByRole("dialog", { name: "Novo paciente" });
    await dialog.getByLabel("Nome completo").fill(name);
    const birth = dialog.getByRole("textbox", { name: "Data de nascimento" });
    await expect(birth).toHaveAttribute("placeholder", "dd/mm/aaaa");
    await birth.pressSequentially("1305");
    await expect(birth).toHaveValue("13/05");
    await dialog.getByRole("button", { name: "Cadastrar paciente" }).click();
    await expect(dialog.getByText("Data incompleta: digite no formato dd/mm/aaaa")).toBeVisible();
    await birth.pressSequentially("1972");
    await expect(birth).toHaveValue("13/05/1972");
    await dialog.getByRole("button", { name: "Cadastrar paciente" }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole("searchbox", { name: "Buscar pacientes" }).fill(name);
    const card = page.getByRole("article", { name });
    await expect(card).toContainText("Nascimento: 13/05/1972");
    await card.getByRole("button", { name: `Editar ${name}` }).click();
    await expect(page.getByRole("dialog", { name: "Editar paciente" }).getByRole("textbox", { name: "Data de nascimento" })).toHaveValue("13/05/1972");
    await page.keyboard.press("Escape");
    const patients = await page.request.get(`/api/patients?search=${encodeURIComponent(name)}`, { headers: { "X-Session-ID": session } });
    const found = ((await patients.json()) as { items: { name: string; birth_date: string | null }[] }).items;
    expect(found.map((p) => p.birth_date)).toEqual(["1972-05-13"]);

    const title = `Tarefa com prazo ${uniqueSuffix()}`;
    const due = saoPauloDate(40);
    await page.goto("/tarefas");
    await page.getByRole("button", { name: "Nova tarefa" }).click();
    const task = page.getByRole("dialog", { name: "Nova tarefa" });
    await task.getByLabel("Título").fill(title);
    const dueField = task.getByRole("textbox", { name: "Data de vencimento" });
    await expect(dueField).toHaveAttribute("placeholder", "dd/mm/aaaa");
    await dueField.fill(dayFirst(due));
    await task.getByRole("button", { name: "Criar tarefa" }).click();
    await expect(task).toBeHidden();
    const tasks = await page.request.get(`/api/tasks?search=${encodeURIComponent(title)}&per_page=100`, { headers: { "X-Session-ID": session } });
    const created = ((await tasks.json()) as { items: { title: string; due_date: string | null }[] }).items.filter((t) => t.title === title);
    expect(created.map((t) => t.due_date)).toEqual([due]);
  });

  test("Configurações › Consultas shows and takes working hours in 24 hours", async ({ page }) => {
    const session = await signInViaApi(page, PROFESSIONAL);
    const headers = { "X-Session-ID": session };
    const before = (await (await page.request.get("/api/professionals/me", { headers })).json()) as { business_start: string; business_end: string };
    try {
      await page.goto("/configuracoes");
      await page.getByRole("tab", { name: "Consultas" }).click();
      const end = timeField(page, "Fim do atendimento");
      await expect(end.hour).toHaveValue(before.business_end.slice(0, 2));
      await expect(end.hour).toHaveAttribute("inputmode", "numeric");
      await end.hour.fill("19");
      await end.minute.fill("45");
      await page.getByRole("button", { name: "Salvar alterações" }).click();
      await expect(page.getByText("Configurações de consulta atualizadas!")).toBeVisible();
      const saved = (await (await page.request.get("/api/professionals/me", { headers })).json()) as { business_end: string };
      expect(saved.business_end.slice(0, 5)).toBe("19:45");
      await expect(page.getByRole("tabpanel")).not.toContainText(/\b(AM|PM)\b/);
    } finally {
      const restored = await page.request.put("/api/professionals/me", {
        headers,
        data: { business_start: before.business_start, business_end: before.business_end },
      });
      expect(restored.ok()).toBe(true);
    }
  });
});

/** The element that stands for today in the view shown. */
const todayAnchor = (page: Page) => page.locator("[data-today-anchor]");

async function scrollToBottom(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

async function expectTodayInView(target: Locator) {
  await expect(target).toBeInViewport();
}

for (const [size, viewport] of [
  ["desktop", { width: 1366, height: 800 }],
  ["phone", PHONE_VIEWPORT],
] as const) {
  test.describe(`Compromissos opens at today (${size})`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 120_000 });

    test("the list opens scrolled to today, with the days before above; Hoje brings it back from anywhere", async ({ page }) => {
      await signInViaApi(page, PROFESSIONAL);
      const today = saoPauloDate();
      await page.goto("/compromissos");
      const anchor = todayAnchor(page);
      await expect(anchor).toHaveCount(1, { timeout: 20_000 });
      // The demo has appointments today (a weekday) or later this month: the list opens at that day.
      const heading = anchor.locator("h3").first();
      await expectTodayInView(heading);
      // Every day's cards arrive within a moment; today stays in view meanwhile.
      await page.waitForTimeout(1500);
      await expectTodayInView(heading);
      const days = page.getByRole("tabpanel").locator("section");
      if ((await days.first().getAttribute("data-today-anchor")) === null) {
        // Past days stay reachable by scrolling up.
        await expect(days.first()).not.toBeInViewport();
        await page.evaluate(() => window.scrollTo(0, 0));
        await expect(days.first().locator("h3").first()).toBeInViewport();
      }
      if ((await heading.textContent())?.startsWith(longDate(today))) await expect(heading).toContainText("Hoje");

      await scrollToBottom(page);
      await page.getByRole("button", { name: "Hoje", exact: true }).click();
      await expectTodayInView(heading);

      await page.getByRole("button", { name: "Próximo mês" }).click();
      await page.getByRole("button", { name: "Próximo mês" }).click();
      await expect(anchor).toHaveCount(0);
      await scrollToBottom(page);
      await page.getByRole("button", { name: "Hoje", exact: true }).click();
      await expect(page.getByRole("heading", { level: 2, name: format(parseISO(today), "MMMM 'de' yyyy", { locale: ptBR }) })).toBeVisible();
      await expectTodayInView(todayAnchor(page).locator("h3").first());
    });

    test("the day, week and month views open at today, and Hoje brings it back after moving away", async ({ page }) => {
      await signInViaApi(page, PROFESSIONAL);
      const today = saoPauloDate();
      await page.goto("/compromissos");
      await expect(todayAnchor(page)).toHaveCount(1, { timeout: 20_000 });

      await page.getByRole("tab", { name: "Linha do tempo" }).click();
      await expect(page.getByRole("heading", { level: 2, name: longDate(today) })).toBeVisible();
      await expectTodayInView(page.getByRole("list", { name: "Linha do tempo" }));
      await page.getByRole("button", { name: "Próximo dia" }).click();
      await expect(page.getByRole("heading", { level: 2, name: longDate(today) })).toHaveCount(0);
      await scrollToBottom(page);
      await page.getByRole("button", { name: "Hoje", exact: true }).click();
      await expect(page.getByRole("heading", { level: 2, name: longDate(today) })).toBeVisible();
      await expectTodayInView(page.getByRole("list", { name: "Linha do tempo" }));

      for (const [tab, group, next] of [
        ["Semana", "Dias da semana", "Próxima semana"],
        ["Mês", "Dias do mês", "Próximo mês"],
      ] as const) {
        await page.getByRole("tab", { name: tab }).click();
        const todayTile = page.getByRole("group", { name: group }).getByRole("button", { name: new RegExp(longDate(today)) });
        await expect(todayTile).toHaveAttribute("aria-pressed", "true");
        await expectTodayInView(todayTile);
        await page.getByRole("button", { name: next }).click();
        await page.getByRole("button", { name: next }).click();
        await expect(todayTile).toHaveCount(0);
        await scrollToBottom(page);
        await page.getByRole("button", { name: "Hoje", exact: true }).click();
        await expect(todayTile).toHaveAttribute("aria-pressed", "true");
        await expectTodayInView(todayTile);
      }
    });
  });
}
