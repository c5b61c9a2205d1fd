/**
 * Portuguese (and the few English transport) messages fixed word for word by the specification.
 * Server validation details and web toasts both read from here, so the two ends never drift apart.
 */
export const MSG = {
  // Transport level (docs/product/accounts-and-access.md §8)
  sessionExpired: "Session expired. Please login again.",
  accessForbidden: "Access forbidden",
  validationFailed: "Validation failed",
  genericError: "An error occurred",
  networkError: "Network error. Please check your connection.",

  // Login (docs/product/accounts-and-access.md §8)
  loginInvalid: "Email ou senha incorretos",
  loginNotAuthorized: "Usuário não autorizado. Aguarde aprovação do administrador.",
  loginGenericError: "Erro ao fazer login. Verifique suas credenciais.",
  loginEmptyFields: "Por favor, preencha todos os campos",
  loginTooManyAttempts: "Muitas tentativas de login. Aguarde alguns minutos e tente novamente.",

  // Server-side generic details
  notAuthenticated: "Não autenticado",
  // The server's 403 for a role that may not use a route (the web client's English fallback above is the spec's).
  roleForbidden: "Você não tem permissão para acessar este recurso.",
  notFound: "Registro não encontrado",
  routeNotFound: "Rota não encontrada",
  invalidJson: "JSON inválido no corpo da requisição",
  // The top-level detail of every 422 (and of a 400 without a Host); the fields are named in `details`.
  invalidData: "Dados inválidos",
  // A request without the Host header HTTP/1.1 requires (plugins/errors.ts).
  missingHost: "Informe o cabeçalho Host",
  // Refusals of a request the server cannot read or route (plugins/errors.ts); none repeats what was sent.
  badRequest: "Requisição inválida",
  badUrl: "Endereço inválido: há caracteres codificados incorretamente (%).",
  methodNotAllowed: "Método não permitido para este endereço",
  urlTooLong: "Endereço muito longo",
  headersTooLarge: "Cabeçalhos ou endereço da requisição grandes demais",
  requestTimeout: "A requisição demorou demais para chegar",
  unsupportedMediaType: "Tipo de conteúdo não suportado; envie application/json",
  invalidContentLength: "Content-Length inválido",
  bodyTooLarge: "Corpo da requisição muito grande (máximo 1 MiB)",
  invalidId: "Identificador inválido",
  tooManyRequests: "Muitas requisições. Tente novamente em instantes.",
  internalError: "Erro interno do servidor",
  databaseUnavailable: "Serviço temporariamente indisponível: o banco de dados não responde. Tente novamente em instantes.",
  invalidEmail: "Email inválido",
  required: "Campo obrigatório",
  // A NUL character or half of a surrogate pair in any text the API receives (plugins/input-rule.ts)
  invalidCharacter: "Caractere inválido",

  // Validation (docs/product/accounts-and-access.md §5, docs/product/admin.md §5)
  leadNameRequired: "Informe o nome do lead",
  leadContactRequired: "Informe um contato (telefone, email ou rede social)",
  emailRequired: "Informe o email",
  passwordRequired: "Informe a senha",
  passwordMin: "A senha deve ter pelo menos 8 caracteres",
  suspensionReasonRequired: "Informe o motivo da suspensão",
  deleteConfirmationWrong: "Confirmação incorreta",
  bulkSelectionRequired: "Selecione pelo menos um usuário",
  aiProviderRequired: "Selecione um provedor",
  aiModelRequired: "Selecione um modelo",
  aiPromptMin: "O prompt do sistema deve ter pelo menos 10 caracteres",
  aiTemperatureClamped: "Temperatura ajustada para 1,0 (máximo para Anthropic)",
  aiTemperatureRange: (max: string) => `Temperatura deve estar entre 0,0 e ${max}`,
  twilioNumberRequired: "Informe o número Twilio no formato E.164.",
  twilioNumberTaken: "Este número Twilio já está cadastrado.",
  twilioNumberNotFound: "Número Twilio não encontrado.",
  twilioLabelMax: "O rótulo deve ter no máximo 100 caracteres.",
  stateMax: "UF deve ter no máximo 2 caracteres",
  professionalDurationRange: "A duração da consulta deve estar entre 15 e 180 minutos",
  phoneInvalid: "Telefone inválido. Use DDD e número, ex.: (11) 98765-4321",

  // User accounts (server details where the spec is silent; docs/product/admin.md §5, docs/product/security-and-privacy.md)
  userNotFound: "Usuário não encontrado",
  professionalNotFound: "Profissional não encontrado",
  userEmailTaken: "Já existe um usuário com este email",
  professionalLinkOnlyForProfessional: "Somente usuários com perfil Profissional podem ser vinculados a um profissional",
  professionalAlreadyLinked: "Este profissional já está vinculado a outro usuário",
  professionalEmailTaken: (name: string) => `Já existe o perfil profissional de ${name} com este email. Abra-o em Profissionais em vez de criar outro.`,
  professionalProfileExists: (name: string) =>
    `Já existe o perfil profissional de ${name} com este email, ainda sem acesso. Crie o acesso dele em Profissionais > Detalhes, sem um segundo perfil.`,
  cannotSuspendSelf: "Você não pode suspender a sua própria conta",
  cannotDeleteSelf: "Você não pode excluir a sua própria conta",
  practiceHoldsRecords:
    "Este profissional tem prontuários finalizados, que a lei manda guardar por 20 anos: os dados dele não podem ser excluídos. Exclua só a conta de acesso, ou desative-a.",
  cannotChangeOwnAccess: "Você não pode alterar o perfil nem o status da sua própria conta",
  accountDurationRange: "A duração da consulta deve estar entre 5 e 240 minutos",

  // Admin toasts (docs/product/admin.md §8): Sistema (users, global AI settings) and user detail
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

  // Validation (docs/product/appointments.md §5, docs/product/tasks.md §5, docs/product/assistant.md §5)
  appointmentPatientInvalid: "Selecione um paciente válido",
  appointmentDateRequired: "Data é obrigatória",
  appointmentTimeInvalid: "Horário inválido (formato: HH:MM)",
  appointmentTypeRequired: "Tipo de consulta é obrigatório",
  appointmentRemovalHasRecord:
    "Este compromisso tem registro no prontuário e não pode ser excluído: o registro precisa continuar ligado a ele. Use \"Cancelar consulta\" para desmarcá-lo.",
  appointmentRemovalHasPayment:
    "Este compromisso tem pagamento registrado e não pode ser excluído: o pagamento precisa ser guardado. Use \"Cancelar consulta\" para desmarcá-lo.",
  patientNameRequired: "Nome do paciente é obrigatório",
  taskTitleRequired: "Título é obrigatório",
  assistantNumbersInvalid: "Temperatura e número máximo de tokens devem ser valores numéricos válidos.",
  assistantTemperatureRange: "A temperatura deve estar entre 0 e 2, em passos de 0,1.",
  assistantMaxTokensRange: "O número máximo de tokens deve estar entre 100 e 2000, em passos de 50.",
  assistantTextTooLong: (max: number) => `Use no máximo ${max} caracteres.`,
  slotAlreadyBooked: "Time slot already booked",

  // Settings (docs/product/settings.md §5, §8); the field messages are the product's, the spec gives only the limits
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

  // Google Calendar (docs/product/google-calendar.md §4, §8)
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
  // Server answers of the OAuth return and the sync (docs/decisions/015-google-calendar-sync.md)
  googleCalendarStateInvalid: "O link de conexão expirou ou já foi usado. Clique em Conectar novamente.",
  googleCalendarOtherBrowser: "A conexão precisa ser concluída no mesmo navegador em que foi iniciada. Clique em Conectar novamente.",
  googleCalendarAccessDenied: "A permissão para acessar a agenda não foi concedida no Google.",
  googleCalendarExchangeFailed: "O Google não confirmou a conexão. Tente conectar novamente.",
  googleCalendarNotConnected: "Conecte o Google Calendar antes de sincronizar.",
  googleCalendarNeedsReconnect: "A conexão com o Google Calendar expirou ou foi revogada. Clique em Reconectar.",
  googleCalendarRateLimited: "o Google limitou as requisições; tentaremos de novo em instantes",
  googleCalendarUnavailable: "o Google Calendar não respondeu; tentaremos de novo em instantes",
  googleCalendarFeedNotFound: "Link de agenda inválido.",
  // Busy times of the professional's Google calendars (docs/decisions/027)
  googleBusyTitle: "Horários ocupados no Google",
  googleBusyIntro: "Marque as agendas cujos compromissos devem bloquear horários: eles deixam de ser oferecidos ao agendar, no assistente e no chat do site.",
  googleBusyCheckbox: "Bloquear horários ocupados desta agenda",
  googleBusyPrimary: "principal",
  googleBusySave: "Salvar agendas",
  googleBusySaved: "Agendas salvas. Os horários ocupados nelas deixam de ser oferecidos.",
  googleBusySaveError: "Erro ao salvar as agendas",
  googleBusyLoading: "Carregando suas agendas do Google...",
  googleBusyListError: "Não foi possível carregar suas agendas do Google.",
  googleBusyNoCalendars: "Nenhuma agenda encontrada nesta conta do Google.",
  googleBusyNeedsConsent: "Para escolher agendas, reconecte o Google Calendar e permita que o Clinora veja quando você está ocupado.",
  googleBusyCalendarUnknown: "Agenda do Google não encontrada. Atualize a página e tente de novo.",
  googleBusyTooMany: "Escolha no máximo 20 agendas.",
  googleBusyUnavailable: "Não foi possível ler sua agenda do Google; os horários oferecidos consideram só a agenda do Clinora.",
  googleBusyNeedsReconnect:
    "Não foi possível ler sua agenda do Google; os horários oferecidos consideram só a agenda do Clinora. Reconecte o Google Calendar para voltar a bloquear seus horários ocupados.",
  googleBusyCalendarUnreadable: "Uma das agendas escolhidas não pôde ser lida no Google; os horários ocupados dela não estão sendo considerados.",
  googleBusyLastRead: (when: string) => `Última leitura: ${when}`,

  // Conversations (docs/product/conversations-and-whatsapp.md §8)
  conversationsLoadError: "Erro ao carregar conversas",
  conversationLoadError: "Erro ao carregar conversa",
  conversationResolveError: "Erro ao resolver conversa",
  conversationResolved: "Conversa marcada como resolvida!",

  // The professional's replies and the assistant (the product's own texts; the spec leaves them open)
  replyRequired: "Escreva uma mensagem.",
  replyTooLong: (max: number) => `A mensagem pode ter até ${max} caracteres.`,
  replySent: "Mensagem enviada.",
  replySendError: "Não foi possível enviar a mensagem.",
  replyWindowClosed:
    "A janela de 24 horas do WhatsApp está fechada: o paciente não escreve há mais de 24 horas, e o WhatsApp só permite mensagens livres dentro desse prazo. Aguarde uma nova mensagem do paciente ou entre em contato por telefone.",
  replyNoSender: "Nenhum número de WhatsApp está atribuído a este consultório. Peça à equipe de suporte para ativar o seu número.",
  replyNoPhone: "Esta conversa não tem um número de telefone para responder.",
  messageNotFound: "Mensagem não encontrada",
  resendQueued: "Mensagem reenviada.",
  resendError: "Não foi possível reenviar a mensagem.",
  resendCannotSucceed: "Reenviar não resolve esta falha: confira o telefone no cadastro do paciente ou ligue para ele.",
  failureDismissed: "Aviso de falha dispensado.",
  failureDismissError: "Não foi possível dispensar o aviso.",
  resendNoTemplate:
    "A janela de 24 horas do WhatsApp está fechada e nenhum modelo aprovado está configurado para reenviar esta mensagem. Aguarde uma nova mensagem do paciente ou entre em contato por telefone.",
  whatsappNotConfigured: "O WhatsApp (Twilio) não está configurado no servidor.",
  webhookSignatureInvalid: "Assinatura do Twilio inválida.",
  webhookFormOnly: "O webhook do Twilio aceita somente application/x-www-form-urlencoded.",
  assistantTestNoProvider: "Nenhum provedor de IA está configurado no servidor (defina OPENAI_API_KEY ou ANTHROPIC_API_KEY).",
  assistantTestFailed: "O assistente não conseguiu responder agora. Tente novamente em instantes.",
  assistantTestMessageRequired: "Escreva uma mensagem para testar o assistente.",

  // Files in a conversation (docs/decisions/026): states shown in the thread
  mediaUnavailable: "Mídia indisponível",
  mediaTooLarge: "Arquivo grande demais (máximo 16 MB)",
  mediaTypeNotAccepted: "Tipo de arquivo não aceito",
  mediaEmpty: "Arquivo vazio ou corrompido",
  mediaHostRefused: "Mídia recusada: o endereço do arquivo não é do WhatsApp (Twilio)",
  mediaPending: "Recebendo arquivo…",
  transcriptPending: "Transcrevendo o áudio…",
  transcriptFailed: "Não foi possível transcrever o áudio",
  transcriptNoProvider: "Transcrição indisponível: nenhum provedor de IA configurado",
  mediaNotFound: "Arquivo não encontrado",
  // The professional sends a file from the reply box
  attachmentTooLarge: "O arquivo pode ter até 16 MB.",
  attachmentTypeNotAccepted: "Tipo de arquivo não aceito. Envie uma imagem (JPEG, PNG ou WebP) ou um PDF.",
  attachmentEmpty: "O arquivo está vazio.",
  attachmentNameRequired: "Informe o nome do arquivo.",
  attachmentNameTooLong: (max: number) => `O nome do arquivo pode ter até ${max} caracteres.`,
  attachmentCaptionTooLong: (max: number) => `A legenda pode ter até ${max} caracteres.`,
  attachmentSent: "Arquivo enviado.",
  attachmentSendError: "Não foi possível enviar o arquivo.",
  attachmentWhatsappOnly: "Arquivos só podem ser enviados em conversas do WhatsApp.",
  attachmentLinkInvalid: "Link de arquivo inválido ou expirado.",
  // What the assistant tells the patient about a file (it never interprets an exam or an image)
  assistantCannotListen:
    "Desculpe, ainda não consigo ouvir áudios por aqui. Pode escrever a sua mensagem em texto, por favor? O seu áudio ficou guardado para o profissional.",
  assistantAudioNotUnderstood:
    "Desculpe, não consegui entender o seu áudio. Pode escrever a sua mensagem em texto, por favor? O áudio ficou guardado para o profissional.",
  assistantFileReceived:
    "Recebi o seu arquivo e vou encaminhá-lo ao profissional, que vai analisá-lo. Eu não interpreto exames nem imagens por aqui.",
  assistantFileNotReceived:
    "Não consegui receber o seu arquivo. Pode enviá-lo de novo? Aceitamos áudios, fotos e PDFs de até 16 MB.",
} as const;
