import { expect as baseExpect, test, type Page } from "@playwright/test";
import { addDays, format, isWeekend, parseISO } from "date-fns";
import { ADMIN, dayFirst, PROFESSIONAL, signInViaApi, toastWith } from "./fixtures";
import { saoPauloDate, uniqueSuffix } from "./patients-tasks-helpers";

/** Dialogs and server round trips on a shared machine: more than Playwright's default 5 s. */
const expect = baseExpect.configure({ timeout: 15_000 });

const api = (page: Page, session: string) => ({
  get: async <T>(url: string) => (await (await page.request.get(`/api${url}`, { headers: { "X-Session-ID": session } })).json()) as T,
  send: async (method: "POST" | "PUT", url: string, data: unknown) => {
    const res = await page.request.fetch(`/api${url}`, { method, headers: { "X-Session-ID": session }, data });
    expect(res.ok(), await res.text()).toBe(true);
    return res.json();
  },
});

/** HH:mm now in São Paulo, the demo professional's zone. */
function saoPauloTime(): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone: "America/Sao_Paulo", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date());
}

test.describe("a professional's first week", () => {
  test.describe.configure({ timeout: 180_000 });

  test("Novo profissional makes her login in the same step; her first Painel shows first steps she can put away", async ({ page, browser }) => {
    const id = uniqueSuffix();
    const name = `Dra. Clara Primeira ${id}`;
    const email = `clara.${id}@clinica.com.br`;
    await signInViaApi(page, ADMIN);
    await page.goto("/admin/profissionais");
    await page.getByRole("button", { name: "Novo profissional" }).click();
    const dialog = page.getByRole("dialog", { name: "Novo profissional" });
    await dialog.getByLabel("Nome completo").fill(name);
    await dialog.getByLabel("Especialidade").fill("Psicologia");
    await expect(dialog.getByRole("switch", { name: "Criar o acesso dela agora" })).toBeChecked();

    await test.step("the access needs her email", async () => {
      await dialog.getByRole("button", { name: "Criar profissional" }).click();
      await expect(dialog.getByText("Informe o email: é com ele que ela entra no Clinora.")).toBeVisible();
    });

    let firstPassword = "";
    await test.step("the profile and its login are made together; the first password is shown once", async () => {
      await dialog.getByLabel("Email", { exact: true }).fill(email);
      await dialog.getByRole("button", { name: "Criar profissional" }).click();
      const made = dialog.getByRole("status", { name: "Acesso criado" });
      await expect(made).toContainText(`Acesso criado: entra com ${email}`);
      firstPassword = (await made.getByTestId("first-password").textContent()) ?? "";
      expect(firstPassword).toMatch(/^[A-Za-z0-9]{12}$/);
      await dialog.getByRole("button", { name: "Concluir" }).click();
      await expect(dialog).toBeHidden();
    });

    await test.step("a second profile with her email is refused and says where she is", async () => {
      await page.getByRole("button", { name: "Novo profissional" }).click();
      await dialog.getByLabel("Nome completo").fill(`${name} de novo`);
      await dialog.getByLabel("Especialidade").fill("Psicologia");
      await dialog.getByLabel("Email", { exact: true }).fill(email.toUpperCase());
      await dialog.getByRole("button", { name: "Criar profissional" }).click();
      await expect(toastWith(page, `Já existe o perfil profissional de ${name} com este email.`)).toBeVisible();
      await dialog.getByRole("button", { name: "Cancelar" }).click();
    });

    await test.step("her first login shows first steps that tick themselves, and she can dismiss them", async () => {
      const context = await browser.newContext({ locale: "en-US", timezoneId: "Europe/Lisbon" });
      const her = await context.newPage();
      await signInViaApi(her, { email, password: firstPassword, fullName: name, roleLabel: "Profissional", home: "/painel" });
      await her.goto("/painel");
      const steps = her.getByRole("region", { name: "Primeiros passos" });
      await expect(steps).toContainText("0 de 5 feitos");
      await expect(steps.getByRole("link")).toHaveCount(5);
      await expect(steps.getByRole("link", { name: /Cadastre seu primeiro paciente \(a fazer\)/ })).toBeVisible();

      // A patient made elsewhere ticks its step on the way back.
      const session = (await her.evaluate(() => localStorage.getItem("session_id")))!;
      await api(her, session).send("POST", "/patients", { name: `Paciente ${id}` });
      await her.reload();
      await expect(steps.getByRole("link", { name: /Cadastre seu primeiro paciente \(feito\)/ })).toBeVisible();
      await expect(steps).toContainText("1 de 5 feitos");

      // The hours step opens Configurações on the Consultas tab.
      await steps.getByRole("link", { name: /Defina seus dias e horários/ }).click();
      await expect(her.getByRole("tab", { name: "Consultas" })).toHaveAttribute("aria-selected", "true");

      await her.goto("/painel");
      await steps.getByRole("button", { name: "Dispensar" }).click();
      await expect(steps).toBeHidden();
      await her.reload();
      await expect(her.getByRole("heading", { name: "Agenda de hoje" })).toBeVisible();
      await expect(her.getByRole("region", { name: "Primeiros passos" })).toBeHidden();
      await context.close();
    });
  });

  test("the appointment dialog offers the times the agenda really has and asks before a time outside her hours", async ({ page }) => {
    const session = await signInViaApi(page, PROFESSIONAL);
    const patientName = `Paciente Horários ${uniqueSuffix()}`;
    const patient = await api(page, session).send("POST", "/patients", { name: patientName });
    // A weekday far ahead that no other flow uses.
    let day = addDays(parseISO(saoPauloDate()), 83);
    while (isWeekend(day)) day = addDays(day, 1);
    const date = format(day, "yyyy-MM-dd");
    await api(page, session).send("POST", "/appointments", { patient_id: patient.id, appointment_date: date, appointment_time: "10:10", appointment_type: "Consulta" });

    await page.goto("/compromissos");
    await page.getByRole("button", { name: "Novo compromisso" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Novo compromisso" });
    await dialog.getByRole("combobox", { name: "Paciente" }).fill(patientName.slice(0, 22));
    await page.getByRole("option", { name: patientName }).click();
    await dialog.getByRole("textbox", { name: "Data", exact: true }).fill(dayFirst(date));

    await test.step("quick picks follow her hours (08:00 to 20:00, 50 minutes)", async () => {
      const quick = dialog.getByRole("group", { name: "Horários rápidos" }).getByRole("button");
      await expect(quick.first()).toHaveText("08:00");
      await expect(quick.last()).toHaveText("19:00");
    });

    await test.step("a clash shows on the field, described, with the nearest free times next to it", async () => {
      await dialog.getByRole("textbox", { name: "Hora" }).fill("10");
      await dialog.getByRole("textbox", { name: "Minuto" }).fill("30");
      const hour = dialog.getByRole("textbox", { name: "Hora" });
      await expect(hour).toHaveAttribute("aria-invalid", "true");
      await expect(hour).toHaveAccessibleDescription(/Horário ocupado: já há um compromisso das 10:10 às 11:00/);
      const free = dialog.getByRole("group", { name: "Horários livres mais próximos" }).getByRole("button");
      const count = await free.count();
      expect(count).toBeGreaterThanOrEqual(3);
      expect(count).toBeLessThanOrEqual(6);
      // 11:00, where the booked one ends, is a real gap off the 50-minute grid.
      await free.filter({ hasText: "11:00" }).click();
      await expect(hour).toHaveValue("11");
      await expect(hour).not.toHaveAttribute("aria-invalid", "true");
    });

    await test.step("a time outside her hours asks first, then saves", async () => {
      await dialog.getByRole("textbox", { name: "Hora" }).fill("20");
      await dialog.getByRole("textbox", { name: "Minuto" }).fill("00");
      await dialog.getByRole("button", { name: "Agendar" }).click();
      const question = dialog.getByRole("alertdialog", { name: "Fora do seu horário de atendimento — salvar mesmo assim?" });
      await expect(question).toBeVisible();
      await question.getByRole("button", { name: "Salvar mesmo assim" }).click();
      await expect(toastWith(page, "Compromisso criado com sucesso!")).toBeVisible();
      await expect(dialog).toBeHidden();
    });
  });

  test("the Painel's figures come from her hours and durations; Pendentes and Próximos agree with the agenda", async ({ page }) => {
    const session = await signInViaApi(page, PROFESSIONAL);
    const client = api(page, session);
    const me = await client.get<{ business_days: number[]; business_start: string; business_end: string }>("/professionals/me");
    const original = { business_days: me.business_days, business_start: me.business_start.slice(0, 5), business_end: me.business_end.slice(0, 5) };
    const weekday = parseISO(saoPauloDate()).getDay();
    try {
      // Every day a working day, so the figures exist whatever day the flow runs.
      await client.send("PUT", "/professionals/me", { business_days: [0, 1, 2, 3, 4, 5, 6], business_start: "07:00", business_end: "21:00" });
      const nowBefore = saoPauloTime();
      await page.goto("/painel");
      const figures = page.getByRole("region", { name: "Indicadores de hoje" });
      await expect(figures).toContainText("do seu horário, 07:00 às 21:00");
      const today = await client.get<{ time: string; duration: number; status: string }[]>("/appointments/today/list");
      const booked = today.filter((a) => a.status !== "cancelled");
      const occupancy = Math.round((booked.reduce((sum, a) => sum + a.duration, 0) / (14 * 60)) * 100);
      await expect(figures).toContainText(`${occupancy}%`);
      const pending = today.filter((a) => a.status === "pending").length;
      await expect(figures.getByText("Pendentes", { exact: true }).locator("xpath=following-sibling::p[1]")).toHaveText(String(pending));

      // The card around its heading (CardHeader, then the card).
      const upcoming = page.getByRole("heading", { name: /^Próximos compromissos$/i }).locator("xpath=../..");
      await expect(upcoming).toBeVisible();
      const times = await upcoming.locator("li span.tabular-nums").allTextContents();
      for (const time of times) expect(time >= nowBefore, `${time} listed as ahead at ${nowBefore}`).toBe(true);

      // A day she does not work: no occupancy is made up.
      await client.send("PUT", "/professionals/me", { business_days: [0, 1, 2, 3, 4, 5, 6].filter((d) => d !== weekday) });
      await page.reload();
      await expect(figures).toContainText("hoje não é dia de atendimento");
      await expect(figures).toContainText("—");
    } finally {
      await client.send("PUT", "/professionals/me", original);
    }
  });
});
