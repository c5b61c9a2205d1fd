import { expect, test, type Page } from "@playwright/test";
import { addDays, format, isWeekend, parseISO } from "date-fns";
import { ADMIN, dayFirst, PROFESSIONAL, screenshot, signInViaApi } from "./fixtures";
import { saoPauloDate, uniqueSuffix } from "./patients-tasks-helpers";

/** Review material for issue 35's first week, at a laptop and a phone, in an English browser in another zone. */
const SIZES = [
  { name: "laptop", size: { width: 1366, height: 800 } },
  { name: "phone", size: { width: 390, height: 844 } },
];
const LOAD_MS = 15_000;

async function post(page: Page, session: string, url: string, data: unknown) {
  const res = await page.request.post(`/api${url}`, { headers: { "X-Session-ID": session }, data });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

for (const { name, size } of SIZES) {
  test.describe(`first week screenshots ${name}`, () => {
    test.use({ viewport: size, locale: "en-US", timezoneId: "America/New_York" });
    test.describe.configure({ timeout: 120_000 });

    test("the new professional's access and first steps", async ({ page, browser }) => {
      const id = uniqueSuffix();
      const email = `shot.${id}@clinica.com.br`;
      const admin = await signInViaApi(page, ADMIN);
      await page.goto("/admin/profissionais");
      await page.getByRole("button", { name: "Novo profissional" }).click();
      const dialog = page.getByRole("dialog", { name: "Novo profissional" });
      await dialog.getByLabel("Nome completo").fill(`Dra. Júlia Tela ${id}`);
      await dialog.getByLabel("Especialidade").fill("Nutrição");
      await dialog.getByLabel("Email", { exact: true }).fill(email);
      await screenshot(page, `${name}-first-week-new-professional`);
      await dialog.getByRole("button", { name: "Criar profissional" }).click();
      await expect(dialog.getByTestId("first-password")).toBeVisible({ timeout: LOAD_MS });
      await screenshot(page, `${name}-first-week-access-created`);
      const password = (await dialog.getByTestId("first-password").textContent())!;
      await dialog.getByRole("button", { name: "Concluir" }).click();

      // One without access, as the details dialog shows it.
      const bare = await post(page, admin, "/professionals", { full_name: `Dr. Aarão Sem Acesso ${id}`, specialty: "Psicologia", email: `sem.${id}@clinica.com.br` });
      await page.reload();
      await page.getByLabel("Buscar profissionais nesta página").fill(bare.full_name);
      await page.getByRole("button", { name: `Ações de ${bare.full_name}` }).click();
      await page.getByRole("menuitem", { name: "Ver detalhes" }).click();
      await expect(page.getByRole("heading", { name: `${bare.full_name} ainda não tem acesso ao Clinora` })).toBeVisible({ timeout: LOAD_MS });
      await screenshot(page, `${name}-first-week-details-no-access`);

      const context = await browser.newContext({ viewport: size, locale: "en-US", timezoneId: "America/New_York" });
      const her = await context.newPage();
      await signInViaApi(her, { email, password, fullName: "", roleLabel: "Profissional", home: "/painel" });
      await her.goto("/painel");
      await expect(her.getByRole("region", { name: "Primeiros passos" })).toBeVisible({ timeout: LOAD_MS });
      await screenshot(her, `${name}-first-week-painel-first-steps`);
      await context.close();
    });

    test("the appointment dialog's times and the Painel", async ({ page }) => {
      const session = await signInViaApi(page, PROFESSIONAL);
      const patient = await post(page, session, "/patients", { name: `Paciente Tela ${uniqueSuffix()}` });
      let day = addDays(parseISO(saoPauloDate()), name === "phone" ? 87 : 86);
      while (isWeekend(day)) day = addDays(day, 1);
      const date = format(day, "yyyy-MM-dd");
      await post(page, session, "/appointments", { patient_id: patient.id, appointment_date: date, appointment_time: "10:10", appointment_type: "Consulta" });

      await page.goto("/painel");
      await expect(page.getByRole("heading", { name: "Agenda de hoje" })).toBeVisible({ timeout: LOAD_MS });
      await screenshot(page, `${name}-first-week-painel-figures`);

      await page.goto("/compromissos");
      await page.getByRole("button", { name: "Novo compromisso" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Novo compromisso" });
      await dialog.getByRole("textbox", { name: "Data", exact: true }).fill(dayFirst(date));
      await dialog.getByRole("textbox", { name: "Hora" }).fill("10");
      await dialog.getByRole("textbox", { name: "Minuto" }).fill("30");
      await expect(dialog.getByText(/Horário ocupado/)).toBeVisible({ timeout: LOAD_MS });
      await screenshot(page, `${name}-first-week-dialog-clash`, { fullPage: false });
      await dialog.getByRole("textbox", { name: "Hora" }).fill("21");
      await dialog.getByRole("textbox", { name: "Minuto" }).fill("00");
      await dialog.getByRole("combobox", { name: "Paciente" }).fill(patient.name.slice(0, 20));
      await page.getByRole("option", { name: patient.name }).click();
      await dialog.getByRole("button", { name: "Agendar" }).click();
      await expect(dialog.getByRole("alertdialog")).toBeVisible();
      await screenshot(page, `${name}-first-week-dialog-outside-hours`, { fullPage: false });
    });
  });
}
