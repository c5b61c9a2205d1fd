import { formatCpf, generateCpf } from "@clinora/contracts";
import { test } from "@playwright/test";
import { PROFESSIONAL, signInViaApi, storedSessionId } from "./fixtures";
import { expect, expectToast, uniqueSuffix } from "./patients-tasks-helpers";

test.describe("Meus pacientes", () => {
  // Several dialogs and server round trips per flow: more than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 90_000 });

  test.beforeEach(async ({ page }) => {
    await signInViaApi(page, PROFESSIONAL);
    await page.goto("/pacientes");
    await expect(page.getByRole("heading", { level: 1, name: "Meus pacientes" })).toBeVisible();
  });

  test("registers a patient, finds it by accent-free name and by CPF, then edits it", async ({ page }) => {
    const suffix = uniqueSuffix();
    const name = `Conceição Ávila ${suffix}`;
    const cpf = generateCpf(Math.random);
    const phoneDigits = `119${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    const formattedPhone = `(11) ${phoneDigits.slice(2, 7)}-${phoneDigits.slice(7)}`;

    await page.getByRole("button", { name: "Novo paciente" }).click();
    const dialog = page.getByRole("dialog", { name: "Novo paciente" });
    await dialog.getByLabel("Nome completo").fill(name);
    await dialog.getByLabel("CPF").fill(cpf);
    await dialog.getByLabel("Telefone").fill(phoneDigits);
    await dialog.getByLabel("Email").fill(`conceicao.${suffix}@exemplo.com.br`);
    await dialog.getByLabel("Histórico médico").fill("Hipertensão controlada");
    await dialog.getByRole("button", { name: "Cadastrar paciente" }).click();
    await expectToast(page, "Paciente cadastrado com sucesso!");
    await expect(dialog).toBeHidden();

    const search = page.getByRole("searchbox", { name: "Buscar pacientes" });
    const card = page.getByRole("article", { name });
    await search.fill(`conceicao avila ${suffix}`);
    await expect(card).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(card).toContainText(formattedPhone);
    await expect(card.getByText("Histórico", { exact: true })).toBeVisible();
    await expect(card.getByText("Notas", { exact: true })).toHaveCount(0);

    await search.fill(formatCpf(cpf));
    await expect(card).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(1);

    await card.getByRole("button", { name: `Editar ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Editar paciente" });
    await expect(edit.getByLabel("CPF")).toHaveValue(formatCpf(cpf));
    await expect(edit.getByLabel("Telefone")).toHaveValue(formattedPhone);
    await edit.getByLabel("Notas").fill("Prefere atendimento online");
    await edit.getByLabel("Horário preferido").fill("Manhãs");
    await edit.getByRole("button", { name: "Salvar alterações" }).click();
    await expectToast(page, "Paciente atualizado com sucesso!");
    await expect(card.getByText("Notas", { exact: true })).toBeVisible();
    await expect(card).toContainText("Horário preferido: Manhãs");

    // "Ver detalhes" shows the patient read-only (no text box), with Editar to change it.
    await card.getByRole("button", { name: `Ver detalhes de ${name}` }).click();
    const details = page.getByRole("dialog", { name });
    await expect(details.getByText("Prefere atendimento online")).toBeVisible();
    await expect(details.getByText(formatCpf(cpf))).toBeVisible();
    await expect(details.getByRole("textbox")).toHaveCount(0);
    await details.getByRole("button", { name: "Editar" }).click();
    await expect(page.getByRole("dialog", { name: "Editar paciente" }).getByLabel("Notas")).toHaveValue("Prefere atendimento online");
  });

  test("an edit saved while the new search was still loading shows on the card (the search read before the save)", async ({ page }) => {
    // The race of a busy machine, made certain: the CPF search reaches the server and is read before the edit is
    // saved, and its answer reaches the screen only after. The refresh after the save must not keep that answer.
    const name = `Otávio Prado ${uniqueSuffix()}`;
    const cpf = generateCpf(Math.random);
    const created = await page.request.post("/api/patients", { headers: { "X-Session-ID": (await storedSessionId(page))! }, data: { name, cpf } });
    expect(created.ok(), await created.text()).toBe(true);

    const search = page.getByRole("searchbox", { name: "Buscar pacientes" });
    const card = page.getByRole("article", { name });
    await search.fill(name);
    await expect(card).toBeVisible();

    let releaseSearch: () => void = () => {};
    const saved = new Promise<void>((resolve) => (releaseSearch = resolve));
    const searchRead = new Promise<void>((resolve) => {
      let held = false;
      void page.route(
        (url) => url.pathname === "/api/patients" && url.searchParams.get("search") === formatCpf(cpf),
        async (route) => {
          if (held) return route.continue();
          held = true;
          const answer = await route.fetch();
          resolve();
          await saved;
          // The screen may have dropped this request meanwhile (a refresh restarts it): nothing to answer then.
          await route.fulfill({ response: answer }).catch(() => {});
        },
      );
    });
    await search.fill(formatCpf(cpf));
    await searchRead;

    // The card still shows the name search's answer, as the screen keeps it while the new one loads.
    await card.getByRole("button", { name: `Editar ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Editar paciente" });
    await edit.getByLabel("Notas").fill("Prefere atendimento online");
    const put = page.waitForResponse((response) => response.request().method() === "PUT" && response.url().includes("/api/patients/"));
    await edit.getByRole("button", { name: "Salvar alterações" }).click();
    expect((await put).ok()).toBe(true);
    await expectToast(page, "Paciente atualizado com sucesso!");
    releaseSearch();

    await expect(card.getByText("Notas", { exact: true })).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(1);
  });

  test("checks the CPF and phone before sending, and says when a search finds nobody", async ({ page }) => {
    await page.getByRole("button", { name: "Novo paciente" }).click();
    const dialog = page.getByRole("dialog", { name: "Novo paciente" });
    await dialog.getByRole("button", { name: "Cadastrar paciente" }).click();
    await expect(dialog.getByText("Nome do paciente é obrigatório")).toBeVisible();

    await dialog.getByLabel("Nome completo").fill("Paciente Inválido");
    await dialog.getByLabel("CPF").fill("111.444.777-00");
    await dialog.getByLabel("Telefone").fill("1234");
    await dialog.getByRole("button", { name: "Cadastrar paciente" }).click();
    await expect(dialog.getByText("CPF inválido")).toBeVisible();
    await expect(dialog.getByText("Telefone inválido. Use DDD e número, ex.: (11) 98765-4321")).toBeVisible();
    await dialog.getByRole("button", { name: "Cancelar" }).click();

    await page.getByRole("searchbox", { name: "Buscar pacientes" }).fill(`ninguem ${uniqueSuffix()}`);
    await expect(page.getByRole("heading", { name: "Nenhum paciente encontrado" })).toBeVisible();
    await page.getByRole("button", { name: "Limpar busca" }).first().click();
    await expect(page.getByRole("article").first()).toBeVisible();
  });
});
