/** The whatsapp module's public face: what other modules, the app and the tests may use. */
export * from "./message-parts";
export * from "./twilio-number.routes";
export * from "./twilio-number.service";
export * from "./whatsapp-config.routes";
export * from "./whatsapp-config.service";
export * from "./whatsapp-inbound.service";
export * from "./whatsapp-message.repository";
export * from "./whatsapp-metrics.routes";
export * from "./whatsapp-metrics.service";
export * from "./whatsapp-outbound.service";
export * from "./whatsapp-webhook.routes";
export * from "./whatsapp-webhook.service";
