import { z } from "zod";
import { APPOINTMENT_STATUSES, CONVERSATION_CHANNELS, CONVERSATION_STATUSES, MESSAGE_DIRECTIONS, MESSAGE_SENDERS, MESSAGE_STATUSES, TASK_PRIORITIES, TASK_STATUSES } from "./enums";
import { messageMediaSchema } from "./conversations";
import { pageQuerySchema } from "./common";
import { patientSchema } from "./patients";
import { recordExportSchema } from "./records";

/**
 * A patient's data rights under the LGPD (Lei 13.709/2018 art. 18): consent per channel, the access history, the
 * export of everything held, anonymisation. docs/decisions/018-patient-data-rights-and-backups.md.
 */

/** What a patient can agree to or refuse, channel by channel. */
export const CONSENT_CHANNELS = ["whatsapp_assistant", "whatsapp_reminders"] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];
export const CONSENT_CHANNEL_LABELS: Record<ConsentChannel, string> = {
  whatsapp_assistant: "Mensagens do assistente virtual no WhatsApp",
  whatsapp_reminders: "Lembretes de consulta no WhatsApp",
};

export const CONSENT_STATUSES = ["given", "withdrawn"] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];
/** The state of a channel: as last recorded, or never recorded. */
export type ConsentState = ConsentStatus | "not_recorded";
export const CONSENT_STATE_LABELS: Record<ConsentState, string> = {
  given: "Consentimento dado",
  withdrawn: "Consentimento retirado",
  not_recorded: "Não registrado",
};

/** How consent was given or withdrawn: the first four are recorded by the professional on the screen. */
export const CONSENT_METHODS = ["in_person", "written", "phone_call", "email", "whatsapp_keyword", "twilio_opt_out", "booking_page"] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];
export const MANUAL_CONSENT_METHODS = ["in_person", "written", "phone_call", "email"] as const satisfies readonly ConsentMethod[];
export const CONSENT_METHOD_LABELS: Record<ConsentMethod, string> = {
  in_person: "Pessoalmente, no consultório",
  written: "Por escrito (termo assinado)",
  phone_call: "Por telefone",
  email: "Por email",
  whatsapp_keyword: "Pelo WhatsApp (palavra-chave)",
  twilio_opt_out: "Bloqueio informado pelo WhatsApp (Twilio 21610)",
  booking_page: "Pela página de agendamento (marcado pelo paciente)",
};

/** Whole-message words (accents, case and final punctuation ignored) that opt out of, or back into, WhatsApp messages. */
export const OPT_OUT_KEYWORDS = ["PARAR", "SAIR", "STOP", "STOPALL", "UNSUBSCRIBE", "DESCADASTRAR"] as const;
export const OPT_IN_KEYWORDS = ["VOLTAR", "START", "UNSTOP"] as const;

export const consentChannelStateSchema = z.object({
  channel: z.enum(CONSENT_CHANNELS),
  state: z.enum(["given", "withdrawn", "not_recorded"]),
  method: z.enum(CONSENT_METHODS).nullable(),
  at: z.string().nullable(),
  /** `at` as the professional reads it: dd/MM/yyyy HH:mm in the practice's time zone. */
  at_local: z.string().nullable(),
});
export type ConsentChannelState = z.infer<typeof consentChannelStateSchema>;

export const consentEventSchema = z.object({
  id: z.uuid(),
  channel: z.enum(CONSENT_CHANNELS),
  status: z.enum(CONSENT_STATUSES),
  method: z.enum(CONSENT_METHODS),
  note: z.string().nullable(),
  actor_name: z.string(),
  at: z.string(),
  at_local: z.string(),
});
export type ConsentEvent = z.infer<typeof consentEventSchema>;

export const patientConsentsSchema = z.object({
  channels: z.array(consentChannelStateSchema),
  history: z.array(consentEventSchema),
  /** True when any WhatsApp channel is withdrawn: nothing business-initiated goes to this patient. */
  whatsapp_opted_out: z.boolean(),
});
export type PatientConsents = z.infer<typeof patientConsentsSchema>;

export const consentInputSchema = z.object({
  channel: z.enum(CONSENT_CHANNELS, "Canal inválido"),
  status: z.enum(CONSENT_STATUSES, "Situação inválida"),
  method: z.enum(MANUAL_CONSENT_METHODS, "Informe como o consentimento foi dado ou retirado"),
  note: z.string().trim().max(500).nullish().transform((v) => v || null),
});
export type ConsentInput = z.infer<typeof consentInputSchema>;

/** Audit actions shown in the access history, with their Portuguese label. */
export const ACCESS_ACTION_LABELS: Record<string, string> = {
  "patient.viewed": "Visualizou o cadastro",
  "patient.created": "Cadastrou o paciente",
  "patient.updated": "Alterou o cadastro",
  "patient.exported": "Exportou os dados do paciente",
  "patient.anonymized": "Anonimizou o paciente",
  "patient.consent_recorded": "Registrou consentimento",
  "patient.access_log_viewed": "Consultou o histórico de acesso",
  "appointment.created": "Criou um compromisso",
  "appointment.updated": "Alterou um compromisso",
  "appointment.cancelled": "Cancelou um compromisso",
  "appointment.deleted": "Excluiu um compromisso lançado por engano",
  "record.timeline_viewed": "Abriu o prontuário",
  "record.entry_viewed": "Leu uma entrada do prontuário",
  "record.entry_created": "Criou uma entrada do prontuário",
  "record.entry_finalised": "Finalizou uma entrada do prontuário",
  "record.addendum_created": "Registrou um adendo no prontuário",
  "record.printed": "Imprimiu ou baixou o prontuário em PDF",
  "record.exported": "Exportou o prontuário com os dados do paciente",
  "record.attachment_added": "Anexou um arquivo a uma entrada do prontuário",
  "record.attachment_downloaded": "Abriu ou baixou um arquivo do prontuário",
  "record.eliminated": "Eliminou o prontuário após o prazo de guarda",
};

export const accessLogEntrySchema = z.object({
  id: z.uuid(),
  action: z.string(),
  action_label: z.string(),
  actor_name: z.string(),
  actor_role: z.string().nullable(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  at: z.string(),
  at_local: z.string(),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

export const accessLogQuerySchema = pageQuerySchema.extend({ per_page: pageQuerySchema.shape.per_page.default(50) });
export type AccessLogQuery = z.infer<typeof accessLogQuerySchema>;

export const anonymizeInputSchema = z.object({
  /** The dialog's explicit confirmation that this cannot be undone. */
  confirm: z.literal(true, "Confirme que a anonimização não pode ser desfeita"),
});

/** Everything the practice holds about one patient (LGPD art. 18 II and V), as a document. */
export const patientExportSchema = z.object({
  format: z.literal("clinora.patient-export"),
  version: z.literal(1),
  generated_at: z.string(),
  generated_at_local: z.string(),
  time_zone: z.string(),
  controller: z.object({ name: z.string(), clinic_name: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable(), address: z.string().nullable() }),
  patient: patientSchema,
  /** The prontuário (docs/product/records.md §6): entries, adendos, authors and times. */
  records: recordExportSchema,
  appointments: z.array(
    z.object({
      id: z.uuid(),
      date: z.string(),
      time: z.string(),
      duration: z.number(),
      type: z.string(),
      status: z.enum(APPOINTMENT_STATUSES),
      source: z.string(),
      notes: z.string().nullable(),
      created_at: z.string(),
      updated_at: z.string(),
    }),
  ),
  tasks: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      description: z.string().nullable(),
      status: z.enum(TASK_STATUSES),
      priority: z.enum(TASK_PRIORITIES),
      due_date: z.string().nullable(),
      completed_at: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  conversations: z.array(
    z.object({
      id: z.uuid(),
      channel: z.enum(CONVERSATION_CHANNELS),
      status: z.enum(CONVERSATION_STATUSES),
      patient_name: z.string().nullable(),
      phone_number: z.string().nullable(),
      created_at: z.string(),
      messages: z.array(
        z.object({
          id: z.uuid(),
          direction: z.enum(MESSAGE_DIRECTIONS),
          sender: z.enum(MESSAGE_SENDERS),
          content: z.string().nullable(),
          status: z.enum(MESSAGE_STATUSES).nullable(),
          error_code: z.string().nullable(),
          sent_at: z.string(),
          sent_at_local: z.string(),
          /** The message's files (docs/decisions/026), each with its bytes in base64 when it was stored. */
          media: z.array(
            messageMediaSchema
              .pick({ id: true, kind: true, content_type: true, file_name: true, size_bytes: true, status: true, transcript: true })
              .extend({ data_base64: z.string().nullable() }),
          ),
        }),
      ),
    }),
  ),
  consents: patientConsentsSchema,
  access_log: z.array(accessLogEntrySchema),
  /** The patient's charges and payments (docs/product/payments.md §9). */
  payments: z.array(
    z.object({
      id: z.uuid(),
      description: z.string(),
      amount_cents: z.number().int(),
      due_date: z.string(),
      status: z.string(),
      method: z.string().nullable(),
      payment_date: z.string().nullable(),
      payer_name: z.string().nullable(),
      payer_cpf: z.string().nullable(),
      beneficiary_cpf: z.string().nullable(),
      receipt_number: z.string().nullable(),
    }),
  ),
});
export type PatientExport = z.infer<typeof patientExportSchema>;
