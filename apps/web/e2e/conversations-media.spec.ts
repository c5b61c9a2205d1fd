import { readFileSync } from "node:fs";
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { closedWindowConversation, PROFESSIONAL, signInViaApi, toastWith } from "./fixtures";
import { patientSends, patientSendsAndHears, pdfFile, photoFile, phoneUrl, randomPhone, sentTo, voiceNote } from "./media-fixtures";

// The flows share a busy machine with other suites: first paints can take several seconds.
const expect = baseExpect.configure({ timeout: 20_000 });
test.setTimeout(180_000);

/**
 * Files in WhatsApp conversations (docs/decisions/026), against the e2e server with Twilio and OpenAI played by the stand-ins
 * (apps/server/src/scripts/e2e-server.ts): the patient's files are fetched from the fake Twilio by the server's job,
 * voice notes transcribed by the fake OpenAI, and the rule-based receptionist answers the transcript as typed text.
 */
const SURNAMES = ["Prado", "Teixeira", "Moura", "Siqueira", "Ribeiro", "Campos", "Vidal", "Lacerda"];
const pick = () => SURNAMES[Math.floor(Math.random() * SURNAMES.length)];
/** A name the patient can say (letters only), different on every run. */
const randomName = () => `Lúcia ${pick()} ${pick()}`;

/** A weekday 40 to 60 days ahead, past the demo's appointments: its date and dd/MM for what the patient says. */
function farWeekday(): { iso: string; ddmm: string } {
  const date = new Date(Date.now() + (40 + Math.floor(Math.random() * 20)) * 86_400_000);
  while ([0, 6].includes(date.getUTCDay())) date.setUTCDate(date.getUTCDate() + 1);
  const iso = date.toISOString().slice(0, 10);
  return { iso, ddmm: `${iso.slice(8, 10)}/${iso.slice(5, 7)}` };
}

/** Months from this month (in São Paulo) to the month of `iso`: how many 'Próximo mês' clicks reach it. */
function monthsAhead(iso: string): number {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
  return (Number(iso.slice(0, 4)) - Number(today.slice(0, 4))) * 12 + Number(iso.slice(5, 7)) - Number(today.slice(5, 7));
}

async function openConversationOf(page: Page, name: string) {
  await page.goto("/conversas");
  await page.getByPlaceholder(/Buscar/).fill(name);
  await page.getByRole("list", { name: "Conversas" }).getByRole("button").filter({ hasText: name }).first().click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("list", { name: "Mensagens" })).toBeVisible();
  return dialog;
}

test("a patient's voice notes ask for a time and end as an appointment booked by the assistant; Conversas shows the player and the transcript", async ({ page }) => {
  const phone = randomPhone();
  const name = randomName();
  const day = farWeekday();
  const ask = `Olá! Eu queria marcar uma consulta para o dia ${day.ddmm}, por favor.`;

  // The first voice note asks for the day: the assistant answers the transcript with the free times.
  const offer = await patientSendsAndHears(page.request, phone, name, "", [{ contentType: "audio/wav", data: voiceNote(ask) }]);
  expect(offer).toContain("horários livres");
  const time = /\b([01]\d|2[0-3]):[0-5]\d\b/.exec(offer)![0];

  // The second picks a time and gives the name: booked, as if it had been typed.
  const choose = `Pode ser às ${time}. Meu nome é ${name}.`;
  const confirmation = await patientSendsAndHears(page.request, phone, name, "", [{ contentType: "audio/wav", data: voiceNote(choose) }]);
  expect(confirmation).toContain(`às ${time}`);
  expect(confirmation).toContain("agendada");

  await signInViaApi(page, PROFESSIONAL);
  await test.step("Compromissos shows the appointment marked 'Agendado pelo assistente'", async () => {
    await page.goto("/compromissos");
    await page.getByRole("tab", { name: "Lista" }).click();
    for (let i = 0; i < monthsAhead(day.iso); i++) await page.getByRole("button", { name: "Próximo mês" }).click();
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
    await expect(card).toBeVisible();
    await expect(card.getByText("Agendado pelo assistente")).toBeVisible();
    await expect(card).toContainText(time);
  });

  await test.step("Conversas lists the voice note and shows each one as a player with its transcript", async () => {
    await page.goto("/conversas");
    await page.getByPlaceholder(/Buscar/).fill(name);
    const row = page.getByRole("list", { name: "Conversas" }).getByRole("button").filter({ hasText: name }).first();
    // The last message is the assistant's confirmation; the list shows it as text.
    await expect(row).toContainText("agendada");
    await row.click();
    const dialog = page.getByRole("dialog");
    const thread = dialog.getByRole("list", { name: "Mensagens" });
    const players = thread.getByRole("figure", { name: "Áudio do paciente" });
    await expect(players).toHaveCount(2);
    const first = players.first();
    await expect(first.locator("audio")).toBeVisible();
    await expect(first.locator("audio")).toHaveAccessibleName("Áudio do paciente");
    await expect(first.getByText("Transcrição")).toBeVisible();
    await expect(first.getByText(ask)).toBeVisible();
    await expect(players.last().getByText(choose)).toBeVisible();
    // The player is described by the transcript, for a screen reader.
    await expect(first.locator("audio")).toHaveAccessibleDescription(new RegExp(`Transcrição.*${ask.slice(0, 20)}`));
    // The browser can play it: it read the audio's length from the file the server stored.
    await expect.poll(() => first.locator("audio").evaluate((audio: HTMLAudioElement) => audio.duration), { timeout: 15_000 }).toBeGreaterThan(1.5);
    await expect(thread.getByText(/Sua consulta ficou agendada/)).toBeVisible();
  });
});

test("the professional sends a PDF from the reply box and sees it in the thread; a wrong file is refused before the upload", async ({ page }) => {
  const phone = randomPhone();
  const name = `Documento ${Math.floor(Math.random() * 1e6)}`;
  await patientSendsAndHears(page.request, phone, name, "Oi, pode me mandar as orientações da consulta?");

  await signInViaApi(page, PROFESSIONAL);
  const dialog = await openConversationOf(page, name);
  const reply = dialog.getByRole("form", { name: "Responder ao paciente" });
  const attach = reply.getByRole("button", { name: /^Anexar arquivo/ });

  await test.step("a file of another type is refused with a Portuguese message and never uploaded", async () => {
    const chooser = page.waitForEvent("filechooser");
    await attach.click();
    await (await chooser).setFiles({ name: "planilha.zip", mimeType: "application/zip", buffer: Buffer.from("PK\u0003\u0004") });
    await expect(reply.getByRole("alert")).toHaveText("Tipo de arquivo não aceito. Envie uma imagem (JPEG, PNG ou WebP) ou um PDF.");
    await expect(reply.getByText("planilha.zip")).toHaveCount(0);
  });

  const fileName = `orientacoes-${Math.floor(Math.random() * 1e6)}.pdf`;
  const caption = "Segue o PDF com as orientações.";
  await test.step("a PDF with the box's text as its caption goes to the patient", async () => {
    const chooser = page.waitForEvent("filechooser");
    await attach.click();
    await (await chooser).setFiles({ name: fileName, mimeType: "application/pdf", buffer: pdfFile("Orientacoes pos-consulta") });
    await expect(reply.getByRole("alert")).toHaveCount(0);
    await expect(reply.getByText(fileName)).toBeVisible();
    await reply.getByRole("textbox", { name: "Sua resposta" }).fill(caption);

    // While the upload is on its way it shows its progress and can be cancelled, keeping the file and the caption.
    let held = 0;
    await page.route("**/api/conversations/*/attachments?**", () => {
      held += 1;
    });
    await reply.getByRole("button", { name: "Enviar" }).click();
    await expect(reply.getByRole("progressbar", { name: `Enviando ${fileName}` })).toBeVisible();
    await expect(reply.getByRole("button", { name: "Enviando arquivo..." })).toBeDisabled();
    await reply.getByRole("button", { name: "Cancelar envio" }).click();
    await expect(reply.getByRole("progressbar")).toHaveCount(0);
    await expect(reply.getByText(fileName)).toBeVisible();
    await expect(reply.getByRole("textbox", { name: "Sua resposta" })).toHaveValue(caption);
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
    expect(held).toBe(1);
    await page.unrouteAll({ behavior: "ignoreErrors" });

    await reply.getByRole("button", { name: "Enviar" }).click();
    await expect(toastWith(page, "Arquivo enviado.")).toBeVisible();
    await expect(reply.getByText(fileName)).toHaveCount(0);
    await expect(reply.getByRole("textbox", { name: "Sua resposta" })).toHaveValue("");
  });

  await test.step("the thread shows the document card with its name, size, open and download, then its delivery", async () => {
    const bubble = dialog.getByRole("list", { name: "Mensagens" }).getByRole("listitem").last();
    await expect(bubble).toContainText("Profissional");
    await expect(bubble.getByText(fileName)).toBeVisible();
    await expect(bubble.getByText(/^PDF · \d+ bytes$|^PDF · \d+ KB$/)).toBeVisible();
    await expect(bubble.getByText(caption)).toBeVisible();
    // Baixar saves the file the server stored, under its own name.
    const download = page.waitForEvent("download");
    await bubble.getByRole("button", { name: `Baixar ${fileName}` }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe(fileName);
    expect(readFileSync((await saved.path())!, "latin1")).toContain("Orientacoes pos-consulta");
    // Abrir opens it in a new tab.
    const tab = page.waitForEvent("popup");
    await bubble.getByRole("button", { name: `Abrir ${fileName}` }).click();
    await expect.poll(async () => (await tab).url()).toMatch(/^blob:/);
    await (await tab).close();
    // Twilio fetched the file from its signed link and delivered it.
    await expect(bubble.getByText(/^(Enviado|Entregue|Lido)$/)).toBeVisible({ timeout: 30_000 });
  });

  await expect.poll(async () => (await sentTo(page.request, phone)).some((m) => m.body === caption)).toBe(true);
});

test("a file that cannot be fetched shows 'Mídia indisponível' in the thread, and the rest of the message stays; a photo opens full size by keyboard", async ({ page }) => {
  const phone = randomPhone();
  const name = `Sem Mídia ${Math.floor(Math.random() * 1e6)}`;
  // A Twilio media address that holds nothing: the server's fetch gets 404 and gives up on it.
  const lost = `${phoneUrl.replace("/_stand-in", "")}/2010-04-01/Accounts/AC${"d".repeat(32)}/Messages/MM${"0".repeat(32)}/Media/ME${"0".repeat(32)}`;
  await patientSends(page.request, phone, name, "Segue a foto do exame", [{ contentType: "image/jpeg", url: lost }]);

  await signInViaApi(page, PROFESSIONAL);
  const dialog = await openConversationOf(page, name);
  const bubble = dialog.getByRole("list", { name: "Mensagens" }).getByRole("listitem").filter({ hasText: "Segue a foto do exame" });
  await expect(bubble.getByText("Mídia indisponível")).toBeVisible({ timeout: 30_000 });
  await expect(bubble.getByText("Foto", { exact: true })).toBeVisible();
  await expect(bubble.getByRole("img")).toHaveCount(0);

  // The photo sent again arrives; by keyboard its thumbnail opens full size and Escape brings focus back to it.
  await patientSends(page.request, phone, name, "", [{ contentType: "image/png", data: photoFile() }]);
  const thumbnail = dialog.getByRole("button", { name: "Ampliar Foto" });
  await expect(thumbnail).toBeVisible({ timeout: 30_000 });
  await thumbnail.focus();
  await page.keyboard.press("Enter");
  const viewer = page.getByRole("dialog", { name: "Foto" });
  await expect(viewer.getByRole("img", { name: "Foto enviada pelo paciente: Foto" })).toBeVisible();
  await expect(viewer.getByRole("link", { name: "Baixar" })).toHaveAttribute("download", "foto.png");
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
  await expect(thumbnail).toBeFocused();

  // Escape the moment the viewer is put on the page, before the conversation below has learnt of it (Radix tells the
  // layers with its "dismissableLayer.update" event): the viewer alone closes, the conversation stays.
  await page.evaluate(() => {
    document.addEventListener(
      "dismissableLayer.update",
      () => {
        (window as { escapedAtOpen?: boolean }).escapedAtOpen = true;
        document.activeElement?.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true }));
      },
      { once: true },
    );
  });
  await page.keyboard.press("Enter");
  await expect.poll(() => page.evaluate(() => (window as { escapedAtOpen?: boolean }).escapedAtOpen)).toBe(true);
  await expect(viewer).toBeHidden();
  await expect(page.getByRole("dialog", { name })).toBeVisible();
  await expect(thumbnail).toBeFocused();
});

test("the attach button follows the reply box: disabled with the reason once WhatsApp's 24-hour window closed, absent on web chat", async ({ page }) => {
  const session = await signInViaApi(page, PROFESSIONAL);
  const headers = { "X-Session-ID": session };
  const closed = await closedWindowConversation(page, session);

  const dialog = await openConversationOf(page, closed.patient_name);
  const reply = dialog.getByRole("form", { name: "Responder ao paciente" });
  await expect(reply.getByText(/A janela de 24 horas do WhatsApp está fechada/)).toBeVisible();
  await expect(reply.getByRole("button", { name: /^Anexar arquivo/ })).toBeDisabled();
  // The server refuses a file all the same (409), with its reason.
  const forced = await page.request.post(`/api/conversations/${closed.id}/attachments?file_name=guia.pdf`, {
    headers: { ...headers, "Content-Type": "application/pdf" },
    data: pdfFile(),
  });
  expect(forced.status()).toBe(409);

  await page.keyboard.press("Escape");
  await page.getByPlaceholder(/Buscar/).fill("");
  await page.getByRole("combobox", { name: "Filtrar por canal" }).click();
  await page.getByRole("option", { name: "Web Chat", exact: true }).click();
  await page.getByRole("list", { name: "Conversas" }).getByRole("button").first().click();
  const webChat = page.getByRole("dialog").getByRole("form", { name: "Responder ao paciente" });
  await expect(webChat.getByRole("textbox", { name: "Sua resposta" })).toBeVisible();
  await expect(webChat.getByRole("button", { name: /^Anexar arquivo/ })).toHaveCount(0);
});
