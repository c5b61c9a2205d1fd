import { z } from "zod";
import { TWILIO_WEBHOOK_PATH } from "./constants";

/**
 * GET /api/whatsapp/config: the caller's WhatsApp sender (professionals; null for admins or when none is
 * assigned), the webhook URL and which Twilio settings are present in the environment (never their values).
 */
export const whatsappConfigSchema = z.object({
  data: z.object({
    twilioNumber: z.string().nullable(),
    /** PUBLIC_URL + the webhook path; null when PUBLIC_URL is unset (the browser then uses its own origin). */
    webhookUrl: z.string().nullable(),
    credentials: z.object({
      accountSid: z.boolean(),
      authToken: z.boolean(),
      messagingServiceSid: z.boolean(),
    }),
  }),
});
export type WhatsappConfig = z.infer<typeof whatsappConfigSchema>;

/** Metrics window (docs/product/admin.md §9, docs/product/conversations-and-whatsapp.md §9); the stale threshold is STALE_WAITING_MINUTES in conversations.ts. */
export const WHATSAPP_METRICS_WINDOW_HOURS = 24;
export const RECENT_FAILURES_LIMIT = 10;

/** GET /api/whatsapp/metrics/overview: an administrator may narrow to one professional. */
export const whatsappMetricsQuerySchema = z.object({
  professional_id: z.uuid("Identificador inválido").optional(),
});
export type WhatsappMetricsQuery = z.infer<typeof whatsappMetricsQuerySchema>;

export const recentFailureSchema = z.object({
  messageId: z.uuid(),
  patientName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  sentAt: z.string().nullable(),
  contentPreview: z.string().nullable(),
});
export type RecentFailure = z.infer<typeof recentFailureSchema>;

/** WhatsApp health of one professional or of the whole platform (docs/product/admin.md §3, docs/product/conversations-and-whatsapp.md §3 "WhatsApp metrics"). */
export const whatsappMetricsSchema = z.object({
  /** Counts over the last 24 hours. */
  inbound_messages: z.number().int(),
  outbound_messages: z.number().int(),
  /** Outbound messages that reached the phone: delivered or already read. */
  delivered_messages: z.number().int(),
  failed_messages: z.number().int(),
  status_breakdown: z.object({
    sent: z.number().int(),
    delivered: z.number().int(),
    read: z.number().int(),
    failed: z.number().int(),
  }),
  /** Waiting for a reply for 2 hours or more. */
  stale_waiting_conversations: z.number().int(),
  waiting_conversations: z.number().int(),
  unread_waiting_conversations: z.number().int(),
  last_message_at: z.string().nullable(),
  last_inbound_at: z.string().nullable(),
  last_outbound_at: z.string().nullable(),
  /** Failed outbound messages of the last 24 hours, newest first. */
  recent_failures: z.array(recentFailureSchema),
  /** Background jobs (replies, sends) that failed for good and need a look. */
  failed_jobs: z.number().int(),
  /** Inbound messages of the last 24 hours to a number no professional owns (administrators only; 0 otherwise). */
  unrouted_inbound: z.number().int(),
  /** The number those messages were last sent to, so the administrator can assign it. */
  last_unrouted_number: z.string().nullable(),
  /**
   * The assistant's safety checks of the last 24 hours that failed, timed out (3 s) or gave no valid verdict, by
   * check: the risk check before the reply model (moderation or classification) and the second opinion on the
   * model's text. None of them blocked a reply (docs/decisions/030).
   */
  safety_check_failures: z.object({ risk: z.number().int(), second_opinion: z.number().int() }),
});
export type WhatsappMetrics = z.infer<typeof whatsappMetricsSchema>;

/** The delivery status callback's path (signed like the inbound webhook). */
export const TWILIO_STATUS_WEBHOOK_PATH = `${TWILIO_WEBHOOK_PATH}/status`;

/** The product's own codes for a message that never reached Twilio. */
export const SEND_ERROR = { noSender: "no_sender", notConfigured: "not_configured", gaveUp: "send_failed", earlierPart: "earlier_part_failed" } as const;

/**
 * What a failed WhatsApp message's error code means, for the thread: Twilio's codes
 * (https://www.twilio.com/docs/api/errors) and the product's own (SEND_ERROR). These are professionals' texts: they
 * never name a vendor, and a failure a resend cannot fix says what to do instead (docs/decisions/033).
 */
export const TWILIO_ERROR_EXPLANATIONS: Record<string, string> = {
  [SEND_ERROR.noSender]: "Nenhum número de WhatsApp está atribuído a este consultório. Peça ao administrador da plataforma um número.",
  [SEND_ERROR.notConfigured]: "O envio pelo WhatsApp não está configurado no servidor. Fale com o administrador da plataforma.",
  [SEND_ERROR.gaveUp]: "O serviço de WhatsApp não respondeu depois de várias tentativas. Tente reenviar mais tarde.",
  [SEND_ERROR.earlierPart]: "A parte anterior desta mensagem não foi enviada, então esta também não foi.",
  "20003": "O serviço de WhatsApp recusou as credenciais do servidor. Fale com o administrador da plataforma.",
  "20429": "O serviço de WhatsApp recebeu mensagens demais ao mesmo tempo. Tente reenviar em alguns minutos.",
  "21408": "O envio de WhatsApp para este país não está habilitado. Fale com o administrador da plataforma.",
  "21602": "A mensagem estava vazia.",
  "21606": "O número de WhatsApp do consultório não pode enviar esta mensagem. Fale com o administrador da plataforma.",
  "21614": "O número do paciente não é um celular válido. Confira o telefone no cadastro do paciente ou ligue para ele.",
  "21617": "A mensagem passou do tamanho máximo do WhatsApp (1.600 caracteres).",
  "63007": "O número de WhatsApp do consultório não está habilitado para enviar. Fale com o administrador da plataforma.",
  "63016": "Fora da janela de 24 horas: o WhatsApp só aceita mensagens livres até 24 horas depois da última mensagem do paciente.",
  "63003": "O número do paciente não pode receber mensagens de WhatsApp (número inválido ou sem WhatsApp). Confira o telefone no cadastro ou ligue para o paciente.",
  "21211": "Número de telefone inválido. Confira o telefone no cadastro do paciente ou ligue para ele.",
  "21610": "O paciente pediu para não receber mais mensagens (descadastrado). Só ele pode voltar a recebê-las, escrevendo VOLTAR; se precisar, ligue para ele.",
  "30003": "O telefone do paciente está inacessível (desligado ou fora de área).",
  "30005": "Número desconhecido ou inexistente. Confira o telefone no cadastro do paciente ou ligue para ele.",
  "30006": "O número não pode receber esta mensagem (linha fixa ou operadora não suporta). Ligue para o paciente.",
  "30007": "A operadora bloqueou a mensagem (filtro de spam ou conteúdo).",
  "30008": "Falha desconhecida na entrega. Tente novamente mais tarde.",
};

/**
 * Failures a resend cannot fix: the number is invalid, is not on WhatsApp, cannot receive it, or the patient opted
 * out; and the message was empty. Reenviar is not offered for them (and the server refuses it); the explanation
 * says what to do instead.
 */
export const UNRESENDABLE_ERROR_CODES: readonly string[] = ["21211", "21602", "21610", "21614", "30005", "30006", "63003"];

/** Whether Reenviar can succeed for a message that failed with this code. */
export function canResendAfter(code: string | null | undefined): boolean {
  return !code || !UNRESENDABLE_ERROR_CODES.includes(code);
}

/** A failed message's explanation in Portuguese, also for codes outside the list. */
export function explainTwilioError(code: string | null | undefined): string | null {
  if (!code) return null;
  return TWILIO_ERROR_EXPLANATIONS[code] ?? `Falha na entrega (código ${code}). Tente reenviar mais tarde.`;
}
