import { expect as baseExpect, test, type Page } from "@playwright/test";
import { PROFESSIONAL, signInViaApi, toastWith } from "./fixtures";
import { saoPauloDate, uniqueSuffix } from "./patients-tasks-helpers";

/** Dialogs and server round trips on a shared machine: more than Playwright's default 5 s. */
const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * Deleting is for mistakes, in the appointment's details (docs/product/appointments.md §2.2): the dialog says the
 * patient is not told and points to "Cancelar consulta"; a deleted appointment is gone even under "Cancelados"; one
 * with a payment is refused with the server's reason, and stays.
 */
async function appointmentToday(page: Page, session: string) {
  const headers = { "X-Session-ID": session };
  const name = `Paciente Engano ${uniqueSuffix()}`;
  const patient = await page.request.post("/api/patients", { headers, data: { name } });
  expect(patient.ok()).toBe(true);
  const patientId = ((await patient.json()) as { id: string }).id;
  // Today, before the demo's working hours: the first quarter hour from midnight on that is still free (a retried
  // run finds its earlier bookings there).
  for (let minutes = 0; minutes < 7 * 60; minutes += 15) {
    const time = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
    const created = await page.request.post("/api/appointments", {
      headers,
      data: { patient_id: patientId, appointment_date: saoPauloDate(), appointment_time: time, duration: 15, appointment_type: "Consulta" },
    });
    if (created.status() === 409) continue;
    expect(created.status(), await created.text()).toBe(201);
    return { name, patientId, id: ((await created.json()) as { id: string }).id };
  }
  throw new Error("no free quarter hour before 07:00 today");
}

async function openDetails(page: Page, name: string) {
  await page.getByRole("button", { name: `Editar compromisso de ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: /^editar compromisso$/i });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("an appointment entered by mistake is deleted from its details; one with a payment is refused and stays", async ({ page }) => {
  test.setTimeout(120_000);
  const session = await signInViaApi(page, PROFESSIONAL);
  const mistake = await appointmentToday(page, session);
  const paid = await appointmentToday(page, session);
  const headers = { "X-Session-ID": session };
  const charge = await page.request.post("/api/payments/charges", { headers, data: { patient_id: paid.patientId, appointment_id: paid.id, amount_cents: 18_000 } });
  expect(charge.status(), await charge.text()).toBe(201);
  const chargeId = ((await charge.json()) as { id: string }).id;
  expect((await page.request.post(`/api/payments/charges/${chargeId}/paid`, { headers, data: { method: "pix" } })).ok()).toBe(true);

  await page.goto("/compromissos");
  const card = page.getByRole("heading", { name: mistake.name });
  await expect(card).toBeVisible();

  await test.step("the details offer the deletion apart, and its dialog says what it does and what to use instead", async () => {
    const dialog = await openDetails(page, mistake.name);
    await dialog.getByRole("button", { name: "Excluir (lançado por engano)" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Excluir compromisso?" });
    await expect(confirm).toContainText("sai da agenda e do histórico, e o paciente não é avisado");
    await expect(confirm).toContainText("para desmarcar uma consulta, use “Cancelar consulta”");
    await confirm.getByRole("button", { name: "Excluir compromisso" }).click();
    await expect(toastWith(page, "Compromisso excluído.").first()).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(card).toBeHidden();
  });

  await test.step("it is not kept as cancelled either", async () => {
    await page.getByRole("combobox", { name: "Filtrar por status" }).click();
    await page.getByRole("option", { name: "Cancelados" }).click();
    await expect(page.getByRole("heading", { name: paid.name })).toBeHidden();
    await expect(card).toBeHidden();
    await page.getByRole("combobox", { name: "Filtrar por status" }).click();
    await page.getByRole("option", { name: "Todos" }).click();
  });

  await test.step("an appointment with a payment is refused with the reason, and stays", async () => {
    const dialog = await openDetails(page, paid.name);
    await dialog.getByRole("button", { name: "Excluir (lançado por engano)" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Excluir compromisso?" });
    await confirm.getByRole("button", { name: "Excluir compromisso" }).click();
    await expect(toastWith(page, "tem pagamento registrado e não pode ser excluído").first()).toBeVisible();
    await confirm.getByRole("button", { name: "Voltar" }).click();
    await expect(page.getByRole("heading", { name: paid.name })).toBeVisible();
  });
});
