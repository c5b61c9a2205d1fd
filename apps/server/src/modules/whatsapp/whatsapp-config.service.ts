import { TWILIO_WEBHOOK_PATH, type WhatsappConfig } from "@clinora/contracts";
import { eq } from "drizzle-orm";
import type { Config } from "../../config";
import type { Db } from "../../platform/db/client";
import { twilioNumbers } from "../../platform/db/schema/index";
import type { AuthContext } from "../../platform/lib/caller";

export type WhatsappConfigService = ReturnType<typeof whatsappConfigService>;

export function whatsappConfigService(db: Db, config: Pick<Config, "publicUrl" | "twilio">) {
  return {
    /** The caller's sender number, the webhook URL and which Twilio settings exist (never their values). */
    async get(caller: AuthContext): Promise<WhatsappConfig> {
      let twilioNumber: string | null = null;
      if (caller.professionalId) {
        const [row] = await db
          .select({ n: twilioNumbers.twilioNumber })
          .from(twilioNumbers)
          .where(eq(twilioNumbers.professionalId, caller.professionalId))
          .orderBy(twilioNumbers.createdAt)
          .limit(1);
        twilioNumber = row?.n ?? null;
      }
      return {
        data: {
          twilioNumber,
          webhookUrl: config.publicUrl ? `${config.publicUrl}${TWILIO_WEBHOOK_PATH}` : null,
          credentials: {
            accountSid: Boolean(config.twilio.accountSid),
            authToken: Boolean(config.twilio.authToken),
            messagingServiceSid: Boolean(config.twilio.messagingServiceSid),
          },
        },
      };
    },
  };
}
