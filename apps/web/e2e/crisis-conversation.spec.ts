import { expect as baseExpect, test, type APIRequestContext } from "@playwright/test";
import { PHONE_VIEWPORT, PROFESSIONAL, signInViaApi } from "./fixtures";

const expect = baseExpect.configure({ timeout: 15_000 });
test.setTimeout(120_000);

/** The fake Twilio of the e2e server (apps/server/src/scripts/e2e-server.ts) is the patient's phone. */
const phoneUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? "3100") + 1}/_stand-in`;
const ANA_NUMBER = "whatsapp:+5511940000001";
const randomPhone = () => `+55119${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;

async function answersTo(request: APIRequestContext, phone: string): Promise<string[]> {
  const res = await request.get(`${phoneUrl}/sent?to=${encodeURIComponent(`whatsapp:${phone}`)}`);
  return ((await res.json()) as { messages: { body: string }[] }).messages.map((m) => m.body);
}

async function patientWrites(request: APIRequestContext, phone: string, body: string, profileName: string) {
  const res = await request.post(`${phoneUrl}/inbound`, { data: { from: phone, to: ANA_NUMBER, body, profileName } });
  expect((await res.json()).status).toBe(200);
}

test("a patient in crisis gets CVV 188 and SAMU 192 at once; the conversation is first in Conversas, marked Urgente, and on the Painel", async ({ page }) => {
  const phone = randomPhone();
  const name = `Clara Urgente ${Math.floor(Math.random() * 10_000)}`;
  await patientWrites(page.request, phone, "às vezes penso em me machucar", name);
  let answers: string[] = [];
  await expect.poll(async () => (answers = await answersTo(page.request, phone)).length, { timeout: 30_000 }).toBe(1);
  expect(answers[0]).toContain("CVV no 188 (ligação gratuita, 24 horas)");
  expect(answers[0]).toContain("SAMU (192)");

  // Another patient writes afterwards: the crisis stays first all the same.
  const other = randomPhone();
  await patientWrites(page.request, other, "Oi, qual o valor da consulta?", "Paciente Comum");
  await expect.poll(async () => (await answersTo(page.request, other)).length, { timeout: 30_000 }).toBe(1);

  const session = await signInViaApi(page, PROFESSIONAL);
  try {
    await page.goto("/conversas");
    const first = page.getByRole("list", { name: "Conversas" }).getByRole("listitem").first();
    await expect(first).toContainText(name);
    await expect(first).toContainText("Urgente");
    await expect(first.getByRole("button")).toHaveAttribute("data-urgent", "true");

    await page.goto("/painel");
    const card = page.getByRole("region", { name: /conversas? urgentes?/ });
    await expect(card).toBeVisible();
    await expect(card.getByRole("link", { name: new RegExp(name) })).toBeVisible();
    await page.setViewportSize(PHONE_VIEWPORT);
    await expect(card.getByRole("link", { name: new RegExp(name) })).toBeInViewport();
    await card.getByRole("link", { name: new RegExp(name) }).click();
    await expect(page).toHaveURL(/\/conversas/);
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText(/CVV no 188/)).toBeVisible();
    await expect(dialog.getByText("às vezes penso em me machucar")).toBeVisible();
  } finally {
    // Resolved, so the shared database shows no urgent conversation to the other flows.
    const list = await page.request.get("/api/conversations?urgent=true&per_page=100", { headers: { "X-Session-ID": session } });
    for (const c of ((await list.json()) as { items: { id: string; phone_number: string }[] }).items) {
      if (c.phone_number === phone) await page.request.put(`/api/conversations/${c.id}`, { headers: { "X-Session-ID": session }, data: { status: "resolved" } });
    }
  }
});

test("the layers past the rules: the stand-in's moderation flags one phrasing and the reply model's report_risk another; both get CVV 188 and SAMU 192", async ({ page }) => {
  const flaggedByModeration = randomPhone();
  const alarmByModel = randomPhone();
  // Neither phrasing is in the server's rules: the stand-in's moderation knows the first, its receptionist the second.
  await patientWrites(page.request, flaggedByModeration, "só queria acabar com meu sofrimento de vez", "Paciente Moderação");
  await patientWrites(page.request, alarmByModel, "pode cancelar, semana que vem nem vou estar mais por aqui", "Paciente Alarme");
  for (const phone of [flaggedByModeration, alarmByModel]) {
    let answers: string[] = [];
    await expect.poll(async () => (answers = await answersTo(page.request, phone)).length, { timeout: 30_000 }).toBe(1);
    expect(answers[0]).toContain("CVV no 188 (ligação gratuita, 24 horas)");
    expect(answers[0]).toContain("SAMU (192)");
  }
  const session = await signInViaApi(page, PROFESSIONAL);
  const list = await page.request.get("/api/conversations?urgent=true&per_page=100", { headers: { "X-Session-ID": session } });
  const urgent = ((await list.json()) as { items: { id: string; phone_number: string }[] }).items.filter((c) => [flaggedByModeration, alarmByModel].includes(c.phone_number));
  expect(urgent).toHaveLength(2);
  for (const c of urgent) await page.request.put(`/api/conversations/${c.id}`, { headers: { "X-Session-ID": session }, data: { status: "resolved" } });
});
