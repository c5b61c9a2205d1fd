import { readFileSync } from "node:fs";
import { generateCpf } from "@clinora/contracts";
import { test, type Page } from "@playwright/test";
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, PROFESSIONAL, screenshot, signInViaApi } from "./fixtures";
import { chooseOption, expect, expectToast, uniqueSuffix } from "./patients-tasks-helpers";

const shot = (page: Page, name: string) => screenshot(page, name, { fullPage: false });

/** A new patient of the demo professional, through the API with the page's session. */
async function createPatient(page: Page, session: string, name: string) {
  const phone = `119${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  const res = await page.request.post("/api/patients", {
    headers: { "X-Session-ID": session },
    data: { name, phone, cpf: generateCpf(Math.random), email: `lgpd.${uniqueSuffix()}@exemplo.com.br`, notes: "Paciente criado pelo teste de LGPD" },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; phone: string; cpf: string };
}

async function openPrivacy(page: Page, name: string, check?: (card: ReturnType<Page["getByRole"]>) => Promise<void>) {
  await page.getByRole("searchbox", { name: "Buscar pacientes" }).fill(name);
  const card = page.getByRole("article", { name });
  await expect(card).toBeVisible();
  // Checked before the dialog opens: a modal hides the page behind it from the accessibility tree.
  await check?.(card);
  await card.getByRole("button", { name: `Privacidade e dados (LGPD) de ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Privacidade e dados (LGPD)" });
  await expect(dialog).toBeVisible();
  return { card, dialog };
}

test.describe("Privacidade e dados do paciente (LGPD)", () => {
  test.describe.configure({ timeout: 120_000 });

  test("exports the patient's data, shows the access history, records consent and anonymises with confirmation", async ({ page }) => {
    const session = await signInViaApi(page, PROFESSIONAL);
    const name = `Valéria Titular ${uniqueSuffix()}`;
    await createPatient(page, session, name);
    await page.goto("/pacientes");
    const { card, dialog } = await openPrivacy(page, name);

    // Exportar: one click gives the printable document, another the JSON.
    const htmlDownload = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Exportar dados do paciente" }).click();
    const html = await htmlDownload;
    expect(html.suggestedFilename()).toMatch(/^dados-paciente-.*\.html$/);
    const htmlText = readFileSync((await html.path())!, "utf8");
    expect(htmlText).toContain(`Dados do paciente: ${name}`);
    expect(htmlText).toContain("Histórico de acesso");
    await expectToast(page, "Dados do paciente exportados");
    const jsonDownload = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Baixar em JSON" }).click();
    const json = JSON.parse(readFileSync((await (await jsonDownload).path())!, "utf8"));
    expect(json.patient.name).toBe(name);

    // Histórico de acesso: the exports and the creation, with the professional's name.
    await dialog.getByRole("tab", { name: "Histórico de acesso" }).click();
    const history = dialog.getByRole("list", { name: "Histórico de acesso" });
    await expect(history.getByText("Exportou os dados do paciente").first()).toBeVisible();
    await expect(history.getByText("Cadastrou o paciente")).toBeVisible();
    await expect(history).toContainText("Dra. Ana Souza");

    // Consentimento: the professional records a withdrawal; the card shows it.
    await dialog.getByRole("tab", { name: "Consentimento" }).click();
    const reminders = dialog.getByRole("list", { name: "Consentimento por canal" }).getByRole("listitem").filter({ hasText: "Lembretes de consulta no WhatsApp" });
    await expect(reminders.getByText("Não registrado")).toBeVisible();
    await reminders.getByRole("button", { name: "Alterar" }).click();
    await chooseOption(page, "Situação", "Consentimento retirado");
    await chooseOption(page, "Como", "Por telefone");
    await reminders.getByRole("button", { name: "Registrar" }).click();
    await expectToast(page, "Consentimento registrado");
    // The form closes once the lists are fresh again (its button reads "Salvando..." until then).
    await expect(reminders.getByRole("combobox", { name: "Situação" })).toBeHidden();
    await expect(reminders.getByText("Consentimento retirado")).toBeVisible();
    await expect(dialog.getByRole("list", { name: "Histórico de consentimento" })).toContainText("Por telefone");
    await expect(dialog.getByRole("status")).toContainText("Consentimento retirado: lembretes de consulta no whatsapp");

    // Anonimizar: a confirmation that says it cannot be undone.
    await dialog.getByRole("tab", { name: "Anonimizar" }).click();
    await dialog.getByRole("button", { name: "Anonimizar paciente" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Anonimizar este paciente?" });
    await expect(confirm).toContainText("não pode ser desfeita");
    await confirm.getByRole("button", { name: "Anonimizar definitivamente" }).click();
    await expectToast(page, "Paciente anonimizado");
    await expect(dialog).toBeHidden();
    await expect(card).toBeHidden();
    await page.getByRole("searchbox", { name: "Buscar pacientes" }).fill(name);
    await expect(page.getByText("Nenhum paciente encontrado")).toBeVisible();
  });

  for (const viewport of [
    { name: "desktop", size: DESKTOP_VIEWPORT },
    { name: "phone", size: PHONE_VIEWPORT },
  ]) {
    test(`screenshots ${viewport.name}`, async ({ page }) => {
      await page.setViewportSize(viewport.size);
      const session = await signInViaApi(page, PROFESSIONAL);
      const name = `Sofia Privacidade ${uniqueSuffix()}`;
      const patient = await createPatient(page, session, name);
      const consent = await page.request.post(`/api/patients/${patient.id}/consents`, {
        headers: { "X-Session-ID": session },
        data: { channel: "whatsapp_assistant", status: "withdrawn", method: "written", note: "Termo assinado" },
      });
      expect(consent.status(), await consent.text()).toBe(200);
      await page.goto("/pacientes");
      const { dialog } = await openPrivacy(page, name, (card) => expect(card.getByText("WhatsApp: não enviar")).toBeVisible());
      await shot(page, `${viewport.name}-patient-privacy-export`);
      await dialog.getByRole("tab", { name: "Consentimento" }).click();
      await expect(dialog.getByRole("list", { name: "Histórico de consentimento" })).toContainText("Termo assinado");
      await shot(page, `${viewport.name}-patient-privacy-consent`);
      await dialog.getByRole("tab", { name: "Histórico de acesso" }).click();
      await expect(dialog.getByRole("list", { name: "Histórico de acesso" })).toBeVisible();
      await shot(page, `${viewport.name}-patient-privacy-access`);
      await dialog.getByRole("tab", { name: "Anonimizar" }).click();
      await dialog.getByRole("button", { name: "Anonimizar paciente" }).click();
      await expect(page.getByRole("alertdialog")).toBeVisible();
      await shot(page, `${viewport.name}-patient-privacy-anonymize`);
    });
  }
});
