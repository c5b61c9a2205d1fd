/** WhatsApp's customer-care window: free text is accepted up to 24 hours after the contact's last message. */
const FREE_TEXT_WINDOW_MS = 24 * 60 * 60_000;

/**
 * Whether a message the practice starts may go as free text at `now`: the contact wrote less than 24 hours ago.
 * Outside it, only an approved template reaches them.
 * https://www.twilio.com/docs/whatsapp/key-concepts#the-customer-service-window
 */
export function freeTextWindowOpen(lastInboundAt: Date | null, now: Date): boolean {
  return lastInboundAt !== null && now.getTime() - lastInboundAt.getTime() < FREE_TEXT_WINDOW_MS;
}
