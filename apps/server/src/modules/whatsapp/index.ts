/**
 * The whatsapp module's public face: the platform's Twilio numbers and their owners, the WhatsApp setup, the traffic
 * figures and the webhooks Twilio posts to (which hand messages and statuses to the messaging module).
 */
export { twilioNumberRoutes } from "./twilio-number.routes";
export { twilioNumberService } from "./twilio-number.service";
export { whatsappConfigRoutes } from "./whatsapp-config.routes";
export { whatsappConfigService } from "./whatsapp-config.service";
export { whatsappMetricsRoutes } from "./whatsapp-metrics.routes";
export { whatsappMetricsService } from "./whatsapp-metrics.service";
export { whatsappWebhookRoutes } from "./whatsapp-webhook.routes";
export { whatsappWebhookService } from "./whatsapp-webhook.service";
