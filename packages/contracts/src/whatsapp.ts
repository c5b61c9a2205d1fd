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
