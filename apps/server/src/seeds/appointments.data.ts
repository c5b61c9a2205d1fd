/** What the demo's appointments are called and noted with. Data only; appointments.rows.ts draws from it. */

/** Appointment types and how often each occurs. */
export const APPOINTMENT_TYPES: [string, number][] = [
  ["Consulta", 0.5],
  ["Retorno", 0.3],
  ["Primeira consulta", 0.1],
  ["Avaliação", 0.1],
];

export const APPOINTMENT_NOTES = [
  "Trazer exames recentes.",
  "Pediu lembrete na véspera.",
  "Emitir recibo para reembolso.",
  "Primeira vez no consultório; chegar 10 minutos antes.",
  "Confirmado por WhatsApp.",
  "Atendimento online (link enviado por e-mail).",
];
