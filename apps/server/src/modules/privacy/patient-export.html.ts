import {
  APPOINTMENT_STATUS_LABELS,
  CHARGE_STATUS_LABELS,
  CONSENT_CHANNEL_LABELS,
  CONSENT_METHOD_LABELS,
  CONSENT_STATE_LABELS,
  TASK_PRIORITY_LABELS,
  TASK_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  formatCents,
  formatCpf,
  formatPhoneBR,
  type PatientExport,
} from "@clinora/contracts";
import { shortDate } from "@clinora/contracts/date-display";
import { renderRecordsExportSection } from "../records";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
/** Every value comes from people (patients write the messages): escaped, never trusted as markup. */
const esc = (value: unknown) => String(value ?? "").replace(/[&<>"']/g, (c) => ESCAPES[c]!);
const or = (value: string | null | undefined, fallback = "—") => (value ? esc(value) : fallback);
const brDate = (date: string | null) => (date ? shortDate(date) : "—");

const SENDER_LABELS = { patient: "Paciente", assistant: "Assistente virtual", professional: "Profissional" } as const;
const MESSAGE_STATUS_LABELS = { queued: "Na fila", sent: "Enviada", delivered: "Entregue", read: "Lida", failed: "Falhou" } as const;
const CHANNEL_LABELS = { whatsapp: "WhatsApp", web_chat: "Chat do site" } as const;

function table(headers: string[], rows: string[][], empty: string) {
  if (rows.length === 0) return `<p class="empty">${esc(empty)}</p>`;
  return `<table><thead><tr>${headers.map((h) => `<th>${esc(h)}</th>`).join("")}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join("")}</tr>`)
    .join("")}</tbody></table>`;
}

const labelOf = <T extends string>(labels: Record<T, string>, value: string | null) => (value && value in labels ? esc(labels[value as T]) : or(value));

/** Her charges and payments (docs/product/payments.md §10), as the JSON export lists them. */
function paymentsSection(payments: PatientExport["payments"]) {
  return `<section><h2>Cobranças e pagamentos (${payments.length})</h2>${table(
    ["Descrição", "Valor", "Vencimento", "Situação", "Forma", "Pago em", "Pagador", "CPF do pagador", "CPF do beneficiário", "Recibo Receita Saúde"],
    payments.map((c) => [
      esc(c.description),
      esc(formatCents(c.amount_cents)),
      brDate(c.due_date),
      labelOf(CHARGE_STATUS_LABELS, c.status),
      labelOf(PAYMENT_METHOD_LABELS, c.method),
      brDate(c.payment_date),
      or(c.payer_name),
      c.payer_cpf ? esc(formatCpf(c.payer_cpf)) : "—",
      c.beneficiary_cpf ? esc(formatCpf(c.beneficiary_cpf)) : "—",
      or(c.receipt_number),
    ]),
    "Nenhuma cobrança.",
  )}</section>`;
}

/**
 * The patient's data as a printable page in Portuguese (LGPD art. 18 II: "confirmação e acesso"), self-contained:
 * no scripts, no outside resources, so it opens and prints the same anywhere.
 */
export function renderPatientExportHtml(data: PatientExport): string {
  const p = data.patient;
  const c = data.controller;
  const profile: [string, string][] = [
    ["Nome", or(p.name)],
    ["Telefone", p.phone ? esc(formatPhoneBR(p.phone)) : "—"],
    ["Email", or(p.email)],
    ["CPF", p.cpf ? esc(formatCpf(p.cpf)) : "—"],
    ["Data de nascimento", brDate(p.birth_date)],
    ["Endereço", or(p.address)],
    ["Horário preferido", or(p.preferred_time)],
    ["Contato de emergência", or(p.emergency_contact)],
    ["Histórico médico", or(p.medical_history)],
    ["Observações", or(p.notes)],
    ["Cadastrado em", esc(shortDate(p.created_at.slice(0, 10)))],
    ...(p.anonymized_at ? ([["Anonimizado em", esc(shortDate(p.anonymized_at.slice(0, 10)))]] as [string, string][]) : []),
  ];

  const sections = [
    `<section><h2>Dados cadastrais</h2><dl>${profile.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${v}</dd>`).join("")}</dl></section>`,
    renderRecordsExportSection(data.records, data.time_zone),
    `<section><h2>Compromissos (${data.appointments.length})</h2>${table(
      ["Data", "Hora", "Duração", "Tipo", "Situação", "Observações"],
      data.appointments.map((a) => [brDate(a.date), esc(a.time), `${a.duration} min`, esc(a.type), esc(APPOINTMENT_STATUS_LABELS[a.status]), or(a.notes)]),
      "Nenhum compromisso.",
    )}</section>`,
    `<section><h2>Tarefas (${data.tasks.length})</h2>${table(
      ["Título", "Descrição", "Situação", "Prioridade", "Prazo"],
      data.tasks.map((t) => [esc(t.title), or(t.description), esc(TASK_STATUS_LABELS[t.status]), esc(TASK_PRIORITY_LABELS[t.priority]), brDate(t.due_date)]),
      "Nenhuma tarefa.",
    )}</section>`,
    paymentsSection(data.payments),
    `<section><h2>Conversas (${data.conversations.length})</h2>${
      data.conversations.length === 0
        ? '<p class="empty">Nenhuma conversa.</p>'
        : data.conversations
            .map(
              (conv) =>
                `<h3>${esc(CHANNEL_LABELS[conv.channel])} · ${conv.phone_number ? esc(formatPhoneBR(conv.phone_number)) : "sem telefone"}</h3>${table(
                  ["Quando", "De", "Mensagem", "Entrega"],
                  conv.messages.map((m) => [
                    esc(m.sent_at_local),
                    esc(SENDER_LABELS[m.sender]),
                    or([m.content, ...m.media.map((f) => `[${f.kind === "audio" ? "Áudio" : f.kind === "image" ? "Foto" : "Documento"}${f.file_name ? `: ${f.file_name}` : ""}]${f.transcript ? ` Transcrição: ${f.transcript}` : ""}`)].filter(Boolean).join("\n") || null),
                    m.status ? esc(MESSAGE_STATUS_LABELS[m.status]) + (m.error_code ? ` (erro ${esc(m.error_code)})` : "") : "—",
                  ]),
                  "Nenhuma mensagem.",
                )}`,
            )
            .join("")
    }</section>`,
    `<section><h2>Consentimentos</h2>${table(
      ["Canal", "Situação", "Como", "Quando"],
      data.consents.channels.map((ch) => [
        esc(CONSENT_CHANNEL_LABELS[ch.channel]),
        esc(CONSENT_STATE_LABELS[ch.state]),
        ch.method ? esc(CONSENT_METHOD_LABELS[ch.method]) : "—",
        or(ch.at_local),
      ]),
      "Nenhum consentimento registrado.",
    )}${table(
      ["Quando", "Canal", "Situação", "Como", "Registrado por", "Observação"],
      data.consents.history.map((e) => [
        esc(e.at_local),
        esc(CONSENT_CHANNEL_LABELS[e.channel]),
        esc(CONSENT_STATE_LABELS[e.status]),
        esc(CONSENT_METHOD_LABELS[e.method]),
        esc(e.actor_name),
        or(e.note),
      ]),
      "Nenhuma alteração de consentimento registrada.",
    )}</section>`,
    `<section><h2>Histórico de acesso (${data.access_log.length})</h2>${table(
      ["Quando", "Quem", "O quê"],
      data.access_log.map((a) => [esc(a.at_local), esc(a.actor_name), esc(a.action_label)]),
      "Nenhum acesso registrado.",
    )}</section>`,
  ];

  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dados do paciente · ${esc(p.name)}</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;margin:2rem auto;max-width:60rem;padding:0 1rem;line-height:1.4}
h1{font-size:1.5rem;margin:0 0 .25rem}h2{font-size:1.15rem;border-bottom:1px solid #cbd5e1;padding-bottom:.25rem;margin-top:2rem}h3{font-size:1rem;margin:1rem 0 .5rem}
.meta{color:#475569;font-size:.9rem}dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0;white-space:pre-wrap}
table{border-collapse:collapse;width:100%;font-size:.85rem}th,td{border:1px solid #e2e8f0;padding:.35rem .5rem;text-align:left;vertical-align:top;white-space:pre-wrap}th{background:#f1f5f9}
.empty{color:#64748b;font-style:italic}article{border-top:1px solid #e2e8f0;padding:.5rem 0}.text{white-space:pre-wrap}.addendum{margin:.5rem 0 0 1rem;padding-left:.75rem;border-left:3px solid #cbd5e1}footer{margin-top:2rem;color:#64748b;font-size:.8rem}
@media print{body{margin:0;max-width:none}section{break-inside:auto}h2{break-after:avoid}tr{break-inside:avoid}}
</style>
</head>
<body>
<header>
<h1>Dados do paciente: ${esc(p.name)}</h1>
<p class="meta">Relatório gerado em ${esc(data.generated_at_local)} (fuso ${esc(data.time_zone)}), a pedido do titular, conforme o art. 18 da Lei Geral de Proteção de Dados (Lei 13.709/2018).</p>
<p class="meta">Controlador dos dados: ${esc(c.name)}${c.clinic_name ? ` · ${esc(c.clinic_name)}` : ""}${c.email ? ` · ${esc(c.email)}` : ""}${c.phone ? ` · ${esc(c.phone)}` : ""}${c.address ? ` · ${esc(c.address)}` : ""}</p>
</header>
<main>
${sections.join("\n")}
</main>
<footer>Documento gerado pelo Clinora. Os mesmos dados, em formato estruturado (JSON), podem ser baixados na tela do paciente.</footer>
</body>
</html>
`;
}
