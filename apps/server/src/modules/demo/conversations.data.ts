/**
 * The demo's WhatsApp and web-chat threads: what patients and the clinic say (scripts) and which conversations each
 * professional with a WhatsApp number has (plan). Data only; conversations.rows.ts turns them into conversations
 * and messages. A new thread is a new script and a line in the plan.
 */
import type { ConversationChannel, ConversationStatus } from "@clinora/contracts";

export interface ConversationScript {
  /** Even positions are the patient's (inbound), odd positions the clinic's (outbound). */
  lines: string[];
}

/** Placeholders: {first} patient first name, {clinic}, {address}, {assistant}. */
export const CONVERSATION_SCRIPTS = {
  urgent: {
    lines: [
      "Boa noite, estou me sentindo pior desde ontem. Teria algum encaixe ainda esta semana?",
      "Olá, {first}. Sinto muito. Vou verificar a agenda e já retorno com um horário.",
      "Obrigado. Qualquer horário serve, até no fim do dia.",
    ],
  },
  failed: {
    lines: [
      "Olá, gostaria de remarcar minha consulta de quinta.",
      "Olá, {first}! Claro. Temos sexta às 10h ou às 15h30. Qual prefere?",
      "Oi, alguém pode me responder? Preciso remarcar a consulta de quinta.",
    ],
  },
  first: {
    lines: [
      "Boa tarde! Vocês atendem convênio? Queria marcar uma primeira consulta.",
      "Boa tarde! Atendemos particular e emitimos recibo para reembolso do seu plano. Gostaria de agendar?",
      "Quero sim. Qual o valor da consulta?",
      "A primeira consulta custa R$ 250,00. Temos terça às 9h ou quarta às 14h.",
      "Pode ser terça às 9h.",
      "Agendado para terça às 9h! Chegue 10 minutos antes para o cadastro.",
      "Combinado, obrigada.",
      "Nós que agradecemos. Até terça!",
    ],
  },
  cancel: {
    lines: [
      "Bom dia. Não vou conseguir ir à consulta de hoje, tive um imprevisto no trabalho.",
      "Bom dia, {first}. Sem problemas, vou cancelar. Quer deixar um novo horário marcado?",
      "Quero sim, pode ser semana que vem no mesmo horário?",
      "Temos quarta-feira às 10h. Posso confirmar?",
      "Pode confirmar, por favor.",
      "Confirmado para quarta às 10h. Até lá!",
    ],
  },
  receipt: {
    lines: [
      "Olá! Preciso do recibo das consultas do mês passado para o reembolso do plano.",
      "Olá, {first}! Vou emitir e envio por aqui ainda hoje.",
      "Consegue incluir o CPF e o número do registro profissional?",
      "Sim, o recibo já sai com CPF e registro. Segue em anexo em alguns minutos.",
      "Recebi, muito obrigado!",
      "Disponha! Qualquer coisa é só chamar.",
    ],
  },
  bot: {
    lines: [
      "Oi, quais horários vocês têm na próxima semana?",
      "Olá! Eu sou a {assistant}, assistente virtual de {clinic}. Na próxima semana há horários na segunda às 9h, na terça às 16h e na quinta às 11h. Algum deles serve?",
      "Terça às 16h.",
      "Ótimo! Para confirmar, pode me informar seu nome completo e sua data de nascimento?",
      "Sou {first}, pode ver no meu cadastro.",
      "Obrigada, {first}! Sua consulta ficou agendada para terça às 16h. Enviaremos um lembrete um dia antes.",
    ],
  },
  address: {
    lines: [
      "Oi, qual o endereço do consultório? Tem estacionamento?",
      "Oi, {first}! Estamos na {address}. Há estacionamento conveniado no prédio ao lado.",
      "Ótimo, e o consultório fica aberto até que horas?",
      "Atendemos de segunda a sexta, das 8h às 18h.",
    ],
  },
  confirm: {
    lines: [
      "Oi, recebi o lembrete. Confirmo a consulta de amanhã às 14h.",
      "Obrigada pela confirmação, {first}! Até amanhã.",
      "Posso levar meus exames recentes?",
      "Pode sim, é até melhor. Traga também a lista dos medicamentos que está usando.",
      "Combinado!",
      "Até amanhã, {first}.",
    ],
  },
} satisfies Record<string, ConversationScript>;

/** Eight conversations per professional with a WhatsApp number; their shape guarantees every status is shown. */
export const CONVERSATION_PLAN: {
  status: ConversationStatus;
  channel: ConversationChannel;
  /** Minutes since the last message: [min, max]. */
  age: [number, number];
  script: keyof typeof CONVERSATION_SCRIPTS;
  /** Messages in the thread; a waiting thread ends with the patient's (odd count). */
  length: number[];
  urgency: number;
  /** Which outbound message failed (index in the conversation), if any. */
  failed?: number;
}[] = [
  { status: "waiting", channel: "whatsapp", age: [260, 420], script: "urgent", length: [3], urgency: 2 },
  { status: "waiting", channel: "whatsapp", age: [140, 200], script: "failed", length: [3], urgency: 1, failed: 1 },
  { status: "waiting", channel: "whatsapp", age: [6, 25], script: "first", length: [3, 5, 7], urgency: 0 },
  { status: "in_progress", channel: "whatsapp", age: [35, 70], script: "cancel", length: [6], urgency: 0, failed: 5 },
  { status: "resolved", channel: "whatsapp", age: [60 * 26, 60 * 40], script: "receipt", length: [4, 6], urgency: 0 },
  { status: "bot_handling", channel: "whatsapp", age: [2, 8], script: "bot", length: [4, 6], urgency: 0 },
  { status: "resolved", channel: "web_chat", age: [60 * 24 * 3, 60 * 24 * 5], script: "address", length: [4], urgency: 0 },
  { status: "in_progress", channel: "web_chat", age: [60 * 5, 60 * 9], script: "confirm", length: [3, 5], urgency: 0 },
];

/** Twilio error codes: 63016 = outside the 24 h session window, 30008 = unknown delivery error. */
export const FAILURE_CODES = ["63016", "30008"];
