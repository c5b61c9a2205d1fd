import { readFileSync } from "node:fs";
import { test, type Page } from "@playwright/test";
import { axeFindings } from "./axe";
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, PROFESSIONAL, screenshot, signInViaApi } from "./fixtures";
import { chooseOption, expect, expectToast, uniqueSuffix } from "./patients-tasks-helpers";

/** `date` and `time` in São Paulo (the demo professional's zone) `hoursAgo` hours before now, on the hour. */
function saoPauloHoursAgo(hoursAgo: number) {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", hourCycle: "h23" }).formatToParts(
    new Date(Date.now() - hoursAgo * 3_600_000),
  );
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return { date: `${part("year")}-${part("month")}-${part("day")}`, time: `${part("hour")}:00` };
}

/**
 * A patient of the demo professional with a session concluded a few hours ago (within the 24 hours a draft stays
 * open), through the API; an hour the demo agenda already holds is skipped.
 */
async function patientWithConcludedSession(page: Page, session: string, name: string) {
  const headers = { "X-Session-ID": session };
  const patient = await page.request.post("/api/patients", { headers, data: { name } });
  expect(patient.status()).toBe(201);
  const { id } = (await patient.json()) as { id: string };
  for (let hoursAgo = 2; hoursAgo < 20; hoursAgo++) {
    const { date, time } = saoPauloHoursAgo(hoursAgo);
    const appointment = await page.request.post("/api/appointments", {
      headers,
      data: { patient_id: id, appointment_date: date, appointment_time: time, duration: 30, appointment_type: "Sessão", status: "completed" },
    });
    if (appointment.status() === 201) return { patientId: id, appointment: (await appointment.json()) as { id: string; starts_at: string } };
    expect(appointment.status()).toBe(409);
  }
  throw new Error("no free hour in the last 20 hours");
}

test.describe("Prontuário", () => {
  test.describe.configure({ timeout: 180_000 });

  test("writes an evolução from a concluded session, survives a reload, finalises, adds an adendo, prints and shows Acessos", async ({ page }) => {
    await page.setViewportSize(DESKTOP_VIEWPORT);
    const session = await signInViaApi(page, PROFESSIONAL);
    const name = `Rita Prontuário ${uniqueSuffix()}`;
    const { patientId, appointment } = await patientWithConcludedSession(page, session, name);

    // "Registrar evolução" on the concluded appointment opens the page with the session pre-filled.
    await page.goto(`/pacientes/prontuario?${new URLSearchParams({ paciente: patientId, compromisso: appointment.id, inicio: appointment.starts_at })}`);
    await expect(page.getByRole("heading", { name: `Prontuário de ${name}` })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Nova entrada" })).toBeVisible();
    await chooseOption(page, "Modalidade", "Presencial");
    await page.getByRole("textbox", { name: "Resumo da sessão" }).fill("Paciente relata melhora do sono.");
    await expect(page.getByRole("status").filter({ hasText: /Rascunho salvo às/ })).toBeVisible();
    await expect(page).toHaveURL(/rascunho=/);

    // Mid-text reload: what was typed after the last save is still there.
    await page.getByRole("textbox", { name: "Intervenções e técnicas" }).fill("Respiração diafragmática");
    await page.reload();
    await expect(page.getByRole("heading", { name: "Continuar rascunho" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Intervenções e técnicas" })).toHaveValue("Respiração diafragmática");
    await expect(page.getByRole("textbox", { name: "Resumo da sessão" })).toHaveValue("Paciente relata melhora do sono.");

    for (const size of [DESKTOP_VIEWPORT, PHONE_VIEWPORT]) {
      await page.setViewportSize(size);
      expect(await axeFindings(page, `prontuário editor ${size.width}`)).toEqual([]);
      await screenshot(page, `records-editor-${size.width}`);
    }
    await page.setViewportSize(DESKTOP_VIEWPORT);

    // Finalizar explains what locking means, then locks.
    await page.getByRole("button", { name: "Finalizar" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Finalizar esta entrada?" });
    await expect(confirm).toContainText("bloqueada para sempre");
    await confirm.getByRole("button", { name: "Finalizar" }).click();
    await expectToast(page, "Entrada finalizada");
    const entries = page.getByRole("list", { name: "Entradas do prontuário" });
    await expect(entries.getByText(/^Finalizada/)).toBeVisible();
    await expect(entries).toContainText("Respiração diafragmática");

    // An adendo sits under the original, which stays as it was.
    await entries.getByRole("button", { name: "Adendo" }).click();
    const addendum = page.getByRole("alertdialog", { name: "Registrar adendo" });
    await addendum.getByRole("textbox", { name: "Motivo" }).fill("Complemento");
    await addendum.getByRole("textbox", { name: "Texto do adendo" }).fill("Tarefa de casa: diário do sono.");
    await addendum.getByRole("button", { name: "Registrar adendo" }).click();
    await expectToast(page, "Adendo registrado");
    await expect(entries.getByRole("list", { name: "Adendos" })).toContainText("Tarefa de casa: diário do sono.");

    // The PDF downloads; the print is logged under Acessos.
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Baixar PDF" }).click();
    expect((await download).suggestedFilename()).toMatch(/^prontuario-.*\.pdf$/);
    await page.getByRole("tab", { name: "Acessos" }).click();
    const access = page.getByRole("list", { name: "Acessos ao prontuário" });
    await expect(access).toContainText("Imprimiu ou baixou o prontuário em PDF");
    await expect(access).toContainText("Abriu o prontuário");

    for (const size of [DESKTOP_VIEWPORT, PHONE_VIEWPORT]) {
      await page.setViewportSize(size);
      await page.getByRole("tab", { name: "Linha do tempo" }).click();
      expect(await axeFindings(page, `prontuário linha do tempo ${size.width}`)).toEqual([]);
      await screenshot(page, `records-timeline-${size.width}`);
      await page.getByRole("tab", { name: "Acessos" }).click();
      expect(await axeFindings(page, `prontuário acessos ${size.width}`)).toEqual([]);
    }
  });
});

test.describe("Sessões sem evolução", () => {
  test.describe.configure({ timeout: 180_000 });

  test("the Painel lists a concluded session with no entry, opens it pre-filled, and drops it once the evolução is started", async ({ page }) => {
    await page.setViewportSize(DESKTOP_VIEWPORT);
    const session = await signInViaApi(page, PROFESSIONAL);
    const name = `Sara Pendente ${uniqueSuffix()}`;
    const { patientId, appointment } = await patientWithConcludedSession(page, session, name);

    await page.goto("/painel");
    const card = page.getByRole("list", { name: "Sessões sem evolução" });
    const link = card.getByRole("link", { name: new RegExp(`^Registrar evolução de ${name}`) });
    await expect(link).toBeVisible();
    for (const size of [DESKTOP_VIEWPORT, PHONE_VIEWPORT]) {
      await page.setViewportSize(size);
      await expect(link).toBeVisible();
      expect(await axeFindings(page, `painel sessões sem evolução ${size.width}`)).toEqual([]);
      await screenshot(page, `records-pending-sessions-${size.width}`);
    }
    await page.setViewportSize(DESKTOP_VIEWPORT);

    await link.click();
    await expect(page).toHaveURL(new RegExp(`paciente=${patientId}.*compromisso=${appointment.id}`));
    await expect(page.getByRole("heading", { name: `Prontuário de ${name}` })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Nova entrada" })).toBeVisible();
    await chooseOption(page, "Modalidade", "Online");
    await page.getByRole("textbox", { name: "Resumo da sessão" }).fill("Sessão de acolhimento.");
    await expect(page.getByRole("status").filter({ hasText: /Rascunho salvo às/ })).toBeVisible();

    // A PDF attached to the draft is listed with it and downloads through the server.
    await page.getByLabel("Anexar arquivo").setInputFiles({ name: "encaminhamento.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") });
    await expectToast(page, "Arquivo anexado");
    const files = page.getByRole("list", { name: "Arquivos da entrada" }).first();
    await expect(files).toContainText("encaminhamento.pdf");
    expect(await axeFindings(page, "prontuário arquivos 1440")).toEqual([]);
    const download = page.waitForEvent("download");
    await files.getByRole("button", { name: "Baixar encaminhamento.pdf" }).click();
    expect((await download).suggestedFilename()).toBe("encaminhamento.pdf");

    await page.goto("/painel");
    await expect(page.getByRole("heading", { name: "Painel" })).toBeVisible();
    await expect(page.getByRole("link", { name: new RegExp(`^Registrar evolução de ${name}`) })).toHaveCount(0);
  });
});

test.describe("Modelos próprios", () => {
  test.describe.configure({ timeout: 180_000 });

  test("makes a template, writes an entry with it, and editing it makes version 2 while the entry keeps version 1", async ({ page }) => {
    await page.setViewportSize(DESKTOP_VIEWPORT);
    const session = await signInViaApi(page, PROFESSIONAL);
    const name = `Tina Modelo ${uniqueSuffix()}`;
    const templateName = `Avaliação vocal ${uniqueSuffix()}`;
    const patient = await page.request.post("/api/patients", { headers: { "X-Session-ID": session }, data: { name } });
    const { id: patientId } = (await patient.json()) as { id: string };

    await page.goto(`/pacientes/prontuario?paciente=${patientId}`);
    await page.getByRole("button", { name: "Modelos" }).click();
    const dialog = page.getByRole("dialog", { name: "Modelos próprios" });
    await dialog.getByRole("button", { name: "Novo modelo" }).click();
    const form = page.getByRole("dialog", { name: "Novo modelo" });
    await form.getByRole("textbox", { name: "Nome do modelo" }).fill(templateName);
    await chooseOption(page, "Tipo de registro", "Avaliação");
    await form.getByRole("textbox", { name: "Nome do campo 1" }).fill("Queixa");
    await form.getByRole("checkbox", { name: "Obrigatório para finalizar" }).check();
    await form.getByRole("button", { name: "Adicionar campo" }).click();
    await form.getByRole("textbox", { name: "Nome do campo 2" }).fill("Escore");
    await chooseOption(page, "Tipo do campo 2", "Número");
    await form.getByRole("button", { name: "Adicionar campo" }).click();
    await form.getByRole("textbox", { name: "Nome do campo 3" }).fill("Modalidade");
    await chooseOption(page, "Tipo do campo 3", "Escolha");
    await form.getByRole("textbox", { name: "Opções do campo 3" }).fill("Presencial\nOnline");
    for (const size of [DESKTOP_VIEWPORT, PHONE_VIEWPORT]) {
      await page.setViewportSize(size);
      expect(await axeFindings(page, `modelo próprio ${size.width}`)).toEqual([]);
      await screenshot(page, `records-template-form-${size.width}`);
    }
    await page.setViewportSize(DESKTOP_VIEWPORT);
    await form.getByRole("button", { name: "Salvar modelo" }).click();
    await expectToast(page, "Modelo salvo");
    const list = page.getByRole("list", { name: "Modelos próprios" });
    await expect(list.getByRole("listitem").filter({ hasText: templateName })).toContainText("3 campos · versão 1");
    await page.keyboard.press("Escape");

    // An entry written with it.
    await page.getByRole("button", { name: "Nova entrada" }).click();
    await chooseOption(page, "Tipo de registro", templateName);
    await page.getByRole("textbox", { name: "Queixa" }).fill("Rouquidão ao fim do dia");
    await page.getByRole("textbox", { name: "Escore" }).fill("7,5");
    await chooseOption(page, "Modalidade", "Online");
    await expect(page.getByRole("status").filter({ hasText: /Rascunho salvo às/ })).toBeVisible();
    await page.getByRole("button", { name: "Finalizar" }).click();
    await page.getByRole("alertdialog", { name: "Finalizar esta entrada?" }).getByRole("button", { name: "Finalizar" }).click();
    await expectToast(page, "Entrada finalizada");
    const entries = page.getByRole("list", { name: "Entradas do prontuário" });
    await expect(entries).toContainText("Rouquidão ao fim do dia");
    await expect(entries).toContainText("7.5");

    // Editing the template makes version 2; the finalised entry still says version 1 on the server.
    await page.getByRole("button", { name: "Modelos" }).click();
    await page.getByRole("button", { name: `Editar modelo ${templateName}` }).click();
    const edit = page.getByRole("dialog", { name: `Editar modelo: ${templateName}` });
    await edit.getByRole("textbox", { name: "Nome do campo 1" }).fill("Queixa principal");
    await edit.getByRole("button", { name: "Salvar modelo" }).click();
    await expectToast(page, "Modelo salvo");
    await expect(page.getByRole("list", { name: "Modelos próprios" }).getByRole("listitem").filter({ hasText: templateName })).toContainText("versão 2");
    const timeline = await page.request.get(`/api/patients/${patientId}/records`, { headers: { "X-Session-ID": session } });
    const [entry] = ((await timeline.json()) as { items: { template_version: number; fields: Record<string, unknown> }[] }).items;
    expect(entry).toMatchObject({ template_version: 1, fields: { queixa: "Rouquidão ao fim do dia", escore: 7.5, modalidade: "Online" } });
  });
});

test.describe("O prontuário na exportação do paciente", () => {
  test.describe.configure({ timeout: 180_000 });

  test("the export carries the prontuário and leaves the registro sigiloso out unless ticked", async ({ page }) => {
    await page.setViewportSize(DESKTOP_VIEWPORT);
    const session = await signInViaApi(page, PROFESSIONAL);
    const headers = { "X-Session-ID": session };
    const name = `Lia Exportação ${uniqueSuffix()}`;
    const patient = await page.request.post("/api/patients", { headers, data: { name } });
    const { id: patientId } = (await patient.json()) as { id: string };
    const sessionAt = new Date(Date.now() - 3_600_000).toISOString();
    for (const [visibility, text] of [["prontuario", "Evolução compartilhável"], ["sigiloso", "Hipótese reservada"]]) {
      const res = await page.request.post(`/api/patients/${patientId}/records`, { headers, data: { kind: "evolucao", free_text: text, session_at: sessionAt, visibility } });
      expect(res.status()).toBe(201);
    }

    await page.goto("/pacientes");
    await page.getByRole("searchbox", { name: "Buscar pacientes" }).fill(name);
    await page.getByRole("article", { name }).getByRole("button", { name: `Privacidade e dados (LGPD) de ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Privacidade e dados (LGPD)" });
    const htmlDownload = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Exportar dados do paciente" }).click();
    const html = readFileSync((await (await htmlDownload).path())!, "utf8");
    expect(html).toContain("Prontuário (1)");
    expect(html).toContain("Evolução compartilhável");
    expect(html).not.toContain("Hipótese reservada");

    const tick = dialog.getByRole("checkbox", { name: /Incluir os registros documentais sigilosos/ });
    await tick.check();
    for (const size of [DESKTOP_VIEWPORT, PHONE_VIEWPORT]) {
      await page.setViewportSize(size);
      expect(await axeFindings(page, `exportação com sigilosos ${size.width}`)).toEqual([]);
    }
    const jsonDownload = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Baixar em JSON" }).click();
    const json = JSON.parse(readFileSync((await (await jsonDownload).path())!, "utf8")) as { records: { included_confidential: boolean; entries: { free_text: string }[] } };
    expect(json.records.included_confidential).toBe(true);
    expect(json.records.entries.map((e) => e.free_text).sort()).toEqual(["Evolução compartilhável", "Hipótese reservada"]);
  });
});

test.describe("Prontuários após o prazo de guarda", () => {
  test.describe.configure({ timeout: 120_000 });

  // No record in the demo is 20 years old, so the due list and the elimination are answered here: this checks the
  // screen; the API itself is covered by record-elimination.api.test.ts with the injected clock.
  test("the Painel lists a record past retention and eliminates it only after a confirmation that explains it", async ({ page }) => {
    await page.setViewportSize(DESKTOP_VIEWPORT);
    await signInViaApi(page, PROFESSIONAL);
    const patientId = "7b0c5a52-5d1e-4e0c-9c8e-7c2f0e6f9a11";
    let eliminated = false;
    await page.route("**/api/records/elimination/due", (route) =>
      route.fulfill({
        json: {
          retention_years: 20,
          items: eliminated ? [] : [{ patient_id: patientId, patient_name: "Olga Antiga", entries: 12, last_entry_at: "2005-03-10T13:00:00.000Z", retained_until: "2025-03-10T13:00:00.000Z" }],
        },
      }),
    );
    await page.route(`**/api/patients/${patientId}/records/eliminate`, async (route) => {
      expect(route.request().postDataJSON()).toEqual({ confirm: true });
      eliminated = true;
      await route.fulfill({ json: { id: "1d7c5a52-5d1e-4e0c-9c8e-7c2f0e6f9a12", patient_id: patientId, entries: 12, last_entry_at: "2005-03-10T13:00:00.000Z", eliminated_by: "Dra. Ana Souza", eliminated_at: new Date().toISOString() } });
    });

    await page.goto("/painel");
    const list = page.getByRole("list", { name: "Prontuários após o prazo de guarda" });
    await expect(list).toContainText("Olga Antiga");
    await expect(list).toContainText("12 entradas · última em 10/03/2005 · guarda até 10/03/2025");
    for (const size of [DESKTOP_VIEWPORT, PHONE_VIEWPORT]) {
      await page.setViewportSize(size);
      expect(await axeFindings(page, `painel prontuários após a guarda ${size.width}`)).toEqual([]);
    }
    await page.setViewportSize(DESKTOP_VIEWPORT);
    await list.getByRole("button", { name: "Eliminar prontuário de Olga Antiga" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Eliminar este prontuário?" });
    await expect(confirm).toContainText("termo de eliminação");
    await confirm.getByRole("button", { name: "Eliminar prontuário" }).click();
    await expectToast(page, "Prontuário eliminado; o termo de eliminação foi registrado");
    await expect(page.getByRole("list", { name: "Prontuários após o prazo de guarda" })).toHaveCount(0);
  });
});
