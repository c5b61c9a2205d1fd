import { expect as baseExpect, test } from "@playwright/test";
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, PROFESSIONAL, screenshot, signInViaApi, toastWith } from "./fixtures";
import { ANA_NUMBER, phoneUrl, randomPhone, saoPauloLocal, sentTo } from "./whatsapp-stand-in";

// The flows share a busy machine with other suites: first paints can take several seconds.
const expect = baseExpect.configure({ timeout: 15_000 });
test.setTimeout(120_000);

/**
 * WhatsApp reminders (docs/decisions/017) against the e2e server, whose Twilio is the local stand-in on the next port: the
 * patient's phone. The e2e server has no approved template configured, so a reminder goes as free text to a patient
 * who wrote in the last 24 hours; the settings screen says plainly that no template is configured.
 */

test("a patient confirms by replying 1 to the reminder; Compromissos and the Painel show it", async ({ page }) => {
  await page.setViewportSize(DESKTOP_VIEWPORT);
  const session = await signInViaApi(page, PROFESSIONAL);
  const headers = { "X-Session-ID": session };
  const phone = randomPhone();
  const name = `Lúcia Lembrete ${Math.floor(Math.random() * 10_000)}`;
  const patient = await page.request.post("/api/patients", { headers, data: { name, phone } });
  expect(patient.status()).toBe(201);
  const patientId = ((await patient.json()) as { id: string }).id;

  // The patient writes first, so WhatsApp's 24-hour window is open for a free-text reminder.
  const wrote = await page.request.post(`${phoneUrl}/inbound`, { data: { from: phone, to: ANA_NUMBER, body: "Boa tarde! Qual é o endereço?", profileName: name } });
  expect((await wrote.json()).status).toBe(200);

  // An appointment a few hours ahead (inside the 24-hour lead time, so the reminder goes at once); the demo's
  // agenda may hold some of those times, so a few are tried.
  let booked: { id: string; date: string } | null = null;
  for (let minutes = 150; minutes < 600 && !booked; minutes += 37) {
    const at = saoPauloLocal(new Date(Date.now() + minutes * 60_000));
    const res = await page.request.post("/api/appointments", {
      headers,
      data: { patient_id: patientId, appointment_date: at.date, appointment_time: at.time, appointment_type: "Consulta", duration: 15 },
    });
    if (res.status() === 201) booked = { id: ((await res.json()) as { id: string }).id, date: at.date };
  }
  expect(booked).not.toBeNull();

  await expect.poll(async () => (await sentTo(page.request, phone)).some((m) => m.body.includes("Responda 1 para confirmar")), { timeout: 30_000 }).toBe(true);
  const before = (await sentTo(page.request, phone)).length;
  await page.request.post(`${phoneUrl}/inbound`, { data: { from: phone, to: ANA_NUMBER, body: "1", profileName: name } });
  await expect.poll(async () => (await sentTo(page.request, phone)).slice(before).some((m) => m.body.includes("está confirmada")), { timeout: 30_000 }).toBe(true);

  const appointment = await page.request.get(`/api/appointments/${booked!.id}`, { headers });
  expect(await appointment.json()).toMatchObject({ status: "confirmed", patient_response: "confirmed", reminder: { outcome: "sent" } });

  await page.goto("/compromissos");
  const card = page.getByRole("listitem").filter({ hasText: name });
  await expect(card.getByText("Confirmado pelo paciente")).toBeVisible();
  await expect(card.getByText("Lembrete enviado")).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, "reminders-compromissos");

  await page.goto("/painel");
  const confirmations = page.getByRole("list", { name: "Confirmações de hoje" });
  await expect(confirmations.getByText("Confirmadas")).toBeVisible();
  await expect(confirmations.getByText("Aguardando")).toBeVisible();
  await expect(confirmations.getByText("Canceladas pelo paciente")).toBeVisible();
  if (booked!.date === saoPauloLocal(new Date()).date) await expect(confirmations.getByText(/\d+ pelo paciente/)).toBeVisible();
  await screenshot(page, "reminders-painel");
});

test("Configurações › Consultas: the reminder switch, the lead time, and the notice without a template", async ({ page }) => {
  await page.setViewportSize(PHONE_VIEWPORT);
  await signInViaApi(page, PROFESSIONAL);
  await page.goto("/configuracoes");
  await page.getByRole("tab", { name: "Consultas" }).click();

  await expect(page.getByText("Lembretes pelo WhatsApp")).toBeVisible();
  await expect(page.getByText("Nenhum modelo de mensagem aprovado está configurado")).toBeVisible();
  const toggle = page.getByRole("switch", { name: "Enviar lembretes aos pacientes" });
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  const save = page.getByRole("button", { name: "Salvar lembretes" });
  await expect(save).toBeDisabled();

  await page.getByLabel("Antecedência do lembrete").click();
  await page.getByRole("option", { name: "48 horas antes (2 dias)" }).click();
  await save.click();
  await expect(toastWith(page, "Lembretes atualizados!")).toBeVisible();
  await page.getByText("Lembretes pelo WhatsApp").scrollIntoViewIfNeeded();
  await screenshot(page, "reminders-settings-phone");

  // Keyboard: the switch turns reminders off, and the lead time is no longer offered.
  await toggle.focus();
  await page.keyboard.press("Space");
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await expect(page.getByText("Desativado")).toBeVisible();
  await save.click();
  await expect(toastWith(page, "Lembretes atualizados!").first()).toBeVisible();

  // Back to how the demo left it, for the other flows.
  const restored = await page.request.put("/api/professionals/me/reminders", {
    headers: { "X-Session-ID": (await page.evaluate(() => localStorage.getItem("session_id")))! },
    data: { enabled: true, lead_hours: 24 },
  });
  expect(restored.status()).toBe(200);
});
