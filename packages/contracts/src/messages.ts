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
  stateMax: "UF deve ter no máximo 2 caracteres",
  professionalDurationRange: "A duração da consulta deve estar entre 15 e 180 minutos",
  phoneInvalid: "Telefone inválido. Use DDD e número, ex.: (11) 98765-4321",

  // User accounts (server details where the spec is silent; part 1 §5, PRODUCT.md "Security baseline")
  userNotFound: "Usuário não encontrado",
  userEmailTaken: "Já existe um usuário com este email",
  professionalNotFound: "Profissional não encontrado",
  professionalLinkOnlyForProfessional: "Somente usuários com perfil Profissional podem ser vinculados a um profissional",
  professionalAlreadyLinked: "Este profissional já está vinculado a outro usuário",
  cannotSuspendSelf: "Você não pode suspender a sua própria conta",
  cannotDeleteSelf: "Você não pode excluir a sua própria conta",
  cannotChangeOwnAccess: "Você não pode alterar o perfil nem o status da sua própria conta",
  accountDurationRange: "A duração da consulta deve estar entre 5 e 240 minutos",

  // Admin toasts (part 1 §8): Sistema (users, global AI settings) and user detail
  loadDataError: "Erro ao carregar dados",
  createUserError: "Erro ao criar usuário",
  editUserError: "Erro ao editar usuário",
  suspendReactivateError: "Erro ao suspender/reativar usuário",
  actionError: "Erro ao processar ação",
  deleteUserError: "Erro ao deletar usuário",
  bulkActionError: "Erro ao processar ação em massa",
  aiSettingsLoadError: "Erro ao carregar configurações de AI",
  settingsSaveError: "Erro ao salvar configurações",
  detailsLoadError: "Erro ao carregar detalhes",
  notesSaveError: "Erro ao salvar notas",
  notesUserMissing: "Erro: Usuário não identificado para salvar notas.",
  professionalsLoadError: "Não foi possível carregar a lista de profissionais.",
  userReactivated: "Usuário reativado!",
  userSuspended: "Usuário suspenso!",
  userDeleted: "Usuário deletado permanentemente!",
  usersProcessed: (count: number) => `${count} usuário(s) processado(s) com sucesso!`,
  exportDone: "Exportação concluída!",
  notesSaved: "Notas salvas com sucesso!",

  // Validation (part 2 §5)
  appointmentPatientInvalid: "Selecione um paciente válido",
  appointmentDateRequired: "Data é obrigatória",
  appointmentTimeInvalid: "Horário inválido (formato: HH:MM)",
  appointmentTypeRequired: "Tipo de consulta é obrigatório",
  patientNameRequired: "Nome do paciente é obrigatório",
  taskTitleRequired: "Título é obrigatório",
  assistantNumbersInvalid: "Temperatura e número máximo de tokens devem ser valores numéricos válidos.",
  slotAlreadyBooked: "Time slot already booked",
} as const;
