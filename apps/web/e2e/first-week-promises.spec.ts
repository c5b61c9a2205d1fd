import { expect as baseExpect, test, type Browser, type Page } from "@playwright/test";
import { PHONE_VIEWPORT, PROFESSIONAL, screenshot, signInViaApi, toastWith } from "./fixtures";

// The flows share a busy machine with other suites: first paints can take several seconds.
const expect = baseExpect.configure({ timeout: 15_000 });
test.setTimeout(180_000);

/**
 * A professional's first week (docs/decisions/033): nothing promised that cannot happen, failures that stay visible,
 * and a booking page that does not move after it appears. Visitors and patients browse in English in Tokyo: every
 * time shown must still be the practice's (São Paulo).
 */
const DESKTOP = { width: 1366, height: 800 };
const phoneUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? "3100") + 1}/_stand-in`;
const ANA_NUMBER = "whatsapp:+5511940000001";
const FAR_ZONE = "Asia/Tokyo";
const randomDigits = (n: number) => String(Math.floor(10 ** (n - 1) + Math.random() * 9 * 10 ** (n - 1)));

/** A visitor's browser: en-US, another time zone, CLS summed by a PerformanceObserver from the first paint on. */
async function visitor(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ locale: "en-US", timezoneId: FAR_ZONE, viewport });
  await context.addInitScript(() => {
    const w = window as unknown as { __cls: number; __shifted: string[] };
    w.__cls = 0;
    w.__shifted = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Element | null }[] }[]) {
        if (entry.hadRecentInput) continue;
        w.__cls += entry.value;
        for (const s of entry.sources ?? []) w.__shifted.push(`${s.node?.nodeName ?? "?"}#${s.node instanceof Element ? s.node.id || s.node.className : ""} ${entry.value.toFixed(3)}`);
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  return { context, page: await context.newPage() };
}
const cls = (page: Page) => page.evaluate(() => (window as unknown as { __cls: number }).__cls);

test("the booking page does not move after it appears, labels its times with the practice's zone, and says how to change or cancel", async ({ page, browser }) => {
  const session = await signInViaApi(page, PROFESSIONAL);
  const headers = { "X-Session-ID": session };
  const original = (await (await page.request.get("/api/booking-page", { headers })).json()) as Record<string, unknown>;
  const slug = `primeira-semana-${randomDigits(6)}`;
  const { url: _url, whatsapp_confirmation: _w, has_phone: _p, ...input } = original;
  expect((await page.request.put("/api/booking-page", { headers, data: { ...input, enabled: true, slug, min_notice_hours: 1 } })).status()).toBe(200);
  try {
    for (const [name, viewport] of [["phone", PHONE_VIEWPORT], ["desktop", DESKTOP]] as const) {
      const { context, page: patient } = await visitor(browser, viewport);
      await patient.goto(`/agendar/${slug}`);
      await expect(patient.getByRole("radiogroup", { name: /^Horários livres, horário de Brasília$/ })).toBeVisible();
      await expect(patient.getByText("(horário de Brasília)")).toBeVisible();
      // Let anything late (fonts, a second paint) land before reading the sum.
      await patient.waitForTimeout(1500);
      const shift = await cls(patient);
      const shifted = await patient.evaluate(() => (window as unknown as { __shifted: string[] }).__shifted);
      expect(shift, `CLS on ${name}: ${shifted.join(", ")}`).toBeLessThanOrEqual(0.02);
      await screenshot(patient, `first-week-booking-${name}`);
      await context.close();
    }

    // A patient books; the success screen says what happens next and how to change or cancel.
    const { context, page: patient } = await visitor(browser, PHONE_VIEWPORT);
    await patient.goto(`/agendar/${slug}`);
    const first = patient.getByRole("radiogroup", { name: /^Horários livres/ }).getByRole("radio").first();
    await first.check();
    await patient.getByLabel("Nome completo").fill(`Paciente Semana ${randomDigits(4)}`);
    await patient.getByLabel("WhatsApp com DDD").fill(`(11) 9${randomDigits(4)}-${randomDigits(4)}`);
    await patient.getByLabel(/^Autorizo receber pelo WhatsApp/).check();
    await patient.getByRole("button", { name: "Agendar" }).click();
    const done = patient.getByRole("region", { name: "Horário reservado" });
    await expect(done).toContainText("(horário de Brasília)");
    // Outside the patient's 24-hour window the e2e server has no template: no message goes, so none is to be answered.
    await expect(done).toContainText("que vai ligar para o número informado");
    await expect(done).toContainText(/Para remarcar ou cancelar, (ligue para|fale com a clínica)/);
    await expect(done).not.toContainText("responda à mensagem");
    await screenshot(patient, `first-week-booking-done-phone`);
    await context.close();

    // With no number that can send, the page promises a call instead (the page's answer says so).
    const { context: quiet, page: caller } = await visitor(browser, PHONE_VIEWPORT);
    await caller.route(`**/api/public/booking/${slug}`, async (route) => {
      const answer = await route.fetch();
      await route.fulfill({ response: answer, json: { ...(await answer.json()), whatsapp_confirmation: false, phone: "(11) 3214-5678" } });
    });
    await caller.goto(`/agendar/${slug}`);
    await expect(caller.getByLabel("Celular com DDD")).toBeVisible();
    await expect(caller.getByText("A clínica liga para este número para confirmar.")).toBeVisible();
    await expect(caller.getByText(/Remarque pelo WhatsApp/)).toBeHidden();
    await expect(caller.getByText("A confirmação chega por este WhatsApp.")).toBeHidden();
    await screenshot(caller, `first-week-booking-no-whatsapp-phone`);
    await quiet.close();
  } finally {
    const { url: _u, whatsapp_confirmation: _a, has_phone: _b, ...back } = original;
    await page.request.put("/api/booking-page", { headers, data: back });
  }
});

test("the web chat shows times in the practice's zone, and no typing dots when nobody answers at once", async ({ page, browser }) => {
  const session = await signInViaApi(page, PROFESSIONAL);
  const chatUrl = ((await (await page.request.get("/api/web-chat", { headers: { "X-Session-ID": session } })).json()) as { chat_url: string }).chat_url;
  const { context, page: chat } = await visitor(browser, PHONE_VIEWPORT);
  // The assistant is switched off for this visit (the clinic's answer says so).
  await chat.route("**/api/public/chat/clinics/*", async (route) => {
    if (route.request().method() !== "GET") return route.continue();
    const answer = await route.fetch();
    await route.fulfill({ response: answer, json: { ...(await answer.json()), assistant_on: false } });
  });
  await chat.goto(new URL(chatUrl).pathname);
  await chat.getByRole("textbox", { name: "Sua mensagem" }).fill("Olá, gostaria de saber o valor da consulta.");
  await chat.getByRole("button", { name: "Enviar" }).click();
  const mine = chat.locator(".chat-msg-visitor").last();
  await expect(mine).toContainText("valor da consulta");
  const shown = (await mine.locator("time").textContent()) ?? "";
  const sentAt = (await mine.locator("time").getAttribute("datetime")) ?? "";
  const inSaoPaulo = new Intl.DateTimeFormat("pt-BR", { hour: "2-digit", minute: "2-digit", timeZone: "America/Sao_Paulo" }).format(new Date(sentAt));
  const inTokyo = new Intl.DateTimeFormat("pt-BR", { hour: "2-digit", minute: "2-digit", timeZone: FAR_ZONE }).format(new Date(sentAt));
  expect(shown).toBe(inSaoPaulo);
  expect(shown).not.toBe(inTokyo);
  await chat.waitForTimeout(1000);
  await expect(chat.locator(".chat-typing")).toBeHidden();
  await screenshot(chat, `first-week-web-chat-phone`);
  await context.close();
});

test("a reply that failed keeps its mark in Conversas when resolved, offers no Reenviar for an invalid number, and can be dismissed", async ({ page }) => {
  const phone = `+55119${randomDigits(8)}`;
  const name = `Falha ${randomDigits(6)}`;
  await page.request.post(`${phoneUrl}/inbound`, { data: { from: `whatsapp:${phone}`, to: ANA_NUMBER, body: "Olá, bom dia", profileName: name } });
  // The number is refused from now on (HTTP 400, 21211: not a valid number).
  await page.request.post(`${phoneUrl}/fail-recipient`, { data: { to: `whatsapp:${phone}` } });
  await signInViaApi(page, PROFESSIONAL);
  await page.setViewportSize(DESKTOP);
  await page.goto("/conversas");
  const row = page.getByRole("list", { name: "Conversas" }).getByRole("button").filter({ hasText: name });
  await row.click();
  const dialog = page.getByRole("dialog");
  const reply = dialog.getByRole("form", { name: "Responder ao paciente" });
  await reply.getByRole("textbox", { name: "Sua resposta" }).fill("Bom dia! Sua consulta está confirmada.");
  await reply.getByRole("button", { name: "Enviar" }).click();
  const bubble = dialog.getByRole("list", { name: "Mensagens" }).getByRole("listitem").filter({ hasText: "Sua consulta está confirmada." });
  await expect(bubble.getByText(/Número de telefone inválido\. Confira o telefone no cadastro do paciente ou ligue para ele\./)).toBeVisible({ timeout: 30_000 });
  await expect(bubble.getByRole("button", { name: /^Reenviar/ })).toHaveCount(0);
  await expect(dialog.getByText(/twilio/i)).toHaveCount(0);
  await dialog.getByRole("button", { name: "Resolver" }).click();
  await expect(toastWith(page, "Conversa marcada como resolvida!")).toBeVisible();
  await page.keyboard.press("Escape");

  // Resolved, and still marked.
  await expect(row).toContainText("Resolvida");
  await expect(row).toContainText("Resposta não entregue");
  await screenshot(page, `first-week-conversas-failed-desktop`);
  await row.click();
  // The assistant's answer to the first message failed too: each failure is dismissed on its own.
  const dismiss = dialog.getByRole("button", { name: "Dispensar aviso" });
  await expect(dismiss.first()).toBeVisible();
  for (let left = await dismiss.count(); left > 0; left--) {
    await dismiss.first().click();
    await expect(dismiss).toHaveCount(left - 1);
  }
  await expect(toastWith(page, "Aviso de falha dispensado.").first()).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(row).not.toContainText("Resposta não entregue");
});
