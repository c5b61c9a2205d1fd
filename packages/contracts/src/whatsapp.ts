import { z } from "zod";

/** Path of the one central Twilio webhook (spec part 1 §2.7). */
export const TWILIO_WEBHOOK_PATH = "/api/whatsapp/webhook/twilio";

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

/** Metrics window (spec part 1 §9, part 2 §9); the stale threshold is STALE_WAITING_MINUTES in conversations.ts. */
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

/** WhatsApp health of one professional or of the whole platform (spec part 1 §3, part 2 §3 "WhatsApp metrics"). */
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
});
export type WhatsappMetrics = z.infer<typeof whatsappMetricsSchema>;
