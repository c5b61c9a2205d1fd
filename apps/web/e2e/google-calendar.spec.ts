import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { axeFindings, formatFindings } from "./axe";
import { FIRST_LOAD_MS, PHONE_VIEWPORT, PROFESSIONAL, signInViaApi, toastWith } from "./fixtures";

/**
 * Google Calendar through the fake Google the e2e server starts (apps/server/src/scripts/stand-ins.ts): its
 * consent page sends the browser straight back to our callback, its Calendar API keeps the events, and
 * `POST /_stand-in/revoke-grants` plays the professional removing Clinora's access in their Google account.
 */
test.setTimeout(120_000);

const google = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? "3100") + 2}/_stand-in`;

/**
 * "Conectar" leaves the app for Google's consent and comes back to a fresh load of Configurações, which checks the
 * session, loads the page and only then says "conectado": a first load, not the default 5 s (it took longer in a
 * full run on a busy machine, the page still at "Verificando sessão...").
 */
const CONSENT_ROUND_TRIP_MS = FIRST_LOAD_MS;

async function openCalendarTab(page: Page) {
  await page.goto("/configuracoes");
  await expect(page.getByRole("heading", { level: 1, name: "Configurações" })).toBeVisible();
  await page.getByRole("tab", { name: "Google Calendar" }).click();
  return page.getByRole("tabpanel", { name: "Google Calendar" });
}

test("connect through Google's consent, sync by hand, lose access, reconnect; the ICS link", async ({ page, context, request }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const sessionId = await signInViaApi(page, PROFESSIONAL);
  let panel = await openCalendarTab(page);

  // The demo shows Ana as connected from before tokens were kept: start from a clean slate. Wait for the tab's
  // status to load first, or the check below would see neither button and skip the disconnection.
  const disconnect = panel.getByRole("button", { name: "Desconectar" });
  await expect(disconnect.or(panel.getByRole("button", { name: "Conectar Google Calendar" }))).toBeVisible();
  if (await disconnect.isVisible()) {
    await disconnect.click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Desconectar" }).click();
    await expect(toastWith(page, "Google Calendar desconectado.")).toBeVisible();
  }

  await panel.getByRole("button", { name: "Conectar Google Calendar" }).click();
  await expect(toastWith(page, "Google Calendar conectado com sucesso!")).toBeVisible({ timeout: CONSENT_ROUND_TRIP_MS });
  await expect(page).toHaveURL("/configuracoes");
  panel = page.getByRole("tabpanel", { name: "Google Calendar" });
  await expect(panel.getByText("Conectado", { exact: true })).toBeVisible();
  await expect(panel.getByText("America/Sao_Paulo")).toBeVisible();

  // The reconnection replays Ana's appointments in the background; the button pushes whatever is still pending.
  await panel.getByRole("button", { name: "Sincronizar agora" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: /Sincronização concluída|Nenhum compromisso pendente/ })).toBeVisible();
  await expect.poll(async () => (await (await request.get(`${google}/events`)).json()).length, { timeout: 15_000 }).toBeGreaterThan(0);
  const events = (await (await request.get(`${google}/events`)).json()) as { summary: string }[];
  // Type and first name only.
  expect(events.every((e) => /^.+ · \S+$/.test(e.summary))).toBe(true);

  // Ana removes Clinora's access in her Google account: the next sync finds out and the tab asks to reconnect.
  expect((await request.post(`${google}/revoke-grants`)).ok()).toBe(true);
  const created = await request.post("/api/appointments", {
    headers: { "X-Session-ID": sessionId },
    data: { patient_id: await firstPatientId(request, sessionId), appointment_date: nextWeekday(), appointment_time: "07:10", duration: 20, appointment_type: "Retorno" },
  });
  expect(created.status()).toBe(201);
  await panel.getByRole("button", { name: "Sincronizar agora" }).click();
  await expect(panel.getByRole("alert")).toContainText("A conexão com o Google Calendar parou de funcionar");
  await expect(panel.getByText(/invalid_grant/)).toBeVisible();

  await panel.getByRole("button", { name: "Reconectar Google Calendar" }).click();
  await expect(toastWith(page, "Google Calendar conectado com sucesso!")).toBeVisible({ timeout: CONSENT_ROUND_TRIP_MS });
  panel = page.getByRole("tabpanel", { name: "Google Calendar" });
  await expect(panel.getByText("Conectado", { exact: true })).toBeVisible();
  const appointmentId = ((await created.json()) as { id: string }).id.replaceAll("-", "");
  await expect.poll(async () => ((await (await request.get(`${google}/events`)).json()) as { id: string }[]).some((e) => e.id === appointmentId), { timeout: 15_000 }).toBe(true);

  // The private ICS link: made, shown once, copied.
  await page.getByRole("button", { name: /^Gerar (novo )?link$/ }).click();
  const confirm = page.getByRole("alertdialog");
  if (await confirm.isVisible()) await confirm.getByRole("button", { name: "Gerar novo link" }).click();
  const link = page.getByLabel("Link da agenda");
  await expect(link).toHaveValue(/\/api\/calendar-feed\/[A-Za-z0-9_-]{43}\.ics$/);
  await page.getByRole("button", { name: "Copiar", exact: true }).click();
  await expect(toastWith(page, "Copiado para a área de transferência!")).toBeVisible();
  const ics = await request.get(await link.inputValue());
  expect(ics.headers()["content-type"]).toContain("text/calendar");
  expect(await ics.text()).toContain("BEGIN:VCALENDAR");
});

test("pick the Google calendars whose busy times block times: a busy event leaves the offered times", async ({ page, request }) => {
  const sessionId = await signInViaApi(page, PROFESSIONAL);
  const headers = { "X-Session-ID": sessionId };
  expect((await request.post(`${google}/calendars`, { data: { id: "familia-e2e@group.calendar.google.com", name: "Família" } })).ok()).toBe(true);
  let panel = await openCalendarTab(page);

  // A fresh consent (the demo's connection predates the calendar-list and free/busy permissions).
  const disconnect = panel.getByRole("button", { name: "Desconectar" });
  await expect(disconnect.or(panel.getByRole("button", { name: /^(Re)?[Cc]onectar Google Calendar$/ }))).toBeVisible();
  if (await disconnect.isVisible()) {
    await disconnect.click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Desconectar" }).click();
    await expect(toastWith(page, "Google Calendar desconectado.")).toBeVisible();
  }
  await panel.getByRole("button", { name: /^(Re)?[Cc]onectar Google Calendar$/ }).click();
  await expect(toastWith(page, "Google Calendar conectado com sucesso!")).toBeVisible({ timeout: CONSENT_ROUND_TRIP_MS });
  panel = page.getByRole("tabpanel", { name: "Google Calendar" });

  // A dentist appointment in "Família" at the first free time of a quiet day: the dialog's suggestions stop offering it.
  const date = nextWeekday();
  const slots = async () => {
    const res = await request.post("/api/appointments/availability", { headers, data: { date, duration: 30 } });
    return ((await res.json()) as { slots: { time: string; available: boolean }[] }).slots;
  };
  const first = (await slots()).find((s) => s.available)!.time;
  const freeAt = async (time: string) => (await slots()).find((s) => s.time === time)?.available;
  const start = new Date(`${date}T${first}:00-03:00`);
  expect((await request.post(`${google}/events`, { data: { calendarId: "familia-e2e@group.calendar.google.com", start: start.toISOString(), end: new Date(start.getTime() + 30 * 60_000).toISOString(), summary: "Dentista" } })).ok()).toBe(true);
  expect(await freeAt(first)).toBe(true);

  const section = panel.getByRole("region", { name: "Horários ocupados no Google" });
  const family = section.getByRole("checkbox", { name: /Família.*Bloquear horários ocupados desta agenda/ });
  await expect(family).not.toBeChecked();
  await expect(section.getByRole("checkbox")).toHaveCount(2);
  const save = section.getByRole("button", { name: "Salvar agendas" });
  await expect(save).toBeDisabled();

  // Keyboard only: Tab to the box, Space ticks it.
  await family.focus();
  await page.keyboard.press("Space");
  await expect(family).toBeChecked();
  await save.click();
  await expect(toastWith(page, "Agendas salvas. Os horários ocupados nelas deixam de ser oferecidos.")).toBeVisible();
  await expect(save).toBeDisabled();

  const findings = await axeFindings(page, "Configurações › Google Calendar (agendas do Google)");
  expect(findings, formatFindings(findings)).toEqual([]);
  await page.setViewportSize(PHONE_VIEWPORT);
  const phoneFindings = await axeFindings(page, "Configurações › Google Calendar (agendas do Google, celular)");
  expect(phoneFindings, formatFindings(phoneFindings)).toEqual([]);

  // Saving asked for a read at once: the dentist's time is no longer offered.
  await expect.poll(() => freeAt(first), { timeout: 20_000 }).toBe(false);

  // Ana removes Clinora's access in Google: the times come from Clinora's agenda again, and the tab says so.
  await page.setViewportSize({ width: 1280, height: 900 });
  expect((await request.post(`${google}/revoke-grants`)).ok()).toBe(true);
  await section.getByRole("checkbox", { name: /agenda@gmail\.com/ }).click();
  await save.click();
  await expect(toastWith(page, "A conexão com o Google Calendar expirou ou foi revogada. Clique em Reconectar.")).toBeVisible();
  await expect(panel.getByRole("alert").first()).toContainText("A conexão com o Google Calendar parou de funcionar");
  await expect(panel.getByRole("alert").first()).toContainText("os horários oferecidos consideram só a agenda do Clinora");
  await expect.poll(() => freeAt(first), { timeout: 20_000 }).toBe(true);
});

async function firstPatientId(request: APIRequestContext, sessionId: string): Promise<string> {
  const res = await request.get("/api/patients?per_page=1", { headers: { "X-Session-ID": sessionId } });
  const body = (await res.json()) as { items: { id: string }[] };
  return body.items[0]!.id;
}

/** A weekday about a month ahead, early in the morning, where the demo has nothing booked. */
function nextWeekday(): string {
  const day = new Date(Date.now() + 33 * 86_400_000);
  while (day.getDay() === 0 || day.getDay() === 6) day.setDate(day.getDate() + 1);
  return day.toISOString().slice(0, 10);
}
