import { z } from "zod";

/**
 * WhatsApp reminders before appointments and the patient's answer to them
 * (docs/decisions/017-whatsapp-reminders.md).
 */

/** Lead times the professional chooses from (hours before the start). */
export const REMINDER_LEAD_HOURS = [2, 12, 24, 48] as const;
export type ReminderLeadHours = (typeof REMINDER_LEAD_HOURS)[number];
export const DEFAULT_REMINDER_LEAD_HOURS: ReminderLeadHours = 24;

export const REMINDER_LEAD_LABELS: Record<ReminderLeadHours, string> = {
  2: "2 horas antes",
  12: "12 horas antes",
  24: "24 horas antes (1 dia)",
  48: "48 horas antes (2 dias)",
};

/** What happened to one reminder. */
export const REMINDER_OUTCOMES = ["sent", "skipped"] as const;
export type ReminderOutcome = (typeof REMINDER_OUTCOMES)[number];

/** Why a reminder did not go out, as the professional reads it in Compromissos. */
export const REMINDER_SKIP_REASONS = {
  no_phone: "O paciente não tem telefone cadastrado.",
  opted_out: "O paciente pediu para não receber lembretes pelo WhatsApp.",
  no_sender: "Nenhum número de WhatsApp está atribuído a este consultório.",
  not_configured: "O envio pelo WhatsApp não está configurado no servidor. Fale com o administrador da plataforma.",
  no_template:
    "Sem modelo de mensagem aprovado configurado, e o paciente não escreveu nas últimas 24 horas (o WhatsApp só aceita mensagem livre dentro dessa janela).",
} as const;
export type ReminderSkipReason = keyof typeof REMINDER_SKIP_REASONS;

/** The appointment's latest reminder, as Compromissos shows it. */
export const appointmentReminderSchema = z.object({
  outcome: z.enum(REMINDER_OUTCOMES),
  /** A REMINDER_SKIP_REASONS key when skipped. */
  reason: z.string().nullable(),
  /** The reason in Portuguese, when skipped. */
  reason_text: z.string().nullable(),
  at: z.string(),
});
export type AppointmentReminder = z.infer<typeof appointmentReminderSchema>;

/** GET /professionals/me/reminders. */
export const reminderSettingsSchema = z.object({
  enabled: z.boolean(),
  lead_hours: z.number().int(),
  lead_options: z.array(z.number().int()),
  /** TWILIO_REMINDER_CONTENT_SID is set: reminders go as an approved template, at any time. */
  template_configured: z.boolean(),
  /** A WhatsApp number is assigned to the professional (nothing can be sent without one). */
  sender_assigned: z.boolean(),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

const leadHoursSchema = z.coerce
  .number("Escolha a antecedência do lembrete")
  .int("Escolha a antecedência do lembrete")
  .refine((v) => (REMINDER_LEAD_HOURS as readonly number[]).includes(v), "Escolha a antecedência do lembrete");

/** PUT /professionals/me/reminders. */
export const reminderSettingsInputSchema = z.object({
  enabled: z.boolean("Informe se os lembretes estão ligados"),
  lead_hours: leadHoursSchema,
});
export type ReminderSettingsInput = z.input<typeof reminderSettingsInputSchema>;
export type ReminderSettingsInputParsed = z.output<typeof reminderSettingsInputSchema>;
