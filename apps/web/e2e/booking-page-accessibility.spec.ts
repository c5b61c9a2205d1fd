import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags } from "lighthouse";
import { expect as baseExpect, test, type APIRequestContext, type Page } from "@playwright/test";
import { axeFindings } from "./axe";
import { PHONE_VIEWPORT, PROFESSIONAL, screenshot } from "./fixtures";

const expect = baseExpect.configure({ timeout: 15_000 });
test.setTimeout(180_000);

/**
 * The public booking page (docs/decisions/028) is light and accessible: its own small script, keyboard
 * and screen-reader friendly at phone width. axe (WCAG 2.2 AA) checks each of its states; Lighthouse's
 * accessibility audit must score 100 on the page as a patient opens it.
 */
async function turnOnPage(request: APIRequestContext): Promise<string> {
  const login = await request.post("/api/auth/login", { data: { email: PROFESSIONAL.email, password: PROFESSIONAL.password } });
  expect(login.ok()).toBe(true);
  const headers = { "X-Session-ID": ((await login.json()) as { session_id: string }).session_id };
  const settings = (await (await request.get("/api/booking-page", { headers })).json()) as Record<string, unknown> & { slug: string };
  const { url: _url, ...input } = settings;
  const put = await request.put("/api/booking-page", { headers, data: { ...input, enabled: true, min_notice_hours: 2, days_ahead: 30 } });
  expect(put.ok(), await put.text()).toBe(true);
  return settings.slug;
}

async function expectNoAxeFindings(page: Page, screen: string) {
  expect(await axeFindings(page, screen)).toEqual([]);
}

test("the booking page passes axe in each state: the page, its errors, a time taken meanwhile, the result, a bad link", async ({ page, request }) => {
  const slug = await turnOnPage(request);
  await page.setViewportSize(PHONE_VIEWPORT);
  await page.goto(`/agendar/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Agendar consulta");
  await expect(page.getByRole("radio").first()).toBeVisible();
  await expect(page.locator("#bk-times input").first()).toBeAttached();
  await screenshot(page, "booking-page-phone");
  await expectNoAxeFindings(page, "página de agendamento");

  // Submitting with nothing filled: every problem named in Portuguese, next to its field, and announced.
  await page.getByRole("button", { name: "Agendar" }).click();
  await expect(page.getByRole("alert")).toContainText("Corrija");
  await expect(page.getByText("Informe seu nome.")).toBeVisible();
  await expect(page.getByText("Para receber a confirmação, autorize as mensagens pelo WhatsApp.")).toBeVisible();
  await expect(page.getByLabel("Nome completo")).toHaveAttribute("aria-invalid", "true");
  await screenshot(page, "booking-page-errors");
  await expectNoAxeFindings(page, "página de agendamento com erros");

  // A landline is refused before anything is sent.
  await page.getByLabel("WhatsApp com DDD", { exact: true }).fill("(11) 3456-7890");
  await page.getByRole("button", { name: "Agendar" }).click();
  await expect(page.getByText("Informe um celular brasileiro com DDD, por exemplo (11) 98765-4321.").first()).toBeVisible();
  await page.getByLabel("WhatsApp com DDD", { exact: true }).fill("");

  // Someone else takes the chosen time meanwhile: the nearest free ones are offered, and one books.
  const mobile = () => `(21) 9${String(Math.floor(1000 + Math.random() * 8999))}-${String(Math.floor(1000 + Math.random() * 8999))}`;
  const day = await page.getByLabel("Dia", { exact: true }).inputValue();
  const first = page.locator("#bk-times input").first();
  const time = await first.getAttribute("value");
  await first.check();
  const taken = await request.post(`/api/public/booking/${slug}/bookings`, {
    data: { type: 0, date: day, time, name: "Outra Paciente", phone: mobile(), consent_whatsapp: true },
  });
  expect(taken.status(), await taken.text()).toBe(201);
  await page.getByLabel("Nome completo").fill("Helena Duarte");
  await page.getByLabel("WhatsApp com DDD", { exact: true }).fill(mobile());
  await page.getByLabel(/Autorizo receber pelo WhatsApp/).check();
  await page.getByRole("button", { name: "Agendar" }).click();
  await expect(page.getByRole("alert")).toContainText("Este horário acabou de ser ocupado");
  const nearest = page.getByRole("alert").getByRole("button");
  await expect(nearest.first()).toBeVisible();
  await screenshot(page, "booking-page-taken");
  await expectNoAxeFindings(page, "página de agendamento: horário ocupado");
  await nearest.first().click();
  await expect(page.locator("#bk-times input:checked")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Horário reservado" })).toBeFocused();
  await expect(page.getByText(/Seu horário foi reservado/)).toBeVisible();
  await screenshot(page, "booking-page-done");
  await expectNoAxeFindings(page, "página de agendamento: agendado");

  // The reschedule request, opened with the keyboard.
  await page.goto(`/agendar/${slug}`);
  // The request is shown once the page has read its settings: focus() alone does not wait for that, and a hidden
  // summary cannot take focus (the Enter then went nowhere on a busy machine).
  const summary = page.locator("summary");
  await expect(summary).toBeVisible();
  await summary.focus();
  await expect(summary).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Receber link para remarcar" })).toBeVisible();
  await expectNoAxeFindings(page, "página de agendamento: pedir link de remarcação");

  // A wrong reschedule link says so plainly.
  await page.goto("about:blank");
  await page.goto(`/agendar/${slug}#remarcar=${"x".repeat(43)}`);
  await expect(page.getByRole("alert")).toContainText("não é mais válido");
  await expectNoAxeFindings(page, "link de remarcação inválido");

  // An address that is no page.
  await page.goto("/agendar/nao-existe-esta-pagina");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Página de agendamento não encontrada.");
  await expectNoAxeFindings(page, "página de agendamento inexistente");
});

/** The fake Twilio on the port after the app's (apps/server/src/scripts/e2e-server.ts) is the patient's phone. */
const phoneUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? "3100") + 1}/_stand-in`;
const ANA_NUMBER = "whatsapp:+5511940000001";

async function sentTo(request: APIRequestContext, phone: string): Promise<{ body: string }[]> {
  const res = await request.get(`${phoneUrl}/sent?to=${encodeURIComponent(`whatsapp:${phone}`)}`);
  return ((await res.json()) as { messages: { body: string }[] }).messages;
}

test("a patient with an appointment asks for the link on the page, gets it on WhatsApp and moves the appointment once", async ({ page, request }) => {
  const slug = await turnOnPage(request);
  const phone = `+55219${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;
  // The patient wrote on WhatsApp today: free text reaches them (the 24-hour window).
  await request.post(`${phoneUrl}/inbound`, { data: { from: phone, to: ANA_NUMBER, body: "Oi, tudo bem?", profileName: "Rita" } });
  await expect.poll(async () => (await sentTo(request, phone)).length, { timeout: 30_000 }).toBeGreaterThan(0);
  const times = (await (await request.get(`/api/public/booking/${slug}/times?type=0`)).json()) as { days: { date: string; times: string[] }[] };
  const day = times.days.at(-1)!;
  const booked = await request.post(`/api/public/booking/${slug}/bookings`, {
    data: { type: 0, date: day.date, time: day.times[0], name: "Rita Moura", phone, consent_whatsapp: true },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  await expect.poll(async () => (await sentTo(request, phone)).some((m) => m.body.startsWith("Recebemos seu agendamento")), { timeout: 30_000 }).toBe(true);

  await page.setViewportSize(PHONE_VIEWPORT);
  await page.goto(`/agendar/${slug}`);
  await page.getByText("Já tem consulta marcada?").click();
  await page.getByLabel("WhatsApp da consulta marcada").fill(phone.replace("+55", ""));
  await page.getByRole("button", { name: "Receber link para remarcar" }).click();
  await expect(page.getByRole("heading", { name: "Verifique seu WhatsApp" })).toBeFocused();

  let link = "";
  await expect
    .poll(async () => (link = (await sentTo(request, phone)).map((m) => /https?:\/\/\S+#remarcar=[\w-]{43}/.exec(m.body)?.[0] ?? "").find(Boolean) ?? ""), { timeout: 30_000 })
    .not.toBe("");
  await page.goto("about:blank");
  await page.goto(link);
  await expect(page.getByText(/Remarcar sua consulta \(Consulta, 50 min\)/)).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Nome completo" })).toBeHidden();
  await expect(page.locator("#bk-times input").first()).toBeAttached();
  await screenshot(page, "booking-page-reschedule");
  await expectNoAxeFindings(page, "link de remarcação");
  await page.locator("#bk-times input").nth(1).check();
  await page.getByRole("button", { name: "Remarcar" }).click();
  await expect(page.getByRole("heading", { name: "Consulta remarcada" })).toBeFocused();
  await expect.poll(async () => (await sentTo(request, phone)).some((m) => m.body.startsWith("Sua consulta foi remarcada")), { timeout: 30_000 }).toBe(true);

  // The link worked once.
  await page.goto("about:blank");
  await page.goto(link);
  await expect(page.getByRole("alert")).toContainText("não é mais válido");
});

test("Lighthouse scores the booking page's accessibility 100 at phone width", async ({ request, baseURL }) => {
  const slug = await turnOnPage(request);
  const chrome = await chromeLauncher.launch({
    chromePath: "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    logLevel: "error",
  });
  try {
    const flags: Flags = {
      port: chrome.port,
      logLevel: "error",
      output: "json",
      onlyCategories: ["accessibility"],
      formFactor: "mobile",
      screenEmulation: { mobile: true, width: 390, height: 844, deviceScaleFactor: 2, disabled: false },
      locale: "pt",
    };
    const result = await lighthouse(`${baseURL}/agendar/${slug}`, flags);
    expect(result?.lhr.runtimeError).toBeUndefined();
    const category = result!.lhr.categories.accessibility!;
    const failing = category.auditRefs
      .map((ref) => result!.lhr.audits[ref.id]!)
      .filter((audit) => audit.score !== null && audit.score < 1)
      .map((audit) => `${audit.id}: ${audit.title}`);
    expect(failing).toEqual([]);
    expect(Math.round((category.score ?? 0) * 100)).toBe(100);
  } finally {
    chrome.kill();
  }
});
