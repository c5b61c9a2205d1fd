/**
 * The demo's accounts (docs/product/platform.md §4): two administrators, eight active professionals of
 * several specialties and cities, one suspended, one sign-up waiting for approval, and the administrators' history
 * with them; each professional's practice settings (WhatsApp number, assistant, calendar) and patient mix.
 * Data only; accounts.rows.ts, settings.rows.ts and the practice builders turn it into rows.
 */
import type { AdminActionType } from "@clinora/contracts";

export interface DemoAdministrator {
  /** Stable key: the account's id is derived from it. */
  key: string;
  email: string;
  password: string;
  fullName: string;
  phone: string;
  joinedDaysAgo: number;
  lastLoginMinutesAgo: number;
}

export const DEMO_ADMIN: DemoAdministrator = {
  key: "admin",
  email: "admin@clinora.com.br",
  password: "Admin@12345",
  fullName: "Administrador Clinora",
  phone: "+5511999990000",
  joinedDaysAgo: 420,
  lastLoginMinutesAgo: 90,
};

export const DEMO_SUPPORT: DemoAdministrator = {
  key: "support",
  email: "suporte@clinora.com.br",
  password: "Admin@12345",
  fullName: "Suporte Clinora",
  phone: "+5511999990001",
  joinedDaysAgo: 300,
  lastLoginMinutesAgo: 26 * 60,
};

/** The password of every demo professional's account. */
export const DEMO_PROFESSIONAL_PASSWORD = "Prof@12345";

/** The columns of a professional's row (and its account's name, email and phone). */
export interface DemoProfile {
  fullName: string;
  email: string;
  specialty: string;
  /** Mobile, E.164. */
  phone: string;
  clinicName: string;
  clinicAddress: string;
  clinicCity: string;
  clinicState: string;
  clinicZip: string;
  /** Landline, E.164. */
  clinicPhone: string;
  clinicEmail: string;
  bio: string;
  licenseType: string;
  licenseNumber: string;
  licenseState: string;
  appointmentDuration: number;
  /** End of the working day (business hours start at 08:00); the schema's default is 18:00. */
  businessEnd?: string;
  isAvailable: boolean;
  zenMode?: boolean;
  timezone: string;
}

export interface DemoCalendarConnection {
  accountEmail: string;
  status: "connected" | "error";
  lastError?: string;
  lastSyncedMinutesAgo: number;
}

export interface DemoProfessional {
  /** Stable key: the demo's deterministic ids are derived from it. */
  key: string;
  profile: DemoProfile;
  joinedDaysAgo: number;
  lastLoginMinutesAgo: number | null;
  /** The clinic's WhatsApp number (E.164): only professionals with one get conversations. */
  whatsappNumber?: string;
  /** A full day: always an afternoon and a late appointment, so "later today" exists most of the day. */
  busy?: boolean;
  /** The professional's own instructions to the assistant. */
  assistantInstructions?: string;
  /** A Google Calendar connection. */
  calendar?: DemoCalendarConnection;
  patients: {
    count: number;
    /** Patient ages for this specialty. */
    ages: [number, number];
    /** Area code of the patients' mobiles. */
    ddd: string;
    histories: string[];
  };
}

/** The eight active professionals; the first one is the demo's main login. */
export const DEMO_PROFESSIONALS: DemoProfessional[] = [
  {
    key: "ana-souza",
    profile: {
      fullName: "Dra. Ana Souza",
      email: "ana.souza@clinora.com.br",
      specialty: "Psicologia",
      phone: "+5511987654321",
      clinicName: "Espaço Ana Souza Psicologia",
      clinicAddress: "Rua Augusta, 1508, sala 42 - Consolação",
      clinicCity: "São Paulo",
      clinicState: "SP",
      clinicZip: "01304-001",
      clinicPhone: "+551132145678",
      clinicEmail: "contato@espacoanasouza.com.br",
      bio: "Psicóloga clínica com abordagem cognitivo-comportamental. Atendimento de adolescentes e adultos com ansiedade, depressão e estresse, presencial e online.",
      licenseType: "CRP",
      licenseNumber: "06/154872",
      licenseState: "SP",
      appointmentDuration: 50,
      // Evening sessions are common in psychology, and they keep "next patient" alive when the demo runs late.
      businessEnd: "20:00",
      isAvailable: true,
      zenMode: false,
      timezone: "America/Sao_Paulo",
    },
    joinedDaysAgo: 380,
    lastLoginMinutesAgo: 30,
    whatsappNumber: "+5511940000001",
    busy: true,
    assistantInstructions:
      "Sessões de 50 minutos, presenciais ou online. Não comente o conteúdo das sessões. Em caso de crise emocional, " +
      "oriente a ligar para o CVV (188) e avise a Dra. Ana imediatamente.",
    calendar: { accountEmail: "ana.souza.psi@gmail.com", status: "connected", lastSyncedMinutesAgo: 14 },
    patients: {
      count: 40,
      ages: [16, 65],
      ddd: "11",
      histories: [
        "Transtorno de ansiedade generalizada, em acompanhamento desde 2023.",
        "Episódios depressivos leves; sem uso de medicação.",
        "Luto recente (perda do pai); queixa de insônia.",
        "Estresse relacionado ao trabalho; sintomas de burnout.",
        "TDAH diagnosticado na adolescência; acompanhamento psiquiátrico em paralelo.",
        "Crises de pânico esporádicas; evita transporte público.",
      ],
    },
  },
  {
    key: "carlos-mendes",
    profile: {
      fullName: "Dr. Carlos Mendes",
      email: "carlos.mendes@clinora.com.br",
      specialty: "Cardiologia",
      phone: "+5521998123456",
      clinicName: "Clínica CardioVida",
      clinicAddress: "Av. Nossa Senhora de Copacabana, 680, sala 1012 - Copacabana",
      clinicCity: "Rio de Janeiro",
      clinicState: "RJ",
      clinicZip: "22050-001",
      clinicPhone: "+552125487690",
      clinicEmail: "atendimento@cardiovida.com.br",
      bio: "Cardiologista com título pela SBC. Check-up cardiológico, hipertensão, arritmias e avaliação pré-operatória.",
      licenseType: "CRM",
      licenseNumber: "52.87451-3",
      licenseState: "RJ",
      appointmentDuration: 30,
      isAvailable: true,
      zenMode: false,
      timezone: "America/Sao_Paulo",
    },
    joinedDaysAgo: 345,
    lastLoginMinutesAgo: 270,
    whatsappNumber: "+5521940000002",
    calendar: { accountEmail: "agenda.cardiovida@gmail.com", status: "connected", lastSyncedMinutesAgo: 47 },
    patients: {
      count: 36,
      ages: [35, 88],
      ddd: "21",
      histories: [
        "Hipertensão arterial sistêmica; usa losartana 50 mg.",
        "Dislipidemia; em uso de sinvastatina 20 mg.",
        "Fibrilação atrial paroxística; anticoagulado.",
        "Angioplastia com stent em 2022.",
        "Diabetes tipo 2 e hipertensão; ex-tabagista.",
        "Sopro cardíaco em investigação.",
      ],
    },
  },
  {
    key: "beatriz-lima",
    profile: {
      fullName: "Dra. Beatriz Lima",
      email: "beatriz.lima@clinora.com.br",
      specialty: "Odontologia",
      phone: "+5531991234567",
      clinicName: "Sorriso Lima Odontologia",
      clinicAddress: "Av. do Contorno, 6061, sala 305 - Savassi",
      clinicCity: "Belo Horizonte",
      clinicState: "MG",
      clinicZip: "30110-035",
      clinicPhone: "+553132874510",
      clinicEmail: "contato@sorrisolima.com.br",
      bio: "Cirurgiã-dentista especialista em ortodontia e estética dental. Clareamento, lentes de contato e alinhadores invisíveis.",
      licenseType: "CRO",
      licenseNumber: "38214",
      licenseState: "MG",
      appointmentDuration: 60,
      isAvailable: true,
      zenMode: false,
      timezone: "America/Sao_Paulo",
    },
    joinedDaysAgo: 310,
    lastLoginMinutesAgo: 510,
    whatsappNumber: "+5531940000003",
    // Access revoked: the settings page shows the error and offers to reconnect.
    calendar: {
      accountEmail: "beatriz.lima.odonto@gmail.com",
      status: "error",
      lastError: "invalid_grant: o acesso à agenda foi revogado. Reconecte o Google Agenda em Configurações.",
      lastSyncedMinutesAgo: 3 * 24 * 60,
    },
    patients: {
      count: 32,
      ages: [8, 75],
      ddd: "31",
      histories: [
        "Bruxismo noturno; usa placa miorrelaxante.",
        "Tratamento ortodôntico em andamento (alinhadores).",
        "Alergia a látex; sensibilidade dentária.",
        "Implante no elemento 36 em 2021.",
        "Gengivite recorrente; orientado sobre fio dental.",
        "Hipertenso; evitar anestésico com vasoconstritor em dose alta.",
      ],
    },
  },
  {
    key: "rafael-oliveira",
    profile: {
      fullName: "Dr. Rafael Oliveira",
      email: "rafael.oliveira@clinora.com.br",
      specialty: "Fisioterapia",
      phone: "+5541998765432",
      clinicName: "Movimento Fisioterapia",
      clinicAddress: "Rua XV de Novembro, 1200, conj. 8 - Centro",
      clinicCity: "Curitiba",
      clinicState: "PR",
      clinicZip: "80060-000",
      clinicPhone: "+554133226789",
      clinicEmail: "recepcao@movimentofisio.com.br",
      bio: "Fisioterapeuta traumato-ortopédico e esportivo. Reabilitação pós-cirúrgica, dores na coluna e pilates clínico.",
      licenseType: "CREFITO",
      licenseNumber: "187452-F",
      licenseState: "PR",
      appointmentDuration: 45,
      isAvailable: true,
      zenMode: true,
      timezone: "America/Sao_Paulo",
    },
    joinedDaysAgo: 275,
    lastLoginMinutesAgo: 750,
    whatsappNumber: "+5541940000004",
    patients: {
      count: 30,
      ages: [18, 80],
      ddd: "41",
      histories: [
        "Lombalgia crônica; trabalha sentado.",
        "Pós-operatório de LCA no joelho direito.",
        "Tendinite no ombro esquerdo.",
        "Hérnia de disco L4-L5, sem indicação cirúrgica.",
        "Entorses de tornozelo de repetição (corredor amador).",
        "Cervicalgia tensional.",
      ],
    },
  },
  {
    key: "fernanda-costa",
    profile: {
      fullName: "Dra. Fernanda Costa",
      email: "fernanda.costa@clinora.com.br",
      specialty: "Nutrição",
      phone: "+5551996543210",
      clinicName: "NutriCosta Nutrição Clínica",
      clinicAddress: "Rua Padre Chagas, 300, sala 204 - Moinhos de Vento",
      clinicCity: "Porto Alegre",
      clinicState: "RS",
      clinicZip: "90570-080",
      clinicPhone: "+555130224455",
      clinicEmail: "ola@nutricosta.com.br",
      bio: "Nutricionista clínica e esportiva. Reeducação alimentar, emagrecimento saudável e nutrição para atletas.",
      licenseType: "CRN",
      licenseNumber: "14587",
      licenseState: "RS",
      appointmentDuration: 60,
      isAvailable: true,
      zenMode: false,
      timezone: "America/Sao_Paulo",
    },
    joinedDaysAgo: 240,
    lastLoginMinutesAgo: 990,
    whatsappNumber: "+5551940000005",
    patients: {
      count: 28,
      ages: [16, 70],
      ddd: "51",
      histories: [
        "Sobrepeso; meta de reeducação alimentar.",
        "Intolerância à lactose.",
        "Diabetes tipo 2; controle glicêmico.",
        "Doença celíaca; dieta sem glúten.",
        "Atleta amador; objetivo de ganho de massa magra.",
        "Gestante, 2º trimestre.",
      ],
    },
  },
  {
    key: "lucas-almeida",
    profile: {
      fullName: "Dr. Lucas Almeida",
      email: "lucas.almeida@clinora.com.br",
      specialty: "Dermatologia",
      phone: "+5581997651234",
      clinicName: "Derma Recife",
      clinicAddress: "Av. Boa Viagem, 3200, sala 701 - Boa Viagem",
      clinicCity: "Recife",
      clinicState: "PE",
      clinicZip: "51020-000",
      clinicPhone: "+558134651200",
      clinicEmail: "agenda@dermarecife.com.br",
      bio: "Dermatologista membro da SBD. Dermatologia clínica, tratamento de acne, manchas e check-up de pintas.",
      licenseType: "CRM",
      licenseNumber: "21458",
      licenseState: "PE",
      appointmentDuration: 30,
      isAvailable: false,
      zenMode: false,
      timezone: "America/Recife",
    },
    joinedDaysAgo: 205,
    lastLoginMinutesAgo: null,
    patients: {
      count: 27,
      ages: [14, 70],
      ddd: "81",
      histories: [
        "Acne inflamatória; em uso de isotretinoína.",
        "Dermatite atópica desde a infância.",
        "Psoríase em placas nos cotovelos.",
        "Melasma; usa protetor solar diariamente.",
        "Histórico familiar de melanoma.",
        "Rosácea.",
      ],
    },
  },
  {
    key: "mariana-ribeiro",
    profile: {
      fullName: "Dra. Mariana Ribeiro",
      email: "mariana.ribeiro@clinora.com.br",
      specialty: "Pediatria",
      phone: "+5571999871234",
      clinicName: "Clínica Pequenos Passos",
      clinicAddress: "Av. Tancredo Neves, 1632, sala 512 - Caminho das Árvores",
      clinicCity: "Salvador",
      clinicState: "BA",
      clinicZip: "41820-020",
      clinicPhone: "+557133417788",
      clinicEmail: "contato@pequenospassos.med.br",
      bio: "Pediatra com área de atuação em alergia infantil. Puericultura, acompanhamento do desenvolvimento e vacinação.",
      licenseType: "CRM",
      licenseNumber: "18745",
      licenseState: "BA",
      appointmentDuration: 30,
      isAvailable: false,
      zenMode: false,
      timezone: "America/Bahia",
    },
    joinedDaysAgo: 170,
    lastLoginMinutesAgo: null,
    patients: {
      count: 34,
      ages: [0, 14],
      ddd: "71",
      histories: [
        "Asma leve intermitente.",
        "Rinite alérgica.",
        "Alergia à proteína do leite de vaca (em remissão).",
        "Vacinação em dia; puericultura.",
        "Otites de repetição.",
        "Prematuro (34 semanas); desenvolvimento adequado.",
      ],
    },
  },
  {
    key: "paulo-nascimento",
    profile: {
      fullName: "Dr. Paulo Nascimento",
      email: "paulo.nascimento@clinora.com.br",
      specialty: "Psiquiatria",
      phone: "+5592991456789",
      clinicName: "Instituto Mente Sã",
      clinicAddress: "Av. Djalma Batista, 1661, sala 1104 - Chapada",
      clinicCity: "Manaus",
      clinicState: "AM",
      clinicZip: "69050-010",
      clinicPhone: "+559232347766",
      clinicEmail: "contato@institutomentesa.com.br",
      bio: "Psiquiatra com foco em transtornos de humor e ansiedade. Atendimento de adultos, presencial e por telemedicina.",
      licenseType: "CRM",
      licenseNumber: "6587",
      licenseState: "AM",
      appointmentDuration: 60,
      isAvailable: true,
      zenMode: false,
      timezone: "America/Manaus",
    },
    joinedDaysAgo: 135,
    lastLoginMinutesAgo: null,
    patients: {
      count: 25,
      ages: [18, 72],
      ddd: "92",
      histories: [
        "Transtorno bipolar tipo II; em uso de lítio.",
        "Depressão maior; sertralina 100 mg.",
        "Ansiedade generalizada; escitalopram 10 mg.",
        "TDAH do adulto.",
        "Transtorno do pânico em remissão.",
        "Insônia crônica; higiene do sono.",
      ],
    },
  },
];

/** A professional whose account an administrator suspended (no patients). */
export const SUSPENDED_PROFESSIONAL = {
  key: "marcelo-teixeira",
  profile: {
    fullName: "Dr. Marcelo Teixeira",
    email: "marcelo.teixeira@clinora.com.br",
    specialty: "Ortopedia",
    phone: "+5585998112233",
    clinicName: "OrtoCeará",
    clinicAddress: "Av. Santos Dumont, 2828, sala 304 - Aldeota",
    clinicCity: "Fortaleza",
    clinicState: "CE",
    clinicZip: "60150-161",
    clinicPhone: "+558532441122",
    clinicEmail: "contato@ortoceara.com.br",
    bio: "Ortopedista e traumatologista, cirurgia do joelho.",
    licenseType: "CRM",
    licenseNumber: "15478",
    licenseState: "CE",
    appointmentDuration: 30,
    isAvailable: false,
    timezone: "America/Fortaleza",
  } satisfies DemoProfile,
  joinedDaysAgo: 200,
  suspendedDaysAgo: 12,
  suspensionReason: "Mensalidade em atraso há mais de 60 dias; conta suspensa até a regularização.",
};

/** A sign-up waiting for an administrator's approval (no professional record yet). */
export const PENDING_USER = {
  key: "juliana-prado",
  fullName: "Dra. Juliana Prado",
  email: "juliana.prado@clinora.com.br",
  phone: "+5561998234567",
  notes: "Fonoaudióloga em Brasília/DF. Aguardando o envio do registro no CRFa para aprovar.",
  signedUpDaysAgo: 2,
};

export interface DemoAdminAction {
  /** Stable key of the row's id. */
  key: string;
  /** The account acted on, by email. */
  target: string;
  by: "admin" | "support";
  action: AdminActionType;
  daysAgo: number;
  reason?: string;
  details?: unknown;
}

/** What the administrators did, besides creating each active professional's account on the day it joined. */
export const ADMIN_ACTION_HISTORY: DemoAdminAction[] = [
  {
    key: "approved:beatriz",
    target: "beatriz.lima@clinora.com.br",
    by: "admin",
    action: "approved_as_professional",
    daysAgo: 308,
    reason: "Registro no CRO conferido.",
  },
  {
    key: "approved:fernanda",
    target: "fernanda.costa@clinora.com.br",
    by: "support",
    action: "approved_as_professional",
    daysAgo: 238,
    reason: "Documentação completa.",
  },
  { key: "suspended:rafael", target: "rafael.oliveira@clinora.com.br", by: "admin", action: "suspended", daysAgo: 95, reason: "Registro no CREFITO vencido." },
  { key: "reactivated:rafael", target: "rafael.oliveira@clinora.com.br", by: "admin", action: "reactivated", daysAgo: 88, reason: "Registro renovado e enviado." },
  {
    key: "edited:ana",
    target: "ana.souza@clinora.com.br",
    by: "support",
    action: "edited",
    daysAgo: 20,
    reason: "Atualização do telefone da clínica a pedido da profissional.",
    details: { fields: ["phone", "clinic_phone"] },
  },
  {
    key: "edited:lucas",
    target: "lucas.almeida@clinora.com.br",
    by: "admin",
    action: "edited",
    daysAgo: 6,
    reason: "Marcado como indisponível durante as férias.",
    details: { fields: ["is_available"] },
  },
  {
    key: "created:marcelo",
    target: SUSPENDED_PROFESSIONAL.profile.email,
    by: "admin",
    action: "created",
    daysAgo: SUSPENDED_PROFESSIONAL.joinedDaysAgo,
    details: { role: "professional" },
  },
  {
    key: "suspended:marcelo",
    target: SUSPENDED_PROFESSIONAL.profile.email,
    by: "admin",
    action: "suspended",
    daysAgo: SUSPENDED_PROFESSIONAL.suspendedDaysAgo,
    reason: SUSPENDED_PROFESSIONAL.suspensionReason,
  },
  { key: "notes:juliana", target: PENDING_USER.email, by: "support", action: "notes_updated", daysAgo: 1, details: { notes: PENDING_USER.notes } },
];
