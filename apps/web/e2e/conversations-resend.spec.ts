import { expect as baseExpect, test, type APIRequestContext } from "@playwright/test";
import { PROFESSIONAL, signInViaApi, toastWith } from "./fixtures";

// The flows share a busy machine with other suites: first paints can take several seconds.
const expect = baseExpect.configure({ timeout: 20_000 });
test.setTimeout(120_000);

/**
 * Reenviar in Conversas, against the e2e server with Twilio played by the fake on the next port
 * (apps/server/src/scripts/e2e-server.ts): the fake refuses the patient's number, the professional's reply fails with
 * its reason, the number is accepted again, and Reenviar (clicked twice, and asked again from a second "tab") sends
 * the message exactly once.
 */
const phoneUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? "3100") + 1}/_stand-in`;
const ANA_NUMBER = "whatsapp:+5511940000001";

const randomPhone = () => `+55119${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;

async function sentTo(request: APIRequestContext, phone: string): Promise<{ sid: string; body: string }[]> {
  const res = await request.get(`${phoneUrl}/sent?to=${encodeURIComponent(`whatsapp:${phone}`)}`);
  return ((await res.json()) as { messages: { sid: string; body: string }[] }).messages;
}

test("a failed message in Conversas is resent with Reenviar, and goes out once", async ({ page }) => {
  const phone = randomPhone();
  const name = `Reenvio ${Math.floor(Math.random() * 1e6)}`;
  const text = `Sua guia ficou pronta, pode buscar na recepção (${Math.floor(Math.random() * 1e6)}).`;

  // The patient writes and the assistant answers: the 24-hour window is open.
  await page.request.post(`${phoneUrl}/inbound`, { data: { from: phone, to: ANA_NUMBER, body: "Olá, bom dia", profileName: name } });
  await expect.poll(async () => (await sentTo(page.request, phone)).length, { timeout: 30_000 }).toBeGreaterThan(0);

  // From now on Twilio refuses to send there (HTTP 400, 21408: a failure the platform can fix, so Reenviar is offered).
  await page.request.post(`${phoneUrl}/fail-recipient`, { data: { to: `whatsapp:${phone}`, code: 21408 } });

  const session = await signInViaApi(page, PROFESSIONAL);
  const headers = { "X-Session-ID": session };
  await page.goto("/conversas");
  await page.getByRole("list", { name: "Conversas" }).getByRole("button").filter({ hasText: name }).click();
  const dialog = page.getByRole("dialog");
  const reply = dialog.getByRole("form", { name: "Responder ao paciente" });
  await reply.getByRole("textbox", { name: "Sua resposta" }).fill(text);
  await reply.getByRole("button", { name: "Enviar" }).click();

  const thread = dialog.getByRole("list", { name: "Mensagens" });
  const bubble = thread.getByRole("listitem").filter({ hasText: text });
  await expect(bubble.getByText(/O envio de WhatsApp para este país não está habilitado/)).toBeVisible();
  const resend = bubble.getByRole("button", { name: /^Reenviar/ });
  await expect(resend).toBeVisible();
  expect((await sentTo(page.request, phone)).filter((m) => m.body === text)).toHaveLength(0);

  // Twilio takes the number again; a double click, plus the same request from a second tab.
  await page.request.post(`${phoneUrl}/accept-recipient`, { data: { to: `whatsapp:${phone}` } });
  const list = await page.request.get(`/api/conversations?search=${encodeURIComponent(name)}`, { headers });
  const conversationId = ((await list.json()) as { items: { id: string }[] }).items[0]!.id;
  const detail = await page.request.get(`/api/conversations/${conversationId}`, { headers });
  const messageId = ((await detail.json()) as { messages: { id: string; content: string }[] }).messages.find((m) => m.content === text)!.id;
  await resend.dblclick();
  await expect(toastWith(page, "Mensagem reenviada.").first()).toBeVisible();
  const again = await page.request.post(`/api/conversations/${conversationId}/messages/${messageId}/resend`, { headers });
  expect(again.status()).toBe(200);

  await expect(bubble.getByText(/^(Enviado|Entregue|Lido)$/)).toBeVisible({ timeout: 30_000 });
  await expect(bubble.getByRole("button", { name: /^Reenviar/ })).toHaveCount(0);
  // Give a second send every chance to happen, then count: exactly one reached Twilio.
  await page.waitForTimeout(3000);
  expect((await sentTo(page.request, phone)).filter((m) => m.body === text)).toHaveLength(1);
});
