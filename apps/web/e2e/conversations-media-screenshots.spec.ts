import { expect, test, type Page } from "@playwright/test";
import { PHONE_VIEWPORT, PROFESSIONAL, screenshot, signInViaApi } from "./fixtures";
import { patientSends, patientSendsFiles, pdfFile, phoneUrl, VOICE_NOTE_TEXT } from "./media-fixtures";

/** What the viewport shows: the thread scrolls inside its dialog. */
const shot = (page: Page, name: string) => screenshot(page, name, { fullPage: false });

const VIEWPORTS = [
  { name: "desktop", size: { width: 1366, height: 800 } },
  { name: "phone", size: PHONE_VIEWPORT },
];

for (const viewport of VIEWPORTS) {
  test(`conversas with files, ${viewport.name}`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport.size);
    const session = await signInViaApi(page, PROFESSIONAL);
    const headers = { "X-Session-ID": session };
    const name = await patientSendsFiles(page.request, headers);
    const list = (await (await page.request.get(`/api/conversations?search=${encodeURIComponent(name)}`, { headers })).json()) as { items: { id: string; phone_number: string }[] };
    const conversation = list.items[0]!;
    // A file that never arrives, and a PDF the professional sends.
    const lost = `${phoneUrl.replace("/_stand-in", "")}/2010-04-01/Accounts/AC${"d".repeat(32)}/Messages/MM${"1".repeat(32)}/Media/ME${"1".repeat(32)}`;
    await patientSends(page.request, conversation.phone_number, name, "", [{ contentType: "image/jpeg", url: lost }]);
    const sent = await page.request.post(`/api/conversations/${conversation.id}/attachments?file_name=orientacoes-pos-consulta.pdf&caption=${encodeURIComponent("Segue a guia com as orientações.")}`, {
      headers: { ...headers, "Content-Type": "application/pdf" },
      data: pdfFile("Orientacoes"),
    });
    expect(sent.status()).toBe(201);

    await page.goto("/conversas");
    await expect(page.getByRole("list", { name: "Conversas" })).toBeVisible();
    await shot(page, `${viewport.name}-media-list`);

    await page.getByPlaceholder(/Buscar/).fill(name);
    await page.getByRole("list", { name: "Conversas" }).getByRole("button").filter({ hasText: name }).first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText(VOICE_NOTE_TEXT)).toBeVisible();
    await expect(dialog.getByText("Mídia indisponível")).toBeVisible({ timeout: 30_000 });
    await page.waitForTimeout(500);
    await dialog.getByText(VOICE_NOTE_TEXT).scrollIntoViewIfNeeded();
    await shot(page, `${viewport.name}-media-thread-audio`);
    await dialog.getByRole("button", { name: /^Ampliar/ }).scrollIntoViewIfNeeded();
    await shot(page, `${viewport.name}-media-thread-photo`);
    await dialog.getByText("orientacoes-pos-consulta.pdf").scrollIntoViewIfNeeded();
    await shot(page, `${viewport.name}-media-thread-documents`);

    await dialog.getByRole("button", { name: /^Ampliar/ }).click();
    await expect(page.getByRole("dialog", { name: /^Foto/ })).toBeVisible();
    await page.waitForTimeout(300);
    await shot(page, `${viewport.name}-media-photo-full`);
    await page.keyboard.press("Escape");

    const chooser = page.waitForEvent("filechooser");
    await dialog.getByRole("button", { name: /^Anexar arquivo/ }).click();
    await (await chooser).setFiles({ name: "receita-e-orientacoes.pdf", mimeType: "application/pdf", buffer: pdfFile() });
    await dialog.getByRole("textbox", { name: "Sua resposta" }).fill("Segue a receita.");
    await shot(page, `${viewport.name}-media-attached`);
  });
}
