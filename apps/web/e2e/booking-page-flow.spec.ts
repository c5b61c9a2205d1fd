import { readFileSync } from "node:fs";
import { expect as baseExpect, test, type APIRequestContext, type Page } from "@playwright/test";
import { FIRST_LOAD_MS, PHONE_VIEWPORT, PROFESSIONAL, screenshot, signInViaApi, toastWith } from "./fixtures";

// The flows share a busy machine with other suites: first paints can take several seconds.
const expect = baseExpect.configure({ timeout: 15_000 });
test.setTimeout(180_000);

/**
 * The public booking page end to end (docs/decisions/028): the professional turns the page on in
 * Configurações › Consultas, a patient opens its address on a phone, picks a free time and books it with name,
 * WhatsApp and consent; the professional then finds the pending appointment in Compromissos marked "Agendado pela
 * página". The e2e server's Twilio is the local stand-in on the next port: the patient's phone. It has no approved
 * message template, so the confirmation goes as free text to a patient who wrote in the last 24 hours: this patient
 * first asks the clinic on WhatsApp how to book, as one who got the link there would.
 */
const DESKTOP = { width: 1366, height: 800 };
const phoneUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? "3100") + 1}/_stand-in`;
const ANA_NUMBER = "whatsapp:+5511940000001";

const randomDigits = (n: number) => String(Math.floor(10 ** (n - 1) + Math.random() * 9 * 10 ** (n - 1)));

async function sentTo(request: APIRequestContext, phone: string): Promise<{ body: string }[]> {
  const res = await request.get(`${phoneUrl}/sent?to=${encodeURIComponent(`whatsapp:${phone}`)}`);
  return ((await res.json()) as { messages: { body: string }[] }).messages;
}

const todayInSaoPaulo = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());

/** Whole days from today (São Paulo) to `date` (YYYY-MM-DD). */
function daysFromToday(date: string): number {
  return Math.round((Date.parse(`${date}T12:00:00Z`) - Date.parse(`${todayInSaoPaulo()}T12:00:00Z`)) / 86_400_000);
}

/** Saves the demo professional's page settings as given (the read-only address left out). */
async function restore(page: Page, session: string, original: Record<string, unknown>): Promise<void> {
  const { url: _url, ...input } = original;
  const res = await page.request.put("/api/booking-page", { headers: { "X-Session-ID": session }, data: input });
  expect(res.status()).toBe(200);
}

test("the professional turns the booking page on, a patient books on a phone, and Compromissos shows 'Agendado pela página'", async ({ page, browser, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  // 'Imprimir' prints from a hidden frame: the print dialog is replaced by a note of what would be printed.
  await context.addInitScript(() => {
    window.print = () => {
      (window.top as unknown as { printed?: string }).printed = document.body.innerText;
    };
  });
  await page.setViewportSize(DESKTOP);
  const session = await signInViaApi(page, PROFESSIONAL);
  const original = (await (await page.request.get("/api/booking-page", { headers: { "X-Session-ID": session } })).json()) as Record<string, unknown>;
  // Another flow may have left the page on: this one starts from a page that is off.
  await restore(page, session, { ...original, enabled: false, appointment_types: [{ name: "Consulta", duration: 50 }] });

  try {
    // ── Configurações › Consultas › Página de agendamento ───────────────────────────────────────────────
    await page.goto("/configuracoes");
    await page.getByRole("tab", { name: "Consultas" }).click();
    const card = page.getByRole("region", { name: "Página de agendamento" });
    await expect(card.getByRole("img", { name: /^QR code do endereço/ })).toBeVisible({ timeout: FIRST_LOAD_MS });
    const toggle = card.getByRole("switch", { name: "Receber agendamentos pela página" });
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await expect(card.getByText("A página está desativada")).toBeVisible();

    // Wrong input is named in Portuguese next to its field, and nothing is saved.
    const slugField = card.getByRole("textbox", { name: "Endereço da página" });
    await slugField.fill("-Minha Página");
    await card.getByLabel("Antecedência mínima (horas)").fill("200");
    await card.getByRole("textbox", { name: "Nome do tipo 1" }).fill("");
    await card.getByRole("button", { name: "Salvar página de agendamento" }).click();
    await expect(card.getByText("Use de 3 a 40 letras minúsculas, números ou hífens (sem hífen no início ou no fim).")).toBeVisible();
    await expect(card.getByText("A antecedência máxima é de 168 horas.")).toBeVisible();
    await expect(card.getByText("Informe o nome do tipo de consulta.")).toBeVisible();
    await expect(slugField).toBeFocused();
    await expect(slugField).toHaveAttribute("aria-invalid", "true");

    // Keyboard: the switch turns the page on; a second consultation type is added and filled.
    const slug = `agenda-e2e-${randomDigits(6)}`;
    const firstSlug = `${slug}-antiga`;
    await toggle.focus();
    await page.keyboard.press("Space");
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await expect(card.getByText("Ativada", { exact: true })).toBeVisible();
    await slugField.fill(firstSlug);
    await card.getByLabel("Antecedência mínima (horas)").fill("1");
    await card.getByLabel("Agenda aberta para os próximos (dias)").fill("21");
    await card.getByRole("textbox", { name: "Nome do tipo 1" }).fill("Consulta");
    await card.getByRole("button", { name: "Adicionar tipo" }).click();
    const secondName = card.getByRole("textbox", { name: "Nome do tipo 2" });
    await expect(secondName).toBeFocused();
    await page.keyboard.type("Primeira consulta");
    await card.getByRole("spinbutton", { name: "Duração (min) do tipo 2" }).fill("60");
    // A third one, added and removed by keyboard: focus stays in the list, on the row before.
    await card.getByRole("button", { name: "Adicionar tipo" }).press("Enter");
    await expect(card.getByRole("textbox", { name: "Nome do tipo 3" })).toBeFocused();
    await card.getByRole("button", { name: "Remover tipo 3" }).focus();
    await page.keyboard.press("Enter");
    await expect(card.getByRole("textbox", { name: "Nome do tipo 3" })).toHaveCount(0);
    await expect(secondName).toBeFocused();
    await expect(card.getByText("2 de 10")).toBeVisible();
    await card.getByRole("button", { name: "Salvar página de agendamento" }).click();
    await expect(toastWith(page, "Página de agendamento atualizada!")).toBeVisible();

    const link = card.getByRole("textbox", { name: "Link da página" });
    const firstUrl = `${baseURL}/agendar/${firstSlug}`;
    await expect(link).toHaveValue(firstUrl);
    await expect(card.getByText("A página está desativada")).toHaveCount(0);
    const saved = (await (await page.request.get("/api/booking-page", { headers: { "X-Session-ID": session } })).json()) as Record<string, unknown>;
    expect(saved).toMatchObject({ enabled: true, slug: firstSlug, min_notice_hours: 1, days_ahead: 21, appointment_types: [{ name: "Consulta" }, { name: "Primeira consulta", duration: 60 }] });

    // Now that the page is public, a new address asks first: the old link and QR code stop working.
    await slugField.fill(slug);
    await card.getByRole("button", { name: "Salvar página de agendamento" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Mudar o endereço da página?" });
    await expect(confirm).toContainText(`O link ${firstUrl} e o QR code atual deixam de funcionar.`);
    await screenshot(page, `booking-page-settings-move-address-desktop`);
    await confirm.getByRole("button", { name: "Cancelar" }).click();
    await expect(confirm).toBeHidden();
    await expect(link).toHaveValue(firstUrl);
    await card.getByRole("button", { name: "Salvar página de agendamento" }).click();
    await confirm.getByRole("button", { name: "Mudar endereço" }).click();
    await expect(toastWith(page, "Página de agendamento atualizada!").last()).toBeVisible();
    const url = `${baseURL}/agendar/${slug}`;
    await expect(link).toHaveValue(url);
    expect((await page.request.get(`/api/public/booking/${firstSlug}`)).status()).toBe(404);
    await card.scrollIntoViewIfNeeded();
    await screenshot(card, `booking-page-settings-desktop`);

    // Share: copy the link, open it, download and print the QR code.
    await card.getByRole("button", { name: "Copiar link" }).click();
    await expect(toastWith(page, "Copiado para a área de transferência!")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await expect(card.getByRole("link", { name: /^Abrir página/ })).toHaveAttribute("href", url);
    await expect(card.getByRole("link", { name: /^Abrir página/ })).toHaveAttribute("target", "_blank");
    const download = page.waitForEvent("download");
    await card.getByRole("button", { name: "Baixar QR code" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`qr-code-agendamento-${slug}.svg`);
    expect(readFileSync((await file.path())!, "utf8")).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    await card.getByRole("button", { name: "Imprimir" }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed?: string }).printed ?? "")).toContain("Agende sua consulta");
    expect(await page.evaluate(() => (window as unknown as { printed?: string }).printed)).toContain(url);

    // ── The patient, on a phone, opens the address ──────────────────────────────────────────────────────
    const phoneContext = await browser.newContext({ viewport: PHONE_VIEWPORT, locale: "pt-BR", timezoneId: "America/Sao_Paulo", isMobile: true, hasTouch: true });
    const patient = await phoneContext.newPage();
    const name = `Paula Página ${randomDigits(4)}`;
    const phone = `+55119${randomDigits(8)}`;
    let picked: { date: string; time: string };
    const wrote = await page.request.post(`${phoneUrl}/inbound`, { data: { from: phone, to: ANA_NUMBER, body: "Oi! Como faço para agendar?", profileName: name } });
    expect((await wrote.json()).status).toBe(200);
    try {
      await patient.goto(url);
      await expect(patient.getByRole("heading", { level: 1 })).not.toHaveText("Agendar consulta");
      // Picking the type loads its own free times (a longer consultation fits in fewer places).
      const timesOfType = patient.waitForResponse((res) => /\/times\?type=1\b/.test(res.url()) && res.ok());
      await patient.getByRole("radio", { name: /Primeira consulta/ }).check();
      await timesOfType;
      const firstTime = patient.locator("#bk-times").getByRole("radio").first();
      await expect(firstTime).toBeVisible();
      await firstTime.check();
      picked = { date: await patient.getByLabel("Dia", { exact: true }).inputValue(), time: await firstTime.inputValue() };
      await patient.getByLabel("Nome completo").fill(name);
      await patient.getByRole("textbox", { name: "WhatsApp com DDD", exact: true }).fill(`(11) 9${phone.slice(6, 10)}-${phone.slice(10)}`);
      await patient.getByLabel("Autorizo receber pelo WhatsApp a confirmação e os lembretes desta consulta.").check();
      await screenshot(patient, `booking-page-patient-form-phone`);
      await patient.getByRole("button", { name: "Agendar" }).click();
      const done = patient.getByRole("region", { name: "Horário reservado" });
      await expect(done).toBeVisible();
      await expect(done.getByRole("heading", { name: "Horário reservado" })).toBeFocused();
      await expect(done).toContainText("Seu horário foi reservado e aguarda confirmação da clínica");
      await expect(done).toContainText(picked.time);
      await screenshot(patient, `booking-page-patient-done-phone`);
    } finally {
      await phoneContext.close();
    }

    // The confirmation reaches the patient's WhatsApp.
    await expect
      .poll(async () => (await sentTo(page.request, phone)).find((m) => m.body.startsWith("Recebemos seu agendamento"))?.body ?? "", { timeout: 30_000 })
      .toMatch(new RegExp(`^Recebemos seu agendamento: Primeira consulta em .*${picked.time}.*aguarda a confirmação da clínica`));

    // ── The professional sees it in Compromissos ─────────────────────────────────────────────────────────
    await page.goto("/compromissos");
    await expect(page.getByRole("heading", { level: 1, name: "Compromissos" })).toBeVisible();
    const entry = page.getByRole("listitem").filter({ hasText: name });
    // The list shows the current month; a time early next month is one step ahead.
    if (picked.date.slice(0, 7) !== todayInSaoPaulo().slice(0, 7)) {
      await page.getByRole("button", { name: "Próximo mês" }).click();
    }
    await expect(entry.getByText("Agendado pela página")).toBeVisible({ timeout: FIRST_LOAD_MS });
    await expect(entry.getByText("Pendente")).toBeVisible();
    await expect(entry).toContainText("Primeira consulta");
    await expect(entry).toContainText(picked.time);
    await entry.scrollIntoViewIfNeeded();
    await screenshot(page, `booking-page-compromissos-list-desktop`);

    // The day's timeline marks it the same way.
    await page.getByRole("tab", { name: "Linha do tempo" }).click();
    await page.getByRole("button", { name: "Hoje", exact: true }).click();
    for (let i = daysFromToday(picked.date); i > 0; i -= 1) await page.getByRole("button", { name: "Próximo dia" }).click();
    const block = page.getByRole("button", { name: new RegExp(`${name}`) });
    await expect(block.getByText("Agendado pela página")).toBeVisible();
    await block.scrollIntoViewIfNeeded();
    await screenshot(page, `booking-page-compromissos-timeline-desktop`);

    // And at phone width.
    await page.setViewportSize(PHONE_VIEWPORT);
    // The list follows the period of the day the timeline is on.
    await page.getByRole("tab", { name: "Lista" }).click();
    await expect(entry.getByText("Agendado pela página")).toBeVisible();
    await entry.scrollIntoViewIfNeeded();
    await screenshot(page, `booking-page-compromissos-list-phone`);

    // The settings card at phone width: the buttons two by two, the types stacked.
    await page.goto("/configuracoes");
    await page.getByRole("tab", { name: "Consultas" }).click();
    await expect(card.getByRole("img", { name: /^QR code do endereço/ })).toBeVisible({ timeout: FIRST_LOAD_MS });
    await expect(card.getByRole("textbox", { name: "Nome do tipo 2" })).toHaveValue("Primeira consulta");
    await screenshot(card, `booking-page-settings-phone`);
  } finally {
    await restore(page, session, original);
  }
});
