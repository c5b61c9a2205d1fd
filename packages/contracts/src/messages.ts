/**
 * Portuguese (and the few English transport) messages fixed word for word by the specification.
 * Server validation details and web toasts both read from here, so the two ends never drift apart.
 */
export const MSG = {
  // Transport level (spec part 1 §8)
  sessionExpired: "Session expired. Please login again.",
  accessForbidden: "Access forbidden",
  validationFailed: "Validation failed",
  genericError: "An error occurred",
  networkError: "Network error. Please check your connection.",

  // Login (part 1 §8)
  loginInvalid: "Email ou senha incorretos",
  loginNotAuthorized: "Usuário não autorizado. Aguarde aprovação do administrador.",
  loginGenericError: "Erro ao fazer login. Verifique suas credenciais.",
  loginEmptyFields: "Por favor, preencha todos os campos",
  loginTooManyAttempts: "Muitas tentativas de login. Aguarde alguns minutos e tente novamente.",

  // Server-side generic details
  notAuthenticated: "Não autenticado",
  notFound: "Registro não encontrado",
  routeNotFound: "Rota não encontrada",
  invalidJson: "JSON inválido no corpo da requisição",
  bodyTooLarge: "Corpo da requisição muito grande (máximo 1 MiB)",
  invalidId: "Identificador inválido",
  tooManyRequests: "Muitas requisições. Tente novamente em instantes.",
  internalError: "Erro interno do servidor",
  invalidEmail: "Email inválido",
  required: "Campo obrigatório",

  // Validation (part 1 §5)
  professionalNameSpecialtyRequired: "Nome e especialidade são obrigatórios",
  leadNameContactRequired: "Nome e contato são obrigatórios",
  emailPasswordRequired: "Email e senha são obrigatórios",
  passwordMin: "A senha deve ter pelo menos 8 caracteres",
  accountNameSpecialtyRequired: "Nome completo e especialidade são obrigatórios",
  suspensionReasonRequired: "Informe o motivo da suspensão",
  deleteConfirmationWrong: "Confirmação incorreta",
  bulkSelectionRequired: "Selecione pelo menos um usuário",
  aiProviderRequired: "Selecione um provedor",
  aiModelRequired: "Selecione um modelo",
  aiPromptMin: "O prompt do sistema deve ter pelo menos 10 caracteres",
  aiTemperatureClamped: "Temperatura ajustada para 1.0 (máximo para Anthropic)",
  aiTemperatureRange: (max: string) => `Temperatura deve estar entre 0.0 e ${max}`,
  twilioNumberRequired: "Informe o número Twilio no formato E.164.",
  twilioNumberTaken: "Este número Twilio já está cadastrado.",
  twilioNumberNotFound: "Número Twilio não encontrado.",
  twilioLabelMax: "O rótulo deve ter no máximo 100 caracteres.",
  professionalNotFound: "Profissional não encontrado.",
  stateMax: "UF deve ter no máximo 2 caracteres",
  professionalDurationRange: "A duração da consulta deve estar entre 15 e 180 minutos",
  phoneInvalid: "Telefone inválido. Use DDD e número, ex.: (11) 98765-4321",

  // Validation (part 2 §5)
  appointmentPatientInvalid: "Selecione um paciente válido",
  appointmentDateRequired: "Data é obrigatória",
  appointmentTimeInvalid: "Horário inválido (formato: HH:MM)",
  appointmentTypeRequired: "Tipo de consulta é obrigatório",
  patientNameRequired: "Nome do paciente é obrigatório",
  taskTitleRequired: "Título é obrigatório",
  assistantNumbersInvalid: "Temperatura e número máximo de tokens devem ser valores numéricos válidos.",
  assistantTemperatureRange: "A temperatura deve estar entre 0 e 2, em passos de 0,1.",
  assistantMaxTokensRange: "O número máximo de tokens deve estar entre 100 e 2000, em passos de 50.",
  assistantTextTooLong: (max: number) => `Use no máximo ${max} caracteres.`,
  slotAlreadyBooked: "Time slot already booked",

  // Settings (part 2 §5, §8); the field messages are the product's, the spec gives only the limits
  fullNameRequired: "Nome completo é obrigatório",
  specialtyRequired: "Especialidade é obrigatória",
  invalidPhone: "Telefone inválido. Use DDD e número, ex.: (11) 98765-4321",
  invalidZip: "CEP inválido (formato: 00000-000)",
  appointmentDurationRange: "A duração da consulta deve estar entre 15 e 180 minutos",
  businessDaysRequired: "Selecione pelo menos um dia de atendimento",
  businessDayInvalid: "Dia da semana inválido",
  businessTimeInvalid: "Horário inválido (formato: HH:MM)",
  businessHoursOrder: "O horário de início deve ser anterior ao horário de término",
  timeZoneInvalid: "Fuso horário inválido",
  settingsLoadError: "Erro ao carregar configurações",
  settingsLoadRetry: "Não foi possível carregar as configurações. Tente novamente.",
  clinicSaveError: "Erro ao salvar informações da clínica",
  personalSaveError: "Erro ao salvar informações pessoais",
  consultationSaveError: "Erro ao salvar configurações",
  clinicSaved: "Informações da clínica atualizadas!",
  personalSaved: "Informações pessoais atualizadas!",
  consultationSaved: "Configurações de consulta atualizadas!",

  // Google Calendar (part 2 §4, §8)
  googleCalendarNotConfigured: "Google Calendar não está configurado no servidor.",
  googleCalendarStatusError: "Não foi possível verificar a integração com o Google Calendar.",
  googleCalendarConnectError: "Erro ao conectar Google Calendar",
  googleCalendarStartError: "Não foi possível iniciar a conexão com o Google Calendar.",
  googleCalendarDisconnectError: "Erro ao desconectar Google Calendar",
  googleCalendarSyncError: "Erro ao sincronizar com Google Calendar",
  googleCalendarConnected: "Google Calendar conectado com sucesso!",
  googleCalendarDisconnected: "Google Calendar desconectado.",
  googleCalendarSynced: (n: number) => `Sincronização concluída: ${n} compromissos atualizados.`,
  googleCalendarNothingToSync: "Nenhum compromisso pendente para sincronizar.",
  googleCalendarPartialSync: "Alguns compromissos não foram sincronizados...",

  // Conversations (part 2 §8)
  conversationsLoadError: "Erro ao carregar conversas",
  conversationLoadError: "Erro ao carregar conversa",
  conversationResolveError: "Erro ao resolver conversa",
  conversationResolved: "Conversa marcada como resolvida!",
} as const;
