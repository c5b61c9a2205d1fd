/**
 * Every table of the database, for the composition level only: seeds, scripts and tests write rows of every module.
 * A module reads and writes its own tables (modules/<m>/<m>.schema.ts) and reaches other data through the owner's
 * index.ts; house/boundaries keeps modules and platform from importing this file (docs/decisions/029).
 */
export * from "./modules/ai-settings/ai-settings.schema";
export * from "./modules/appointments/appointments.schema";
export * from "./modules/assistant-settings/assistant-settings.schema";
export * from "./modules/audit/audit.schema";
export * from "./modules/auth/auth.schema";
export * from "./modules/booking-page/booking-page.schema";
export * from "./modules/calendar-feed/calendar-feed.schema";
export * from "./modules/consent/consent.schema";
export * from "./modules/google-calendar/google-calendar.schema";
export * from "./modules/leads/leads.schema";
export * from "./modules/messaging/messaging.schema";
export * from "./modules/patients/patients.schema";
export * from "./modules/payments/payments.schema";
export * from "./modules/professionals/professionals.schema";
export * from "./modules/records/records.schema";
export * from "./modules/reminders/reminders.schema";
export * from "./modules/tasks/tasks.schema";
export * from "./modules/users/users.schema";
export * from "./modules/web-chat/web-chat.schema";
export * from "./modules/whatsapp/whatsapp.schema";
export * from "./platform/jobs/jobs.schema";
export * from "./platform/plugins/rate-limits.schema";
