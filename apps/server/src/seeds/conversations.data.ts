/**
 * The demo's WhatsApp and web-chat threads: what patients and the clinic say (scripts) and which conversations each
 * professional with a WhatsApp number has (plan). Data only; conversations.rows.ts turns them into conversations
 * and messages. A new thread is a new script and a line in the plan.
 */
import type { ConversationChannel, ConversationStatus } from "@clinora/contracts";

export interface ConversationScript {
  /**
   * Even positions are the patient's (inbound), odd positions the clinic's (outbound). A list of texts is a choice:
   * each professional gets a different one (a demo with five identical failed messages looks fake).
   */
  lines: (string | string[])[];
  /**
   * The thread speaks of the patient's next appointment ({day} and {time}): the patient chosen for it has one in
   * the coming days, and the words match it (a test reads them back against the appointments).
   */
  booking?: true;
}

/**
 * Placeholders: {first} patient first name, {clinic}, {address}, {assistant}; in a booking thread {day} (the
 * weekday of the patient's next appointment, "terça") and {time} ("9h", "15h30").
 */
export const CONVERSATION_SCRIPTS = {
  urgent: {
    lines: [
      "Boa noite, estou me sentindo pior desde ontem. Teria algum encaixe ainda esta semana?",
      "Olá, {first}. Sinto muito. Vou verificar a agenda e já retorno com um horário.",
      "Obrigado. Qualquer horário serve, até no fim do dia.",
    ],
  },
  failed: {
    booking: true,
    lines: [
      "Olá, gostaria de remarcar minha consulta de {day}.",
      [
        "Olá, {first}! Claro. Prefere de manhã ou à tarde? Vejo o que temos livre.",
        "Oi, {first}! Posso sim. Qual dia da semana fica melhor para você?",
        "Olá, {first}. Vamos remarcar, sim. Você prefere ainda esta semana ou a próxima?",
        "{first}, recebemos seu pedido. Já verifico a agenda e te passo as opções.",
        "Bom dia, {first}! Claro, me diga um período que funcione para você.",
      ],
      "Oi, alguém pode me responder? Preciso remarcar a consulta de {day}.",
    ],
  },
  first: {
    booking: true,
    lines: [
      "Boa tarde! Vocês atendem convênio? Queria marcar uma consulta.",
      "Boa tarde! Atendemos particular e emitimos recibo para reembolso do seu plano. Gostaria de agendar?",
      "Quero sim. Qual o valor da consulta?",
      "A consulta custa R$ 250,00. Temos {day} às {time}. Serve para você?",
      "Pode ser {day} às {time}.",
      "Agendado para {day} às {time}! Chegue 10 minutos antes para o cadastro.",
      "Combinado, obrigada.",
      "Nós que agradecemos. Até {day}!",
    ],
  },
  cancel: {
    booking: true,
    lines: [
      "Bom dia. Tive um imprevisto no trabalho e preciso mudar o horário da minha consulta.",
      "Bom dia, {first}. Sem problemas. Temos {day} às {time}. Posso remarcar para esse horário?",
      "Pode sim, por favor.",
      "Combinado, vou deixar registrado.",
      "Obrigado!",
      "Remarcado para {day} às {time}. Até lá!",
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
    booking: true,
    lines: [
      "Oi, quais horários vocês têm nos próximos dias?",
      "Olá! Eu sou {assistant}, assistente virtual deste atendimento. Há um horário livre na {day} às {time}. Serve para você?",
      "Serve, sim.",
      "Ótimo! Para confirmar, pode me informar seu nome completo e sua data de nascimento?",
      "Sou {first}, pode ver no meu cadastro.",
      "Obrigada, {first}! Sua consulta ficou agendada para {day} às {time}. Enviaremos um lembrete um dia antes.",
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
    booking: true,
    lines: [
      "Oi, recebi o lembrete. Confirmo a consulta de {day} às {time}.",
      "Obrigada pela confirmação, {first}! Até {day}.",
      "Posso levar meus exames recentes?",
      "Pode sim, é até melhor. Traga também a lista dos medicamentos que está usando.",
      "Combinado!",
      "Até {day}, {first}.",
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

/**
 * Twilio error codes a failed demo message carries, one per professional in turn: outside the 24 h window, no
 * WhatsApp on the number, phone unreachable, blocked by the carrier, unknown failure (TWILIO_ERROR_EXPLANATIONS).
 */
export const FAILURE_CODES = ["63016", "63003", "30003", "30007", "30008"];
