/**
 * The demo's tasks: a fixed plan that shows every status, priority and due date, and the titles and notes drawn
 * for it. Data only; tasks.rows.ts builds the rows.
 */
import type { TaskPriority, TaskStatus } from "@clinora/contracts";

export const PATIENT_TASK_TITLES = [
  "Ligar para paciente para confirmar retorno",
  "Enviar resultado de exames ao paciente",
  "Atualizar prontuário após a sessão",
  "Reagendar consulta cancelada",
  "Enviar orçamento do tratamento",
  "Solicitar exames complementares",
  "Enviar recibo para reembolso do plano",
];

export const GENERAL_TASK_TITLES = [
  "Enviar relatório ao convênio",
  "Pagar anuidade do conselho profissional",
  "Revisar agenda da próxima semana",
  "Emitir recibos do mês",
  "Renovar alvará da vigilância sanitária",
  "Comprar material de consumo",
  "Atualizar perfil no Google Meu Negócio",
  "Responder avaliações de pacientes",
  "Conferir repasse do convênio",
  "Preparar apresentação para o congresso",
];

export const TASK_DESCRIPTIONS = [
  "Verificar antes do fim do dia.",
  "Combinar por telefone ou WhatsApp.",
  "Usar o modelo salvo na pasta da clínica.",
  "Anexar comprovantes e notas fiscais.",
  null,
  null,
];

export type DueKind = "overdue" | "today" | "soon" | "later" | "none";

/** Every professional's tasks (a few random ones are added); overdue, today, soon and later are relative to today. */
export const TASK_PLAN: { status: TaskStatus; priority: TaskPriority; due: DueKind; patient: boolean }[] = [
  { status: "todo", priority: "urgent", due: "overdue", patient: true },
  { status: "in_progress", priority: "high", due: "overdue", patient: false },
  { status: "todo", priority: "high", due: "today", patient: true },
  { status: "todo", priority: "medium", due: "soon", patient: false },
  { status: "in_progress", priority: "medium", due: "soon", patient: true },
  { status: "todo", priority: "low", due: "later", patient: false },
  { status: "todo", priority: "medium", due: "none", patient: false },
  { status: "done", priority: "high", due: "overdue", patient: true },
  { status: "done", priority: "medium", due: "today", patient: false },
  { status: "done", priority: "low", due: "none", patient: false },
];
