import { expect as baseExpect, test } from "@playwright/test";
import { PROFESSIONAL, signInViaApi, toastWith } from "./fixtures";

// The flows share a busy machine with other suites: first paints can take several seconds.
const expect = baseExpect.configure({ timeout: 15_000 });
test.setTimeout(120_000);

/*
 * DRAFT, skipped: it needs the e2e server started with a fake Twilio (TWILIO_BASE_URL + credentials) and a fake
 * LLM (OPENAI_BASE_URL + OPENAI_API_KEY) listening locally. Once they are wired, the flow must:
 *
 * 1. Inbound + assistant: post a signed patient message to the central webhook (TWILIO_WEBHOOK_PATH) for Ana
 *    Souza's number (+5511940000001) from a fresh phone; the fake LLM answers with a booking tool call. Then:
 *    - Conversas shows the new conversation; its dialog thread has the patient's message on the left and the
 *      answer labelled "Assistente virtual" with a status badge ("Enviando", then "Enviado");
 *    - the fake Twilio received that answer (From = Ana's number, To = the patient);
 *    - Compromissos lists the booked appointment with the badge "Agendado pelo assistente".
 * 2. Delivery status: post the signed status callback (TWILIO_STATUS_WEBHOOK_PATH) "delivered" for the answer's
 *    MessageSid: the badge turns "Entregue" within a poll (5 s). A "failed" callback with ErrorCode 30007 turns it
 *    "Falhou" and shows the explanation under the message (TWILIO_ERROR_EXPLANATIONS["30007"]).
 * 3. Professional's reply: the dialog shows "Janela do WhatsApp: 23 h 59 min restantes" (or close to it); type a
 *    reply, press Control+Enter; toast "Mensagem enviada.", the textbox empties, the message appears labelled
 *    "Profissional", the conversation status becomes "Em Atendimento", and the fake Twilio received the text.
 *    Empty content shows "Escreva uma mensagem." without a request.
 * 4. Closed window: a conversation whose patient's last message is more than 24 h old (seed or backdate it)
 *    shows MSG.replyWindowClosed, and the textbox and 'Enviar' are disabled; a forced POST answers 409.
 * 5. Testar assistente (/configuracoes/assistente): write as a patient, see the reply and the action line
 *    "Agendaria … (teste: nada foi gravado)", and check that no appointment was created; "Limpar conversa"
 *    empties the chat. With no AI provider configured the card shows the 503 detail
 *    ("Nenhum provedor de IA está configurado no servidor…") in its alert.
 *
 * Put back any shared demo data the flow changes (see whatsapp-dashboard-assistant.spec.ts).
 */
test.describe("assistant and WhatsApp conversation", () => {
  test.skip(true, "Draft: needs the fake Twilio and LLM servers in the e2e server.");

  test("a patient's message is answered by the assistant and the professional replies", async ({ page }) => {
    await signInViaApi(page, PROFESSIONAL);
    // TODO: deliver a signed inbound message through the fake Twilio (step 1) and note the patient's phone.
    const patientName = "TODO";

    await page.goto("/conversas");
    await page.getByRole("list", { name: "Conversas" }).getByRole("button").filter({ hasText: patientName }).click();
    const dialog = page.getByRole("dialog");
    const thread = dialog.getByRole("list", { name: "Mensagens" });
    await expect(thread.getByText("Assistente virtual").first()).toBeVisible();
    await expect(thread.getByText(/^(Enviando|Enviado|Entregue)$/).first()).toBeVisible();

    const reply = dialog.getByRole("form", { name: "Responder ao paciente" });
    await expect(reply.getByText(/^Janela do WhatsApp: \d+ h( \d+ min)? restantes$/)).toBeVisible();

    const box = reply.getByRole("textbox", { name: "Sua resposta" });
    await reply.getByRole("button", { name: "Enviar" }).click();
    await expect(reply.getByText("Escreva uma mensagem.")).toBeVisible();

    await box.fill("Olá! Aqui é a Dra. Ana. Confirmo a sua consulta.");
    await box.press("Control+Enter");
    await expect(toastWith(page, "Mensagem enviada.")).toBeVisible();
    await expect(box).toHaveValue("");
    await expect(thread.getByRole("listitem").last()).toContainText("Profissional");
    await expect(dialog.getByText("Em Atendimento")).toBeVisible();
    // TODO: assert the fake Twilio received the reply; post delivered / failed status callbacks (step 2).
  });

  test("a closed 24-hour window disables the reply box", async ({ page }) => {
    await signInViaApi(page, PROFESSIONAL);
    // TODO: open a conversation whose patient's last message is more than 24 hours old (step 4).
    const reply = page.getByRole("dialog").getByRole("form", { name: "Responder ao paciente" });
    await expect(reply.getByText(/A janela de 24 horas do WhatsApp está fechada/)).toBeVisible();
    await expect(reply.getByRole("textbox", { name: "Sua resposta" })).toBeDisabled();
    await expect(reply.getByRole("button", { name: "Enviar" })).toBeDisabled();
  });

  test("'Testar assistente' simulates a booking without recording it", async ({ page }) => {
    await signInViaApi(page, PROFESSIONAL);
    await page.goto("/configuracoes/assistente");
    const card = page.getByRole("region", { name: "Testar assistente" });
    const chat = card.getByRole("log", { name: "Conversa de teste" });

    await card.getByRole("textbox", { name: "Mensagem como paciente" }).fill("Oi, queria marcar uma consulta amanhã às 14h");
    await card.getByRole("button", { name: "Enviar" }).click();
    await expect(chat.getByText("Assistente virtual")).toBeVisible({ timeout: 60_000 });
    await expect(chat.getByRole("list", { name: "Ações do assistente" })).toContainText("(teste: nada foi gravado)");
    // TODO: check through the API that no appointment was created for that date and time.

    await card.getByRole("button", { name: "Limpar conversa" }).click();
    await expect(chat.getByText("Nenhuma mensagem ainda.")).toBeVisible();
    // TODO: restart the e2e server without an AI provider and check the 503 detail in the card's alert (step 5).
  });
});
