/**
 * Limits and paths that both ends name, without any schema: modules here and in enums.ts load no zod, so a screen
 * that only shows data can use them without building the schemas (docs/decisions/019, apps/web/vite.config.ts).
 */

/** The largest `per_page` of every list route. */
export const MAX_PER_PAGE = 100;

/** Path of the one central Twilio webhook (docs/product/admin.md §2.5). */
export const TWILIO_WEBHOOK_PATH = "/api/whatsapp/webhook/twilio";
