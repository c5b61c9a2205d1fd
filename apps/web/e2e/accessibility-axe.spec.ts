import { expect, test, type Page } from "@playwright/test";
import { type AxeFinding, axeFindings, formatFindings } from "./axe";
import {
  ADMIN,
  type Account,
  FIRST_LOAD_MS,
  PHONE_VIEWPORT,
  PROFESSIONAL,
  signInViaApi,
  submitLogin,
  toastWith,
} from "./fixtures";
import { patientSendsFiles, pdfFile, VOICE_NOTE_TEXT } from "./media-fixtures";
import { saoPauloDate, uniqueSuffix } from "./patients-tasks-helpers";

/**
 * Every screen state a user meets (empty, loaded, error, dialog open, toast shown), checked with axe-core against
 * WCAG 2.2 A/AA at desktop and phone size. One sign-in per area; each state reaches its screen from
 * the previous one. To cover a new screen or dialog, add a row to the area's table: `visit` brings the page into
 * the state and waits until it is ready; axe then scans the whole page.
 */
interface ScreenState {
  name: string;
  /** Only at one size (e.g. the phone's slide-over menu). */
  only?: "desktop" | "phone";
  visit: (page: Page) => Promise<void>;
}

const VIEWPORTS = [
  { name: "desktop", size: { width: 1366, height: 800 } },
  { name: "phone", size: PHONE_VIEWPORT },
] as const;

/** Opens `path` and waits for its h1 and for every loading indicator to go. */
async function open(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible({ timeout: FIRST_LOAD_MS });
  await settled(page);
}

/** No spinner, skeleton or progress bar left. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"], [role="progressbar"], .animate-pulse')).toHaveCount(0, { timeout: FIRST_LOAD_MS });
}

async function openDialog(page: Page, trigger: () => Promise<void>, name?: string | RegExp): Promise<void> {
  await trigger();
  await expect(page.getByRole(name ? "dialog" : "dialog", name ? { name } : {}).last()).toBeVisible();
  await settled(page);
}

async function closeDialogs(page: Page): Promise<void> {
  while ((await page.getByRole("dialog").count()) > 0 || (await page.getByRole("alertdialog").count()) > 0) {
    await page.keyboard.press("Escape");
    await page.waitForTimeout(50);
  }
}

/** Makes one API address answer 500, so the screen shows its error state. */
async function failing(page: Page, pattern: string, visit: () => Promise<void>): Promise<void> {
  const handler = (route: Parameters<Parameters<Page["route"]>[1]>[0]) =>
    route.request().method() === "GET"
      ? route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "Erro interno" }) })
      : route.continue();
  await page.route(pattern, handler);
  try {
    await visit();
  } finally {
    await page.unroute(pattern, handler);
  }
}

async function apiSession(page: Page, account: Account): Promise<Record<string, string>> {
  const response = await page.request.post("/api/auth/login", { data: { email: account.email, password: account.password } });
  return { "X-Session-ID": ((await response.json()) as { session_id: string }).session_id };
}

const PROFESSIONAL_STATES: ScreenState[] = [
  {
    name: "Login (vazio)",
    visit: async (page) => {
      await page.goto("/login");
      await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible({ timeout: FIRST_LOAD_MS });
    },
  },
  {
    name: "Login (senha errada)",
    visit: async (page) => {
      await submitLogin(page, PROFESSIONAL.email, "SenhaErrada@1");
      await expect(page.getByRole("alert").first()).toBeVisible();
      await closeToasts(page);
    },
  },
  {
    name: "Painel com o aviso de boas-vindas",
    visit: async (page) => {
      await submitLogin(page, PROFESSIONAL.email, PROFESSIONAL.password);
      await expect(toastWith(page, "Bem-vindo ao Clinora!")).toBeVisible({ timeout: FIRST_LOAD_MS });
      await expect(page.getByRole("heading", { name: "Agenda de hoje" })).toBeVisible({ timeout: FIRST_LOAD_MS });
      await settled(page);
    },
  },
  {
    name: "Menu do celular aberto",
    only: "phone",
    visit: async (page) => {
      await closeToasts(page);
      await openDialog(page, () => page.getByRole("button", { name: "Abrir menu" }).click());
    },
  },
  ...(["Lista", "Linha do tempo", "Semana", "Mês"] as const).map(
    (tab): ScreenState => ({
      name: `Compromissos › ${tab}`,
      visit: async (page) => {
        if (!page.url().endsWith("/compromissos")) await open(page, "/compromissos", "Compromissos");
        await page.getByRole("tab", { name: tab }).click();
        await settled(page);
      },
    }),
  ),
  {
    name: "Compromissos › Novo compromisso",
    visit: (page) => openDialog(page, () => page.getByRole("button", { name: "Novo compromisso" }).first().click()),
  },
  {
    name: "Compromissos › Novo compromisso › Cadastrar novo paciente",
    visit: async (page) => {
      await page.getByRole("button", { name: "Cadastrar novo paciente" }).click();
      await settled(page);
    },
  },
  {
    name: "Compromissos › Novo compromisso com erros",
    visit: async (page) => {
      await closeDialogs(page);
      await openDialog(page, () => page.getByRole("button", { name: "Novo compromisso" }).first().click());
      await page.getByRole("dialog").getByRole("button", { name: /^(Agendar|Criar|Salvar)/ }).last().click();
      await expect(page.getByRole("dialog").getByRole("alert").first()).toBeVisible();
    },
  },
  {
    name: "Pacientes",
    visit: async (page) => {
      await closeDialogs(page);
      await open(page, "/pacientes", "Meus pacientes");
      await expect(page.getByRole("article").first()).toBeVisible();
    },
  },
  {
    name: "Pacientes › Novo paciente com erros",
    visit: async (page) => {
      await openDialog(page, () => page.getByRole("button", { name: "Novo paciente" }).first().click(), "Novo paciente");
      await page.getByRole("dialog").getByRole("button", { name: /^(Cadastrar|Criar|Salvar)/ }).last().click();
      await expect(page.getByRole("dialog").getByRole("alert").first()).toBeVisible();
    },
  },
  {
    name: "Pacientes › Ver detalhes",
    visit: async (page) => {
      await closeDialogs(page);
      await openDialog(page, () => page.getByRole("article").first().getByRole("button", { name: /^Ver detalhes/ }).click());
    },
  },
  {
    name: "Pacientes › Editar paciente",
    visit: (page) => openDialog(page, () => page.getByRole("dialog").last().getByRole("button", { name: "Editar", exact: true }).click(), "Editar paciente"),
  },
  {
    name: "Pacientes › Privacidade e dados (LGPD)",
    visit: async (page) => {
      await closeDialogs(page);
      await openDialog(page, () => page.getByRole("article").first().getByRole("button", { name: /^Privacidade e dados/ }).click());
    },
  },
  {
    name: "Pacientes (busca sem resultado)",
    visit: async (page) => {
      await closeDialogs(page);
      await page.getByRole("searchbox", { name: "Buscar pacientes" }).or(page.getByLabel("Buscar pacientes")).first().fill("nenhum paciente com este nome");
      await expect(page.getByRole("heading", { name: "Nenhum paciente encontrado" })).toBeVisible();
    },
  },
  {
    name: "Exportação LGPD (página para impressão)",
    visit: async (page) => {
      const headers = await apiSession(page, PROFESSIONAL);
      const patients = (await (await page.request.get("/api/patients?limit=1", { headers })).json()) as { items: { id: string }[] };
      const html = await (await page.request.get(`/api/patients/${patients.items[0]!.id}/export.html`, { headers })).text();
      await page.setContent(html);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    },
  },
  {
    name: "Conversas",
    visit: async (page) => {
      await open(page, "/conversas", "Conversas");
      await expect(page.getByRole("list", { name: "Conversas" })).toBeVisible();
    },
  },
  {
    name: "Conversas › conversa aberta",
    visit: async (page) => {
      await openDialog(page, () => page.getByRole("list", { name: "Conversas" }).getByRole("button").first().click());
      await expect(page.getByRole("dialog").getByRole("list", { name: "Mensagens" })).toBeVisible();
      await settled(page);
    },
  },
  {
    name: "Conversas › áudio com transcrição, foto e documento",
    visit: async (page) => {
      await closeDialogs(page);
      const name = await patientSendsFiles(page.request, await apiSession(page, PROFESSIONAL));
      await open(page, "/conversas", "Conversas");
      await page.getByPlaceholder(/Buscar/).fill(name);
      await openDialog(page, () => page.getByRole("list", { name: "Conversas" }).getByRole("button").filter({ hasText: name }).first().click());
      const thread = page.getByRole("dialog").getByRole("list", { name: "Mensagens" });
      await expect(thread.getByText(VOICE_NOTE_TEXT)).toBeVisible();
      await expect(thread.locator("audio")).toBeVisible();
      await expect(thread.getByRole("img", { name: /^Foto enviada pelo paciente/ })).toBeVisible();
      await expect(thread.getByRole("button", { name: "Baixar Documento PDF" })).toBeVisible();
      await settled(page);
    },
  },
  {
    name: "Conversas › foto ampliada",
    visit: async (page) => {
      await openDialog(page, () => page.getByRole("button", { name: /^Ampliar/ }).first().click(), /^Foto/);
      await expect(page.getByRole("dialog", { name: /^Foto/ }).getByRole("img")).toBeVisible();
    },
  },
  {
    name: "Conversas › arquivo anexado à resposta com erro",
    visit: async (page) => {
      await page.keyboard.press("Escape");
      const reply = page.getByRole("dialog").getByRole("form", { name: "Responder ao paciente" });
      const chooser = page.waitForEvent("filechooser");
      await reply.getByRole("button", { name: /^Anexar arquivo/ }).click();
      await (await chooser).setFiles({ name: "planilha.zip", mimeType: "application/zip", buffer: Buffer.from("PK") });
      await expect(reply.getByRole("alert")).toBeVisible();
    },
  },
  {
    name: "Conversas › arquivo anexado à resposta",
    visit: async (page) => {
      const reply = page.getByRole("dialog").getByRole("form", { name: "Responder ao paciente" });
      const chooser = page.waitForEvent("filechooser");
      await reply.getByRole("button", { name: /^Anexar arquivo/ }).click();
      await (await chooser).setFiles({ name: "orientacoes.pdf", mimeType: "application/pdf", buffer: pdfFile() });
      await expect(reply.getByText("orientacoes.pdf")).toBeVisible();
    },
  },
  {
    name: "Conversas (erro ao carregar)",
    visit: async (page) => {
      await closeDialogs(page);
      await failing(page, "**/api/conversations?**", async () => {
        await open(page, "/conversas", "Conversas");
        await expect(page.getByRole("button", { name: "Tentar novamente" })).toBeVisible();
      });
    },
  },
  {
    name: "Tarefas",
    visit: async (page) => {
      await closeToasts(page);
      await open(page, "/tarefas", "Tarefas");
      await expect(page.getByRole("list", { name: "Lista de tarefas" })).toBeVisible();
    },
  },
  {
    name: "Tarefas › Nova tarefa com erros",
    visit: async (page) => {
      await openDialog(page, () => page.getByRole("button", { name: "Nova tarefa" }).click(), "Nova tarefa");
      await page.getByRole("dialog").getByRole("button", { name: "Criar tarefa" }).click();
      await expect(page.getByRole("dialog").getByText("Título é obrigatório")).toBeVisible();
    },
  },
  {
    name: "Tarefas (busca sem resultado)",
    visit: async (page) => {
      await closeDialogs(page);
      await page.getByLabel("Buscar tarefas").fill("nenhuma tarefa com este título");
      await expect(page.getByRole("heading", { name: "Nenhuma tarefa encontrada" })).toBeVisible();
    },
  },
  ...(["Atendimento", "Pessoal", "Consultas", "Google Calendar", "WhatsApp"] as const).map(
    (tab): ScreenState => ({
      name: `Configurações › ${tab}`,
      visit: async (page) => {
        if (!page.url().endsWith("/configuracoes")) await open(page, "/configuracoes", "Configurações");
        await page.getByRole("tab", { name: tab }).click();
        await settled(page);
      },
    }),
  ),
  {
    name: "Configurações › Consultas › Página de agendamento com erros",
    visit: async (page) => {
      await page.getByRole("tab", { name: "Consultas" }).click();
      const card = page.getByRole("region", { name: "Página de agendamento" });
      await expect(card.getByRole("img", { name: /^QR code do endereço/ })).toBeVisible({ timeout: FIRST_LOAD_MS });
      // Nothing is saved: every field is refused before the call.
      await card.getByRole("textbox", { name: "Endereço da página" }).fill("-");
      await card.getByRole("textbox", { name: "Nome do tipo 1" }).fill("");
      await card.getByRole("button", { name: "Adicionar tipo" }).click();
      await card.getByRole("button", { name: "Salvar página de agendamento" }).click();
      await expect(card.getByRole("alert").first()).toBeVisible();
      await settled(page);
    },
  },
  {
    name: "Configurações › Assistente",
    visit: async (page) => {
      await open(page, "/configuracoes/assistente", /./);
      await expect(page.getByRole("button", { name: "Salvar configurações" })).toBeVisible();
      await settled(page);
    },
  },
  {
    name: "Página não encontrada",
    visit: (page) => open(page, "/endereco-inexistente", "Página não encontrada"),
  },
  {
    name: "Web chat (página pública)",
    visit: async (page) => {
      const headers = await apiSession(page, PROFESSIONAL);
      const settings = (await (await page.request.get("/api/web-chat", { headers })).json()) as { embed_snippet: string };
      const [, origin, token] = /src="([^"]+)\/widget\.js" data-clinora-chat="([^"]+)"/.exec(settings.embed_snippet)!;
      await page.goto(`${origin}/chat/${token}`);
      await expect(page.getByRole("textbox", { name: "Sua mensagem" })).toBeEnabled({ timeout: FIRST_LOAD_MS });
    },
  },
  {
    name: "Web chat (endereço inválido)",
    visit: async (page) => {
      await page.goto("/chat/naoexistenenhumchat");
      await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Carregando…", { timeout: FIRST_LOAD_MS });
    },
  },
];

const ADMIN_STATES: ScreenState[] = [
  {
    name: "Painel",
    visit: async (page) => {
      await open(page, "/admin", "Painel");
      await expect(page.getByRole("img", { name: /^Últimos 30 dias/ })).toBeVisible();
    },
  },
  {
    name: "Profissionais",
    visit: async (page) => {
      await open(page, "/admin/profissionais", "Gerenciamento de profissionais");
      await expect(page.getByRole("button", { name: "Ações de Dra. Ana Souza" })).toBeVisible();
    },
  },
  {
    name: "Profissionais › detalhes",
    visit: async (page) => {
      await page.getByRole("button", { name: "Ações de Dra. Ana Souza" }).click();
      await openDialog(page, () => page.getByRole("menuitem", { name: "Ver detalhes" }).click(), "Dra. Ana Souza");
    },
  },
  {
    name: "Profissionais › Novo profissional com erros",
    visit: async (page) => {
      await closeDialogs(page);
      await openDialog(page, () => page.getByRole("button", { name: "Novo profissional" }).click(), "Novo profissional");
      await page.getByRole("dialog").getByRole("button", { name: "Criar profissional" }).click();
      await expect(page.getByRole("dialog").getByText("Nome completo é obrigatório")).toBeVisible();
    },
  },
  {
    name: "Leads",
    visit: async (page) => {
      await closeDialogs(page);
      await open(page, "/admin/leads", "Gerenciamento de leads");
      await expect(page.getByRole("button", { name: /^Ações de / }).first()).toBeVisible();
    },
  },
  {
    name: "Leads › detalhes",
    visit: async (page) => {
      await page.getByRole("button", { name: /^Ações de / }).first().click();
      await openDialog(page, () => page.getByRole("menuitem", { name: "Ver detalhes" }).click());
    },
  },
  {
    name: "Leads › Novo lead",
    visit: async (page) => {
      await closeDialogs(page);
      await openDialog(page, () => page.getByRole("button", { name: "Novo lead" }).click(), "Novo lead");
    },
  },
  {
    name: "Sistema › Usuários",
    visit: async (page) => {
      await closeDialogs(page);
      await open(page, "/admin/sistema", "Sistema");
      await expect(page.getByRole("button", { name: /^Ações de / }).first()).toBeVisible();
    },
  },
  {
    name: "Sistema › seleção em massa",
    visit: async (page) => {
      await page.getByRole("checkbox", { name: "Selecionar todos" }).first().click();
      await settled(page);
    },
  },
  {
    name: "Sistema › Nova conta profissional com erros",
    visit: async (page) => {
      await page.getByRole("checkbox", { name: "Selecionar todos" }).first().click();
      await openDialog(page, () => page.getByRole("button", { name: "Nova conta profissional" }).click());
      await page.getByRole("dialog").getByRole("button", { name: "Criar conta" }).click();
      await expect(page.getByRole("dialog").getByRole("alert").first()).toBeVisible();
    },
  },
  {
    name: "Sistema › Criar usuário",
    visit: async (page) => {
      await closeDialogs(page);
      await openDialog(page, () => page.getByRole("button", { name: "Criar usuário" }).click());
    },
  },
  {
    name: "Sistema › menu de ações de um usuário",
    visit: async (page) => {
      await closeDialogs(page);
      // A suspended demo account (marcelo…), never the signed-in admin, who cannot delete themselves.
      await page.getByRole("searchbox", { name: "Buscar usuários" }).fill("marcelo");
      await page.getByRole("button", { name: /^Ações de marcelo/ }).filter({ visible: true }).first().click();
      await expect(page.getByRole("menuitem", { name: "Excluir" })).toBeVisible();
    },
  },
  {
    name: "Sistema › Excluir usuário",
    visit: async (page) => {
      await page.getByRole("menuitem", { name: "Excluir" }).click();
      await expect(page.getByRole("alertdialog").or(page.getByRole("dialog")).first()).toBeVisible();
      await settled(page);
    },
  },
  {
    name: "Sistema (busca sem resultado)",
    visit: async (page) => {
      await closeDialogs(page);
      await page.getByRole("searchbox", { name: "Buscar usuários" }).fill("nenhum-usuario-com-este-texto");
      await expect(page.getByText("Nenhum usuário encontrado").first()).toBeVisible();
    },
  },
  {
    name: "Sistema › Configurações de IA",
    visit: async (page) => {
      await closeDialogs(page);
      await open(page, "/admin/sistema?tab=ai-settings", "Sistema");
      await expect(page.getByRole("button", { name: "Salvar configurações" })).toBeVisible();
    },
  },
  {
    name: "Sistema › detalhes do usuário",
    visit: async (page) => {
      const headers = await apiSession(page, ADMIN);
      const users = (await (await page.request.get(`/api/users?search=${encodeURIComponent(PROFESSIONAL.email)}`, { headers })).json()) as { items: { id: string }[] };
      await open(page, `/admin/usuario?userId=${users.items[0]!.id}`, /./);
      await expect(page.getByText("Informações do profissional")).toBeVisible();
    },
  },
  {
    name: "WhatsApp",
    visit: async (page) => {
      await open(page, "/admin/whatsapp", "WhatsApp via Twilio");
      await expect(page.getByText("Recebidas (24h)")).toBeVisible();
    },
  },
  {
    name: "WhatsApp › Adicionar número",
    visit: (page) => openDialog(page, () => page.getByRole("button", { name: "Adicionar número" }).click()),
  },
  {
    name: "WhatsApp › Webhook",
    visit: async (page) => {
      await closeDialogs(page);
      await open(page, "/admin/whatsapp/webhook", "Webhook do WhatsApp");
    },
  },
];

/** The fake Twilio of the e2e server (apps/server/src/scripts/e2e-server.ts): the patients' phones. */
const phoneUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? "3100") + 1}/_stand-in`;
const ANA_NUMBER = "whatsapp:+5511940000001";
const randomPhone = () => `+55119${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;

/** What the popups-and-alerts table opens: a patient with a booked time far ahead, an urgent and a failed conversation. */
interface FirstWeekData {
  patientName: string;
  /** dd/mm/aaaa of the booked day; 10:10-11:00 is taken. */
  bookedDay: string;
  urgentName: string;
  failedName: string;
  failedText: string;
}

async function prepareFirstWeekData(page: Page, daysAhead: number): Promise<FirstWeekData> {
  const headers = await apiSession(page, PROFESSIONAL);
  const id = uniqueSuffix();
  const patientName = `Paciente Conflito ${id}`;
  const patient = (await (await page.request.post("/api/patients", { headers, data: { name: patientName } })).json()) as { id: string };
  // A weekday months ahead that no other flow books (one per screen size).
  let day = new Date(`${saoPauloDate(daysAhead)}T12:00:00Z`);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day = new Date(day.getTime() + 86_400_000);
  const date = day.toISOString().slice(0, 10);
  const booked = await page.request.post("/api/appointments", {
    headers,
    data: { patient_id: patient.id, appointment_date: date, appointment_time: "10:10", appointment_type: "Consulta" },
  });
  // 409: an earlier run against the same server already took 10:10 that day, which is just as good a clash.
  expect(booked.ok() || booked.status() === 409, await booked.text()).toBe(true);

  const urgentPhone = randomPhone();
  const urgentName = `Urgente Axe ${id}`;
  await page.request.post(`${phoneUrl}/inbound`, { data: { from: urgentPhone, to: ANA_NUMBER, body: "às vezes penso em me machucar", profileName: urgentName } });

  // A reply the fake Twilio refuses (21408, a failure the platform can fix): the thread offers Reenviar.
  const failedPhone = randomPhone();
  const failedName = `Falha Axe ${id}`;
  const failedText = `Sua guia ficou pronta (${id}).`;
  await page.request.post(`${phoneUrl}/inbound`, { data: { from: failedPhone, to: ANA_NUMBER, body: "Olá, bom dia", profileName: failedName } });
  const conversationOf = async (name: string) => {
    let found: string | undefined;
    await expect
      .poll(async () => {
        const list = await page.request.get(`/api/conversations?search=${encodeURIComponent(name)}`, { headers });
        found = ((await list.json()) as { items: { id: string }[] }).items[0]?.id;
        return found;
      }, { timeout: 30_000 })
      .toBeTruthy();
    return found!;
  };
  await conversationOf(urgentName);
  const failedConversation = await conversationOf(failedName);
  await page.request.post(`${phoneUrl}/fail-recipient`, { data: { to: `whatsapp:${failedPhone}`, code: 21408 } });
  await page.request.post(`/api/conversations/${failedConversation}/messages`, { headers, data: { content: failedText } });
  // The crisis and the refusal come from background jobs (the assistant's reply job raises the urgency, the send
  // job meets Twilio's refusal), seconds later on a busy machine. Conversas reads its list once, so a list read
  // before the urgency stays without it: wait for both here, where the wait is said, not in a screen's 5-s check.
  await expect
    .poll(async () => {
      const list = await page.request.get(`/api/conversations?urgent=true&search=${encodeURIComponent(urgentName)}`, { headers });
      return ((await list.json()) as { items: unknown[] }).items.length;
    }, { timeout: 60_000 })
    .toBe(1);
  await expect
    .poll(async () => {
      const thread = await page.request.get(`/api/conversations/${failedConversation}`, { headers });
      return ((await thread.json()) as { messages: { content: string | null; status: string | null }[] }).messages.find((m) => m.content === failedText)?.status;
    }, { timeout: 60_000 })
    .toBe("failed");
  return { patientName, bookedDay: `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`, urgentName, failedName, failedText };
}

/** Resolves the table's conversations, so the shared database shows no urgent one to the other flows. */
async function resolveFirstWeekConversations(page: Page, data: FirstWeekData): Promise<void> {
  const headers = await apiSession(page, PROFESSIONAL);
  for (const name of [data.urgentName, data.failedName]) {
    const list = await page.request.get(`/api/conversations?search=${encodeURIComponent(name)}`, { headers });
    for (const c of ((await list.json()) as { items: { id: string }[] }).items) {
      await page.request.put(`/api/conversations/${c.id}`, { headers, data: { status: "resolved" } });
    }
  }
}

/** Popups, toasts and alerts of issue 35 (the open list, the calendar, a toast, a clash, an urgent and a failed conversation). */
function firstWeekStates(data: () => FirstWeekData): ScreenState[] {
  const dialog = (page: Page) => page.getByRole("dialog", { name: "Novo compromisso" });
  return [
    {
      name: "Compromissos › filtro de status aberto",
      visit: async (page) => {
        await open(page, "/compromissos", "Compromissos");
        await page.getByRole("combobox", { name: "Filtrar por status" }).click();
        await expect(page.getByRole("listbox")).toBeVisible();
        await expect(page.getByRole("option").first()).toBeVisible();
      },
    },
    {
      name: "Compromissos › Novo compromisso › calendário aberto",
      visit: async (page) => {
        await page.keyboard.press("Escape");
        await expect(page.getByRole("listbox")).toHaveCount(0);
        await openDialog(page, () => page.getByRole("button", { name: "Novo compromisso" }).first().click(), "Novo compromisso");
        await dialog(page).getByRole("button", { name: "Abrir calendário" }).click();
        await expect(page.getByRole("dialog", { name: "Calendário" })).toBeVisible();
        await expect(page.getByRole("grid")).toBeVisible();
      },
    },
    {
      name: "Compromissos › Novo compromisso com conflito de horário",
      visit: async (page) => {
        await page.keyboard.press("Escape");
        await expect(page.getByRole("dialog", { name: "Calendário" })).toHaveCount(0);
        const form = dialog(page);
        await form.getByRole("combobox", { name: "Paciente" }).fill(data().patientName.slice(0, 24));
        await page.getByRole("option", { name: data().patientName }).click();
        await form.getByRole("textbox", { name: "Data", exact: true }).fill(data().bookedDay);
        await form.getByRole("textbox", { name: "Hora" }).fill("10");
        await form.getByRole("textbox", { name: "Minuto" }).fill("30");
        await expect(form.getByRole("textbox", { name: "Hora" })).toHaveAttribute("aria-invalid", "true");
        await expect(form.getByRole("group", { name: "Horários livres mais próximos" })).toBeVisible();
        await settled(page);
      },
    },
    {
      name: "Aviso (toast) visível",
      visit: async (page) => {
        const form = dialog(page);
        await form.getByRole("group", { name: "Horários livres mais próximos" }).getByRole("button").first().click();
        await form.getByRole("button", { name: "Agendar" }).click();
        await expect(toastWith(page, "Compromisso criado com sucesso!")).toBeVisible();
        await expect(form).toBeHidden();
      },
    },
    {
      name: "Conversas › conversa urgente aberta",
      visit: async (page) => {
        await closeToasts(page);
        await open(page, "/conversas", "Conversas");
        const row = page.getByRole("list", { name: "Conversas" }).getByRole("button").filter({ hasText: data().urgentName });
        await expect(row).toHaveAttribute("data-urgent", "true");
        await openDialog(page, () => row.click());
        await expect(page.getByRole("dialog").getByText("às vezes penso em me machucar")).toBeVisible();
        await settled(page);
      },
    },
    {
      name: "Conversas › resposta com falha e Reenviar",
      visit: async (page) => {
        await closeDialogs(page);
        const row = page.getByRole("list", { name: "Conversas" }).getByRole("button").filter({ hasText: data().failedName });
        await openDialog(page, () => row.click());
        const bubble = page.getByRole("dialog").getByRole("list", { name: "Mensagens" }).getByRole("listitem").filter({ hasText: data().failedText });
        await expect(bubble.getByRole("button", { name: /^Reenviar/ })).toBeVisible({ timeout: 20_000 });
        await settled(page);
      },
    },
  ];
}

async function closeToasts(page: Page): Promise<void> {
  // Stacked toasts behind the front one are transparent, so the click is dispatched rather than aimed.
  for (const button of await page.locator("[data-sonner-toast] [data-close-button]").all()) await button.dispatchEvent("click").catch(() => {});
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
}

async function scan(page: Page, states: ScreenState[], viewport: string): Promise<AxeFinding[]> {
  const findings: AxeFinding[] = [];
  for (const state of states) {
    if (state.only && state.only !== viewport) continue;
    await test.step(state.name, async () => {
      await state.visit(page);
      findings.push(...(await axeFindings(page, `${state.name} (${viewport})`)));
    });
  }
  return findings;
}

// No animation mid-scan (a fading dialog has no final colours yet); a missing control fails in seconds, not minutes.
test.use({ reducedMotion: "reduce", actionTimeout: 15_000 });

for (const viewport of VIEWPORTS) {
  test.describe(`WCAG 2.2 AA at ${viewport.name} size`, () => {
    test.use({ viewport: viewport.size });

    test("every screen of the professional area and the public pages", async ({ page }) => {
      test.setTimeout(480_000);
      const findings = await scan(page, PROFESSIONAL_STATES, viewport.name);
      expect(findings.length, `axe found accessibility violations:\n${formatFindings(findings)}`).toBe(0);
    });

    test("popups, toasts and alerts: open list, calendar, clash, toast, urgent and failed conversations", async ({ page }) => {
      test.setTimeout(240_000);
      let data: FirstWeekData | undefined;
      try {
        data = await prepareFirstWeekData(page, viewport.name === "desktop" ? 97 : 131);
        await signInViaApi(page, PROFESSIONAL);
        const findings = await scan(page, firstWeekStates(() => data!), viewport.name);
        expect(findings.length, `axe found accessibility violations:\n${formatFindings(findings)}`).toBe(0);
      } finally {
        if (data) await resolveFirstWeekConversations(page, data);
      }
    });

    test("every screen of the admin area", async ({ page }) => {
      test.setTimeout(480_000);
      await signInViaApi(page, ADMIN);
      const findings = await scan(page, ADMIN_STATES, viewport.name);
      expect(findings.length, `axe found accessibility violations:\n${formatFindings(findings)}`).toBe(0);
    });
  });
}
