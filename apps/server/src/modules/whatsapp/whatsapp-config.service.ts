import { TWILIO_WEBHOOK_PATH, type WhatsappConfig } from "@clinora/contracts";
import type { Config } from "../../config";
import type { Db } from "../../platform/db/client";
import type { AuthContext } from "../../platform/lib/caller";
import type { MessagingService } from "../messaging";

export type WhatsappConfigService = ReturnType<typeof whatsappConfigService>;

/** `messaging` knows which number a professional's messages go out from (the one rule for it). */
export function whatsappConfigService(db: Db, config: Pick<Config, "publicUrl" | "twilio">, messaging: Pick<MessagingService, "senderOf">) {
  return {
    /** The caller's sender number, the webhook URL and which Twilio settings exist (never their values). */
    async get(caller: AuthContext): Promise<WhatsappConfig> {
      const twilioNumber = caller.professionalId ? await messaging.senderOf(db, caller.professionalId) : null;
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
