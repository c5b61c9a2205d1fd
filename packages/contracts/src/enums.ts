/** Enumerations shared by the server, the database schema and the web app (docs/product/, §3 and §4 of each area page). */

export const ROLES = ["admin", "professional"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: "Administrador",
  professional: "Profissional",
};

export const USER_STATUSES = ["active", "suspended", "pending_approval"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  active: "Ativo",
  suspended: "Suspenso",
  pending_approval: "Pendente",
};

export const ADMIN_ACTION_TYPES = [
  "approved_as_professional",
  "approved_as_superadmin",
  "rejected",
  "suspended",
  "reactivated",
  "edited",
  "created",
  "notes_updated",
] as const;
export type AdminActionType = (typeof ADMIN_ACTION_TYPES)[number];

export const LEAD_STATUSES = ["new", "contacted", "qualified", "converted", "lost"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: "Novo",
  contacted: "Contatado",
  qualified: "Qualificado",
  converted: "Convertido",
  lost: "Perdido",
};

export const APPOINTMENT_STATUSES = ["pending", "confirmed", "completed", "cancelled"] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export const APPOINTMENT_STATUS_LABELS: Record<AppointmentStatus, string> = {
  pending: "Pendente",
  confirmed: "Confirmada",
  completed: "Concluída",
  cancelled: "Cancelada",
};

export const TASK_STATUSES = ["todo", "in_progress", "done"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  todo: "A fazer",
  in_progress: "Em progresso",
  done: "Concluída",
};

export const TASK_PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

export const TASK_PRIORITY_LABELS: Record<TaskPriority, string> = {
  low: "Baixa",
  medium: "Média",
  high: "Alta",
  urgent: "Urgente",
};

/** The due-date filter of the task list (docs/product/tasks.md §4 "Due filters"). */
export const TASK_DUE_FILTERS = ["all", "today", "next_7_days", "overdue"] as const;
export type TaskDueFilter = (typeof TASK_DUE_FILTERS)[number];

export const CONVERSATION_STATUSES = ["waiting", "in_progress", "resolved", "bot_handling"] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

export const CONVERSATION_CHANNELS = ["whatsapp", "web_chat"] as const;
export type ConversationChannel = (typeof CONVERSATION_CHANNELS)[number];

export const MESSAGE_DIRECTIONS = ["inbound", "outbound"] as const;
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number];

/** "queued": accepted by the product, not yet by Twilio (the spec's four follow from Twilio's callbacks). */
export const MESSAGE_STATUSES = ["queued", "sent", "delivered", "read", "failed"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  queued: "Enviando",
  sent: "Enviado",
  delivered: "Entregue",
  read: "Lido",
  failed: "Falhou",
};

/** Who wrote a message: the patient (inbound), the virtual assistant or the professional (outbound). */
export const MESSAGE_SENDERS = ["patient", "assistant", "professional"] as const;
export type MessageSender = (typeof MESSAGE_SENDERS)[number];

/** Who booked an appointment: from the screens, the virtual assistant on the patient's behalf, or the patient on the public booking page. */
export const APPOINTMENT_SOURCES = ["manual", "assistant", "booking_page"] as const;
export type AppointmentSource = (typeof APPOINTMENT_SOURCES)[number];
/** The mark Compromissos shows on an appointment the professional did not book from the screens. */
export const APPOINTMENT_SOURCE_LABELS: Record<Exclude<AppointmentSource, "manual">, string> = {
  assistant: "Agendado pelo assistente",
  booking_page: "Agendado pela página",
};

export const AI_PROVIDERS = ["openai", "anthropic"] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];

/** Model lists offered per provider (docs/product/admin.md §3 "Global AI settings"; docs/product/assistant.md §9 for the assistant). */
export const AI_MODELS: Record<AiProvider, readonly string[]> = {
  openai: ["gpt-4o-mini", "gpt-4o", "gpt-4.1-mini", "gpt-4.1"],
  anthropic: ["claude-3-5-haiku-latest", "claude-3-5-sonnet-latest", "claude-sonnet-4-0", "claude-opus-4-0"],
};

export const AI_MAX_TEMPERATURE: Record<AiProvider, number> = { openai: 2, anthropic: 1 };

export const CALENDAR_CONNECTION_STATUSES = ["connected", "error", "disconnected"] as const;
export type CalendarConnectionStatus = (typeof CALENDAR_CONNECTION_STATUSES)[number];

export const JOB_STATUSES = ["pending", "running", "done", "failed"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Brazilian IANA time zones a professional may choose (docs/product/time-and-dates.md §2). */
export const BRAZIL_TIME_ZONES = [
  "America/Sao_Paulo",
  "America/Manaus",
  "America/Rio_Branco",
  "America/Noronha",
  "America/Belem",
  "America/Fortaleza",
  "America/Recife",
  "America/Bahia",
  "America/Cuiaba",
  "America/Campo_Grande",
  "America/Porto_Velho",
  "America/Boa_Vista",
] as const;

export const DEFAULT_TIME_ZONE = "America/Sao_Paulo";

/**
 * docs/product/appointments.md §3: the appointment type the form starts with. Here rather than in appointments.ts, which builds
 * schemas, so that the appointment cards can name it without loading zod (docs/decisions/019).
 */
export const DEFAULT_APPOINTMENT_TYPE = "Consulta";
/** Platform zone for admin-wide figures such as "appointments today" (docs/product/admin.md §10.1). */
export const PLATFORM_TIME_ZONE = "America/Sao_Paulo";

/** The patient's own answer to an appointment: by replying to a reminder or through the assistant. */
export const PATIENT_RESPONSES = ["confirmed", "cancelled"] as const;
export type PatientResponse = (typeof PATIENT_RESPONSES)[number];

export const PATIENT_RESPONSE_LABELS: Record<PatientResponse, string> = {
  confirmed: "Confirmado pelo paciente",
  cancelled: "Cancelado pelo paciente",
};
