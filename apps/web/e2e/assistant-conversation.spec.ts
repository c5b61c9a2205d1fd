import { expect as baseExpect, test, type APIRequestContext } from "@playwright/test";
import { closedWindowConversation, PROFESSIONAL, signInViaApi, toastWith } from "./fixtures";

// The flows share a busy machine with other suites: first paints can take several seconds.
const expect = baseExpect.configure({ timeout: 15_000 });
test.setTimeout(120_000);

/**
 * The e2e server runs the job worker with Twilio and the language model played by the local stand-ins
 * (apps/server/src/scripts/e2e-server.ts). The fake Twilio, on the port after the app's, is the patient's phone:
 * `POST /_stand-in/inbound` makes the patient write (signed, to the product's webhook), `GET /_stand-in/sent`
 * lists what the product sent. Its model is the stand-ins' rule-based receptionist.
 */
const phoneUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? "3100") + 1}/_stand-in`;
const ANA_NUMBER = "whatsapp:+5511940000001";

interface SentMessage {
  sid: string;
  to: string;
  body: string;
}

const randomPhone = () => `+55119${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;
const SURNAMES = ["Prado", "Teixeira", "Moura", "Siqueira", "Ribeiro", "Campos", "Vidal", "Lacerda"];
/** A name the patient can type (letters only), different on every run. */
const randomName = () => `Helena ${SURNAMES[Math.floor(Math.random() * SURNAMES.length)]} ${SURNAMES[Math.floor(Math.random() * SURNAMES.length)]}`;

/** A weekday some weeks ahead, past the demo's month of appointments: dd/MM for the patient's text. */
function farWeekday(daysAhead: number): { ddmm: string; iso: string } {
  const date = new Date(Date.now() + daysAhead * 86_400_000);
  while ([0, 6].includes(date.getUTCDay())) date.setUTCDate(date.getUTCDate() + 1);
  const iso = date.toISOString().slice(0, 10);
  return { iso, ddmm: `${iso.slice(8, 10)}/${iso.slice(5, 7)}` };
}

async function sentTo(request: APIRequestContext, phone: string): Promise<SentMessage[]> {
  const res = await request.get(`${phoneUrl}/sent?to=${encodeURIComponent(`whatsapp:${phone}`)}`);
  return ((await res.json()) as { messages: SentMessage[] }).messages;
}

/** The patient writes; resolves with the product's answer once the fake Twilio has received it. */
async function patientSays(request: APIRequestContext, phone: string, body: string, profileName: string): Promise<string> {
  const before = (await sentTo(request, phone)).length;
  const res = await request.post(`${phoneUrl}/inbound`, { data: { from: phone, to: ANA_NUMBER, body, profileName } });
  expect((await res.json()).status).toBe(200);
  let answers: SentMessage[] = [];
  await expect.poll(async () => (answers = await sentTo(request, phone)).length, { timeout: 30_000 }).toBeGreaterThan(before);
  return answers[answers.length - 1]!.body;
}

test("a patient books on WhatsApp with the assistant; the professional reads the thread, replies and resolves", async ({ page }) => {
  const phone = randomPhone();
  const name = randomName();
  const day = farWeekday(40 + Math.floor(Math.random() * 20));

  const offer = await patientSays(page.request, phone, `Olá! Quero marcar uma consulta para o dia ${day.ddmm}`, name);
  expect(offer).toContain("horários livres");
  const time = /\b([01]\d|2[0-3]):[0-5]\d\b/.exec(offer)![0];
  const confirmation = await patientSays(page.request, phone, `Pode ser às ${time}. Meu nome é ${name}`, name);
  expect(confirmation).toContain(`às ${time}`);
  expect(confirmation).toContain("agendada");

  const session = await signInViaApi(page, PROFESSIONAL);
  const booked = await page.request.get(`/api/appointments?date=${day.iso}`, { headers: { "X-Session-ID": session } });
  const items = ((await booked.json()) as { items: { patient_name: string; source: string; appointment_time: string }[] }).items;
  expect(items.find((a) => a.patient_name === name)).toMatchObject({ source: "assistant", appointment_time: time });

  await page.goto("/conversas");
  await page.getByRole("list", { name: "Conversas" }).getByRole("button").filter({ hasText: name }).click();
  const dialog = page.getByRole("dialog");
  const thread = dialog.getByRole("list", { name: "Mensagens" });
  await expect(thread.getByRole("listitem")).toHaveCount(4);
  await expect(thread.getByText("Assistente virtual").first()).toBeVisible();
  await expect(thread.getByText(/Sua consulta ficou agendada/)).toBeVisible();
  await expect(thread.getByText(/^(Enviado|Entregue|Lido)$/).first()).toBeVisible();

  const reply = dialog.getByRole("form", { name: "Responder ao paciente" });
  await expect(reply.getByText(/^Janela do WhatsApp: \d+ h( \d+ min)? restantes$/)).toBeVisible();
  const box = reply.getByRole("textbox", { name: "Sua resposta" });
  await reply.getByRole("button", { name: "Enviar" }).click();
  await expect(reply.getByText("Escreva uma mensagem.")).toBeVisible();

  const text = "Olá! Aqui é a Dra. Ana. Até a consulta!";
  await box.fill(text);
  await box.press("Control+Enter");
  await expect(toastWith(page, "Mensagem enviada.")).toBeVisible();
  await expect(box).toHaveValue("");
  await expect(thread.getByRole("listitem").last()).toContainText("Profissional");
  await expect(dialog.getByText("Em atendimento").first()).toBeVisible();
  await expect.poll(async () => (await sentTo(page.request, phone)).map((m) => m.body)).toContain(text);

  await dialog.getByRole("button", { name: "Resolver" }).click();
  await expect(toastWith(page, "Conversa marcada como resolvida!")).toBeVisible();
});

test("a conversation past WhatsApp's 24-hour window cannot be answered with free text", async ({ page }) => {
  const session = await signInViaApi(page, PROFESSIONAL);
  const headers = { "X-Session-ID": session };
  const closed = await closedWindowConversation(page, session);

  await page.goto("/conversas");
  await page.getByPlaceholder(/Buscar/).fill(closed.patient_name);
  await page.getByRole("list", { name: "Conversas" }).getByRole("button").filter({ hasText: closed.patient_name }).first().click();
  const reply = page.getByRole("dialog").getByRole("form", { name: "Responder ao paciente" });
  await expect(reply.getByText(/A janela de 24 horas do WhatsApp está fechada/)).toBeVisible();
  await expect(reply.getByRole("textbox", { name: "Sua resposta" })).toBeDisabled();
  await expect(reply.getByRole("button", { name: "Enviar" })).toBeDisabled();

  const forced = await page.request.post(`/api/conversations/${closed.id}/messages`, { headers, data: { content: "Olá?" } });
  expect(forced.status()).toBe(409);
});

test("'Testar assistente' simulates a booking without recording it", async ({ page }) => {
  const session = await signInViaApi(page, PROFESSIONAL);
  const day = farWeekday(70);
  await page.goto("/configuracoes/assistente");
  const card = page.getByRole("region", { name: "Testar assistente" });
  const chat = card.getByRole("log", { name: "Conversa de teste" });

  await card.getByRole("textbox", { name: "Mensagem como paciente" }).fill(`Oi, quero marcar uma consulta dia ${day.ddmm} às 11:00. Meu nome é Teste Simulado`);
  await card.getByRole("button", { name: "Enviar" }).click();
  await expect(chat.getByText("Assistente virtual").first()).toBeVisible({ timeout: 60_000 });
  await expect(chat.getByRole("list", { name: "Ações do assistente" })).toContainText("(teste: nada foi gravado)");
  await expect(chat.getByText(/Sua consulta ficou agendada/)).toBeVisible();

  const booked = await page.request.get(`/api/appointments?date=${day.iso}`, { headers: { "X-Session-ID": session } });
  const items = ((await booked.json()) as { items: { patient_name: string }[] }).items;
  expect(items.filter((a) => a.patient_name === "Teste Simulado")).toHaveLength(0);

  await card.getByRole("button", { name: "Limpar conversa" }).click();
  await expect(chat.getByText("Nenhuma mensagem ainda.")).toBeVisible();
});
