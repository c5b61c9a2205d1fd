import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { ADMIN, chooseOption, FIRST_LOAD_MS, signInViaApi, toastWith } from "./fixtures";

/** RFC 4180 reader with the app's ';' separator: quoted fields may hold separators, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ";") {
      row.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i += 1;
    } else field += c;
  }
  row.push(field);
  rows.push(row);
  return rows;
}

test.describe("admin leads", () => {
  // Whole create-to-delete journeys: more steps than the default 30 s allow on a busy machine.
  test.slow();

  let session: string;

  test.beforeEach(async ({ page }) => {
    session = await signInViaApi(page, ADMIN);
    await page.goto("/admin/leads");
    await expect(page.getByRole("heading", { name: "Gerenciamento de leads" })).toBeVisible({ timeout: FIRST_LOAD_MS });
  });

  test("creates a lead, filters the list and exports exactly the filtered leads as CSV", async ({ page }) => {
    const id = randomUUID().slice(0, 8);
    const name = `Dra. Conceição "Ção" Araújo, ${id}`;
    const source = `Feira E2E ${id}`;
    const notes = "Prefere contato à tarde; pediu proposta, com desconto";

    await page.getByRole("button", { name: "Novo lead" }).click();
    const dialog = page.getByRole("dialog", { name: "Novo lead" });
    await dialog.getByRole("button", { name: "Criar lead" }).click();
    await expect(dialog.getByText("Informe o nome do lead")).toHaveCount(1);
    await expect(dialog.getByText("Informe um contato (telefone, email ou rede social)")).toHaveCount(1);
    await dialog.getByLabel("Nome").fill(name);
    await dialog.getByLabel("Contato").fill(`conceicao.${id}@exemplo.com`);
    await chooseOption(page, "Status", "Contatado");
    await dialog.getByLabel("Origem").fill(source);
    await dialog.getByLabel("Observações").fill(notes);
    await dialog.getByRole("button", { name: "Criar lead" }).click();
    await expect(toastWith(page, "Lead criado com sucesso!")).toBeVisible();

    await page.getByRole("button", { name: "Novo lead" }).click();
    const second = page.getByRole("dialog", { name: "Novo lead" });
    await second.getByLabel("Nome").fill(`Dr. Paulo Ramos ${id}`);
    await second.getByLabel("Contato").fill("(21) 99876-1234");
    await second.getByLabel("Origem").fill(source);
    await second.getByRole("button", { name: "Criar lead" }).click();
    await expect(second).toBeHidden();

    // Search by name or contact, accents aside.
    await page.getByRole("searchbox", { name: "Buscar leads" }).fill(`conceicao.${id}`);
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(page.getByRole("row")).toHaveCount(2);
    await expect(row).toContainText("Contatado");
    await expect(row).toContainText(source);
    await expect(row.getByRole("img", { name: "Email" })).toBeVisible();
    await expect(row).toContainText(/há menos de um minuto|há 1 minuto/);

    await chooseOption(page, "Status", "Convertido");
    await expect(page.getByText("Nenhum lead encontrado")).toBeVisible();
    await chooseOption(page, "Status", "Todos os status");
    await page.getByRole("searchbox", { name: "Buscar leads" }).fill("");

    // The source filter's options come from the stats' top sources.
    await chooseOption(page, "Origem", source);
    await expect(page.getByRole("row")).toHaveCount(3);
    const phoneRow = page.getByRole("row").filter({ hasText: `Dr. Paulo Ramos ${id}` });
    await expect(phoneRow).toContainText("Novo");
    await expect(phoneRow).toContainText("(21) 99876-1234");
    await expect(phoneRow.getByRole("img", { name: "Telefone" })).toBeVisible();

    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("button", { name: "Exportar" }).click();
    const download = await downloadPromise;
    await expect(toastWith(page, "Exportação concluída!")).toBeVisible();
    expect(download.suggestedFilename()).toMatch(/^leads_\d{4}-\d{2}-\d{2}\.csv$/);

    const text = await readFile(await download.path(), "utf8");
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [header, ...records] = parseCsv(text.slice(1));
    expect(header).toEqual(["Nome", "Contato", "Status", "Origem", "Observações", "Criado em", "Atualizado em"]);
    expect(records.map((r) => r[0]).sort()).toEqual([`Dr. Paulo Ramos ${id}`, name].sort());
    const exported = records.find((r) => r[0] === name);
    expect(exported?.slice(1, 5)).toEqual([`conceicao.${id}@exemplo.com`, "Contatado", source, notes]);
    expect(exported?.[5]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  });

  test("edits and deletes a lead from its row", async ({ page }) => {
    const id = randomUUID().slice(0, 8);
    const name = `Lead Editável ${id}`;
    const created = await page.request.post("/api/leads", {
      headers: { "X-Session-ID": session },
      data: { name, contact_form: `editavel.${id}@exemplo.com`, source: "Site" },
    });
    expect(created.status()).toBe(201);

    await page.getByRole("searchbox", { name: "Buscar leads" }).fill(id);
    await page.getByRole("button", { name: `Ações de ${name}` }).click();
    await page.getByRole("menuitem", { name: "Ver detalhes" }).click();
    const details = page.getByRole("dialog", { name });
    await expect(details).toContainText(`editavel.${id}@exemplo.com`);
    await details.getByRole("button", { name: "Editar" }).click();

    const edit = page.getByRole("dialog", { name: "Editar lead" });
    await expect(edit.getByLabel("Nome")).toHaveValue(name);
    await chooseOption(page, "Status", "Convertido");
    await edit.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(toastWith(page, "Lead atualizado com sucesso!")).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: name })).toContainText("Convertido");

    await page.getByRole("button", { name: `Ações de ${name}` }).click();
    await page.getByRole("menuitem", { name: "Excluir" }).click();
    await page.getByRole("alertdialog", { name: "Excluir lead?" }).getByRole("button", { name: "Excluir" }).click();
    await expect(toastWith(page, "Lead excluído com sucesso!")).toBeVisible();
    await expect(page.getByText("Nenhum lead encontrado")).toBeVisible();
  });
});
