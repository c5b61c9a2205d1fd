import { expect, test, type Page } from "@playwright/test";
import { addDays, format, isWeekend } from "date-fns";
import { dayFirst, PROFESSIONAL, signInViaApi, toastWith } from "./fixtures";

/**
 * A weekday far enough ahead that neither the demo data (±15 days) nor other flows use it; 15:10 is off the
 * demo's half-hour grid. With Ana's 50-minute slots from 08:00, a booking at 15:10 blocks the 14:40 and 15:30
 * slots, so the nearest free one is 16:20.
 */
function farWeekday(): string {
  let day = addDays(new Date(), 80);
  while (isWeekend(day)) day = addDays(day, 1);
  return format(day, "yyyy-MM-dd");
}

async function openNewAppointment(page: Page) {
  await page.getByRole("button", { name: "Novo compromisso" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Novo compromisso" });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function fillWhen(dialog: ReturnType<Page["getByRole"]>, date: string) {
  await dialog.getByRole("textbox", { name: "Data", exact: true }).fill(dayFirst(date));
  await dialog.getByRole("textbox", { name: "Hora" }).fill("15");
  await dialog.getByRole("textbox", { name: "Minuto" }).fill("10");
}

test("books an appointment for a new patient, refuses the same slot with a suggestion, shows it in every view, edits and cancels it", async ({ page }) => {
  // A long flow on a shared machine: more than the default 30 s.
  test.setTimeout(120_000);
  const date = farWeekday();
  const patientName = `Paciente Agenda ${Date.now()}`;
  await signInViaApi(page, PROFESSIONAL);
  await page.goto("/compromissos");
  await expect(page.getByRole("button", { name: "Novo compromisso" }).first()).toBeEnabled({ timeout: 15_000 });

  await test.step("book with a quick patient", async () => {
    const dialog = await openNewAppointment(page);
    await dialog.getByRole("button", { name: "Cadastrar novo paciente" }).click();
    await dialog.getByRole("button", { name: "Criar paciente" }).click();
    await expect(page.getByText("Nome do paciente é obrigatório")).toBeVisible();
    await dialog.getByRole("textbox", { name: "Nome" }).fill(patientName);
    await dialog.getByRole("button", { name: "Criar paciente" }).click();
    await expect(dialog.getByText(patientName)).toBeVisible();

    await fillWhen(dialog, date);
    await expect(dialog.getByLabel("Tipo de consulta")).toHaveValue("Consulta");
    await dialog.getByLabel("Observações").fill("Primeira consulta marcada pelo teste");
    await dialog.getByRole("button", { name: "Agendar" }).click();
    await expect(page.getByText("Compromisso criado com sucesso!")).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  await test.step("the same slot is refused with the nearest free time, and the dialog stays open", async () => {
    const dialog = await openNewAppointment(page);
    await dialog.getByRole("combobox", { name: "Paciente" }).fill(patientName.slice(0, 20));
    await page.getByRole("option", { name: patientName }).click();
    await fillWhen(dialog, date);
    // The clash shows on the field before saving, with the nearest free times next to it (16:00 is the real gap
    // where the 15:10 booking ends).
    await expect(dialog.getByRole("textbox", { name: "Hora" })).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByText("Horário ocupado: já há um compromisso das 15:10 às 16:00. Escolha um horário livre.")).toBeVisible();
    await expect(dialog.getByRole("group", { name: "Horários livres mais próximos" }).getByRole("button", { name: "16:00" })).toBeVisible();
    await dialog.getByRole("button", { name: "Agendar" }).click();
    await expect(dialog).toBeVisible();
    // The footer button (the corner X is named "Fechar" too).
    await dialog.getByRole("button", { name: "Fechar", exact: true }).last().click();
    await expect(dialog).toBeHidden();
  });

  const card = page.getByRole("heading", { name: patientName });
  await test.step("the appointment appears in the four views", async () => {
    // After saving, the page shows the appointment's day.
    await expect(card).toBeVisible();

    await page.getByRole("tab", { name: "Linha do tempo" }).click();
    await expect(page.getByRole("button", { name: new RegExp(`^15:10 · \\d+ min ${patientName}\\s*Consulta\\s*: editar$`) })).toBeVisible();

    await page.getByRole("tab", { name: "Semana" }).click();
    await expect(page.getByRole("group", { name: "Dias da semana" }).getByRole("button", { pressed: true })).toHaveAccessibleName(/, \d+ compromissos, /);
    await expect(card).toBeVisible();

    await page.getByRole("tab", { name: "Mês" }).click();
    await expect(page.getByRole("group", { name: "Dias do mês" }).getByRole("button", { pressed: true })).toHaveAccessibleName(/: \d+ compromissos?$/);
    await expect(card).toBeVisible();

    await page.getByRole("tab", { name: "Lista" }).click();
    await expect(card).toBeVisible();
  });

  await test.step("editing changes the status", async () => {
    await page.getByRole("button", { name: `Editar compromisso de ${patientName}` }).click();
    const dialog = page.getByRole("dialog", { name: "Editar compromisso" });
    await dialog.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "Confirmada" }).click();
    await dialog.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(page.getByText("Compromisso atualizado com sucesso!")).toBeVisible();
    await expect(page.getByRole("listitem").filter({ has: card }).getByText("Confirmada")).toBeVisible();
  });

  await test.step("cancelling is not deleting: it asks, says whether the patient is told, and keeps the appointment under the cancelled filter", async () => {
    await page.getByRole("button", { name: `Cancelar consulta de ${patientName}` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Cancelar consulta?" });
    await expect(confirm).toContainText("fica na agenda como cancelada");
    await expect(confirm).not.toContainText("não pode ser desfeita");
    // This patient has no mobile on file: the dialog says plainly that nobody is told (the WhatsApp notice is covered by
    // apps/server/src/modules/reminders/cancellation-notice.api.test.ts).
    await expect(confirm).toContainText("O paciente não tem celular no cadastro e não será avisado");
    await expect(confirm.getByRole("checkbox")).toHaveCount(0);
    await confirm.getByRole("button", { name: "Cancelar consulta" }).click();
    await expect(toastWith(page, "Consulta cancelada").first()).toBeVisible();
    await expect(card).toBeHidden();

    await page.getByRole("combobox", { name: "Filtrar por status" }).click();
    await page.getByRole("option", { name: "Cancelados" }).click();
    await expect(card).toBeVisible();
  });
});
