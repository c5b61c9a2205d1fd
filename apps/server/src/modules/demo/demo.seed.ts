/**
 * Demo data for `npm run demo` (PRODUCT.md "First run and demo data"): professionals of several specialties
 * and cities, patients with valid CPFs and phones, a month of appointments around today, tasks, leads,
 * WhatsApp and web-chat conversations with messages in every status, and known logins.
 *
 * The fixed material (people, clinics, scripts) comes first; the seed and its builders follow.
 */
import { createHash } from "node:crypto";
import { count, inArray } from "drizzle-orm";
import type { PgInsertValue, PgTable } from "drizzle-orm/pg-core";
import {
  type AdminActionType,
  type AppointmentStatus,
  type ConversationChannel,
  type ConversationStatus,
  formatPhoneBR,
  generateCpf,
  type LeadStatus,
  type MessageStatus,
  TASK_PRIORITIES,
  TASK_STATUSES,
  type TaskPriority,
  type TaskStatus,
} from "@clinora/contracts";
import { addDays, localToInstant, todayIn, weekdayOf } from "@clinora/contracts/zoned-time";
import type { Db, Tx } from "../../db/client";
import * as s from "../../db/schema/index";
import type { Clock } from "../../lib/clock";
import { hashPassword } from "../../lib/password";
import { patientSearchText } from "../patients/patient.repository";

// ---------------------------------------------------------------------------------------------------------
// Material
// ---------------------------------------------------------------------------------------------------------

interface DemoProfessional {
  /** Stable key: the demo's deterministic ids are derived from it. */
  key: string;
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
  zenMode: boolean;
  timezone: string;
  ddd: string;
  patientCount: number;
  /** Patient ages for this specialty. */
  ages: [number, number];
  histories: string[];
}

/** The eight active professionals; the first one is the demo's main login. */
const DEMO_PROFESSIONALS: DemoProfessional[] = [
  {
    key: "ana-souza",
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
    ddd: "11",
    patientCount: 40,
    ages: [16, 65],
    histories: [
      "Transtorno de ansiedade generalizada, em acompanhamento desde 2023.",
      "Episódios depressivos leves; sem uso de medicação.",
      "Luto recente (perda do pai); queixa de insônia.",
      "Estresse relacionado ao trabalho; sintomas de burnout.",
      "TDAH diagnosticado na adolescência; acompanhamento psiquiátrico em paralelo.",
      "Crises de pânico esporádicas; evita transporte público.",
    ],
  },
  {
    key: "carlos-mendes",
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
    ddd: "21",
    patientCount: 36,
    ages: [35, 88],
    histories: [
      "Hipertensão arterial sistêmica; usa losartana 50 mg.",
      "Dislipidemia; em uso de sinvastatina 20 mg.",
      "Fibrilação atrial paroxística; anticoagulado.",
      "Angioplastia com stent em 2022.",
      "Diabetes tipo 2 e hipertensão; ex-tabagista.",
      "Sopro cardíaco em investigação.",
    ],
  },
  {
    key: "beatriz-lima",
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
    ddd: "31",
    patientCount: 32,
    ages: [8, 75],
    histories: [
      "Bruxismo noturno; usa placa miorrelaxante.",
      "Tratamento ortodôntico em andamento (alinhadores).",
      "Alergia a látex; sensibilidade dentária.",
      "Implante no elemento 36 em 2021.",
      "Gengivite recorrente; orientado sobre fio dental.",
      "Hipertenso; evitar anestésico com vasoconstritor em dose alta.",
    ],
  },
  {
    key: "rafael-oliveira",
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
    ddd: "41",
    patientCount: 30,
    ages: [18, 80],
    histories: [
      "Lombalgia crônica; trabalha sentado.",
      "Pós-operatório de LCA no joelho direito.",
      "Tendinite no ombro esquerdo.",
      "Hérnia de disco L4-L5, sem indicação cirúrgica.",
      "Entorses de tornozelo de repetição (corredor amador).",
      "Cervicalgia tensional.",
    ],
  },
  {
    key: "fernanda-costa",
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
    ddd: "51",
    patientCount: 28,
    ages: [16, 70],
    histories: [
      "Sobrepeso; meta de reeducação alimentar.",
      "Intolerância à lactose.",
      "Diabetes tipo 2; controle glicêmico.",
      "Doença celíaca; dieta sem glúten.",
      "Atleta amador; objetivo de ganho de massa magra.",
      "Gestante, 2º trimestre.",
    ],
  },
  {
    key: "lucas-almeida",
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
    ddd: "81",
    patientCount: 27,
    ages: [14, 70],
    histories: [
      "Acne inflamatória; em uso de isotretinoína.",
      "Dermatite atópica desde a infância.",
      "Psoríase em placas nos cotovelos.",
      "Melasma; usa protetor solar diariamente.",
      "Histórico familiar de melanoma.",
      "Rosácea.",
    ],
  },
  {
    key: "mariana-ribeiro",
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
    ddd: "71",
    patientCount: 34,
    ages: [0, 14],
    histories: [
      "Asma leve intermitente.",
      "Rinite alérgica.",
      "Alergia à proteína do leite de vaca (em remissão).",
      "Vacinação em dia; puericultura.",
      "Otites de repetição.",
      "Prematuro (34 semanas); desenvolvimento adequado.",
    ],
  },
  {
    key: "paulo-nascimento",
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
    ddd: "92",
    patientCount: 25,
    ages: [18, 72],
    histories: [
      "Transtorno bipolar tipo II; em uso de lítio.",
      "Depressão maior; sertralina 100 mg.",
      "Ansiedade generalizada; escitalopram 10 mg.",
      "TDAH do adulto.",
      "Transtorno do pânico em remissão.",
      "Insônia crônica; higiene do sono.",
    ],
  },
];

/** A professional whose account an administrator suspended (no patients). */
const SUSPENDED_PROFESSIONAL = {
  key: "marcelo-teixeira",
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
  timezone: "America/Fortaleza",
  suspensionReason: "Mensalidade em atraso há mais de 60 dias; conta suspensa até a regularização.",
};

/** A sign-up waiting for an administrator's approval (no professional record yet). */
const PENDING_USER = {
  key: "juliana-prado",
  fullName: "Dra. Juliana Prado",
  email: "juliana.prado@clinora.com.br",
  phone: "+5561998234567",
  notes: "Fonoaudióloga em Brasília/DF. Aguardando o envio do registro no CRFa para aprovar.",
};

const FEMALE_NAMES = [
  "Ana", "Maria", "Juliana", "Fernanda", "Camila", "Beatriz", "Larissa", "Gabriela", "Mariana", "Patrícia",
  "Aline", "Bruna", "Letícia", "Amanda", "Carolina", "Isabela", "Luana", "Vanessa", "Natália", "Renata",
  "Cláudia", "Sandra", "Helena", "Alice", "Laura", "Valentina", "Sofia", "Manuela", "Júlia", "Lívia",
  "Tatiane", "Débora", "Priscila", "Simone", "Adriana", "Rosângela", "Francisca", "Antônia", "Luíza", "Giovanna",
];

const MALE_NAMES = [
  "João", "José", "Pedro", "Lucas", "Gabriel", "Rafael", "Matheus", "Gustavo", "Felipe", "Bruno",
  "Rodrigo", "Thiago", "André", "Marcelo", "Carlos", "Eduardo", "Daniel", "Leonardo", "Vinícius", "Diego",
  "Fábio", "Ricardo", "Paulo", "Antônio", "Francisco", "Luiz", "Sérgio", "Henrique", "Miguel", "Arthur",
  "Heitor", "Bernardo", "Davi", "Caio", "Otávio", "Renan", "Igor", "Samuel", "Enzo", "Murilo",
];

const SURNAMES = [
  "Silva", "Santos", "Oliveira", "Souza", "Rodrigues", "Ferreira", "Alves", "Pereira", "Lima", "Gomes",
  "Costa", "Ribeiro", "Martins", "Carvalho", "Almeida", "Lopes", "Soares", "Fernandes", "Vieira", "Barbosa",
  "Rocha", "Dias", "Nascimento", "Andrade", "Moreira", "Nunes", "Marques", "Machado", "Mendes", "Freitas",
  "Cardoso", "Ramos", "Gonçalves", "Santana", "Teixeira", "Araújo", "Cavalcanti", "Monteiro", "Moura", "Correia",
  "Pinto", "Campos", "Batista", "Farias", "Castro", "Azevedo", "Melo", "Brandão", "Xavier", "Queiroz",
];

const EMAIL_DOMAINS = ["gmail.com", "gmail.com", "gmail.com", "hotmail.com", "outlook.com", "yahoo.com.br", "uol.com.br", "icloud.com", "terra.com.br"];

/** Streets and neighbourhoods per city, for patients' addresses. */
const CITY_STREETS: Record<string, { streets: string[]; districts: string[] }> = {
  "São Paulo": {
    streets: ["Rua Harmonia", "Rua Cardeal Arcoverde", "Avenida Paulista", "Rua Vergueiro", "Rua Tuiuti", "Rua Teodoro Sampaio"],
    districts: ["Vila Madalena", "Pinheiros", "Bela Vista", "Vila Mariana", "Tatuapé", "Perdizes"],
  },
  "Rio de Janeiro": {
    streets: ["Rua Barata Ribeiro", "Rua Voluntários da Pátria", "Rua Conde de Bonfim", "Avenida das Américas", "Rua Visconde de Pirajá"],
    districts: ["Copacabana", "Botafogo", "Tijuca", "Barra da Tijuca", "Ipanema"],
  },
  "Belo Horizonte": {
    streets: ["Rua Pernambuco", "Avenida Afonso Pena", "Rua da Bahia", "Rua Padre Eustáquio", "Avenida Getúlio Vargas"],
    districts: ["Funcionários", "Centro", "Lourdes", "Carlos Prates", "Savassi"],
  },
  Curitiba: {
    streets: ["Rua Marechal Deodoro", "Avenida Sete de Setembro", "Rua Itupava", "Rua Padre Anchieta", "Rua Mateus Leme"],
    districts: ["Centro", "Batel", "Alto da XV", "Bigorrilho", "São Francisco"],
  },
  "Porto Alegre": {
    streets: ["Rua Fernandes Vieira", "Avenida Ipiranga", "Rua José do Patrocínio", "Avenida Protásio Alves", "Rua Mostardeiro"],
    districts: ["Bom Fim", "Azenha", "Cidade Baixa", "Petrópolis", "Moinhos de Vento"],
  },
  Recife: {
    streets: ["Rua do Futuro", "Avenida Conselheiro Aguiar", "Rua da Aurora", "Rua Real da Torre", "Avenida Rui Barbosa"],
    districts: ["Graças", "Boa Viagem", "Boa Vista", "Madalena", "Casa Forte"],
  },
  Salvador: {
    streets: ["Rua Marquês de Caravelas", "Avenida Sete de Setembro", "Rua Chile", "Rua Ceará", "Avenida Oceânica"],
    districts: ["Barra", "Vitória", "Centro", "Pituba", "Ondina"],
  },
  Manaus: {
    streets: ["Rua Recife", "Avenida Constantino Nery", "Rua Pará", "Avenida Efigênio Salles", "Rua Ramos Ferreira"],
    districts: ["Adrianópolis", "Chapada", "Vieiralves", "Aleixo", "Centro"],
  },
};

const PATIENT_NOTES = [
  "Prefere contato por WhatsApp.",
  "Solicita recibo para reembolso do plano de saúde.",
  "Costuma chegar com antecedência.",
  "Encaminhado por indicação de outro paciente.",
  "Prefere horários no fim da tarde.",
  "Tem dificuldade de locomoção; precisa de elevador.",
  "Pagamento via PIX.",
  "Atendimento online quando estiver viajando.",
];

const PREFERRED_TIMES = ["Manhã", "Tarde", "Noite"];

const APPOINTMENT_TYPES: [string, number][] = [
  ["Consulta", 0.5],
  ["Retorno", 0.3],
  ["Primeira consulta", 0.1],
  ["Avaliação", 0.1],
];

const APPOINTMENT_NOTES = [
  "Trazer exames recentes.",
  "Pediu lembrete na véspera.",
  "Emitir recibo para reembolso.",
  "Primeira vez no consultório; chegar 10 minutos antes.",
  "Confirmado por WhatsApp.",
  "Atendimento online (link enviado por e-mail).",
];

const PATIENT_TASK_TITLES = [
  "Ligar para paciente para confirmar retorno",
  "Enviar resultado de exames ao paciente",
  "Atualizar prontuário após a sessão",
  "Reagendar consulta cancelada",
  "Enviar orçamento do tratamento",
  "Solicitar exames complementares",
  "Enviar recibo para reembolso do plano",
];

const GENERAL_TASK_TITLES = [
  "Enviar relatório ao convênio",
  "Pagar anuidade do conselho profissional",
  "Revisar agenda da próxima semana",
  "Emitir recibos do mês",
  "Renovar alvará da vigilância sanitária",
  "Comprar material de consumo",
  "Atualizar perfil no Google Meu Negócio",
  "Responder avaliações de pacientes",
  "Conferir repasse do convênio",
  "Preparar apresentação para o congresso",
];

const TASK_DESCRIPTIONS = [
  "Verificar antes do fim do dia.",
  "Combinar por telefone ou WhatsApp.",
  "Usar o modelo salvo na pasta da clínica.",
  "Anexar comprovantes e notas fiscais.",
  null,
  null,
];

const LEAD_SOURCES = ["Instagram", "Indicação", "Google", "Site", "Evento", "WhatsApp"];

const LEAD_SPECIALTIES: [string, string][] = [
  ["Psicologia", "Campinas/SP"],
  ["Fisioterapia", "Niterói/RJ"],
  ["Nutrição", "Florianópolis/SC"],
  ["Odontologia", "Goiânia/GO"],
  ["Fonoaudiologia", "Brasília/DF"],
  ["Dermatologia", "Fortaleza/CE"],
  ["Psiquiatria", "Belém/PA"],
  ["Terapia ocupacional", "Vitória/ES"],
  ["Cardiologia", "Ribeirão Preto/SP"],
  ["Pediatria", "Natal/RN"],
];

const LEAD_DDDS = ["11", "19", "21", "27", "31", "41", "48", "61", "62", "71", "81", "85", "91"];

const LEAD_NOTES: Record<string, string[]> = {
  new: ["Preencheu o formulário do site pedindo uma demonstração.", "Mandou mensagem perguntando o preço do plano.", "Deixou contato no estande do evento."],
  contacted: ["Primeiro contato por telefone; pediu material por e-mail.", "Respondeu no WhatsApp; quer conversar na próxima semana.", "E-mail enviado com a apresentação do produto."],
  qualified: ["Agenda cheia e duas secretárias; interesse no assistente de WhatsApp.", "Atende em dois consultórios; precisa de agenda única.", "Demonstração feita; pediu proposta para 3 profissionais."],
  converted: ["Assinou o plano mensal; conta criada.", "Fechou o plano anual com desconto de lançamento.", "Migrou da planilha; importação de pacientes concluída."],
  lost: ["Optou por outro sistema por causa do preço.", "Sem retorno após três tentativas de contato.", "Vai adiar a decisão para o próximo ano."],
};

interface ConversationScript {
  key: string;
  /** Even positions are the patient's (inbound), odd positions the clinic's (outbound). */
  lines: string[];
}

/** Placeholders: {first} patient first name, {clinic}, {address}, {assistant}. */
const CONVERSATION_SCRIPTS: Record<string, ConversationScript> = {
  urgent: {
    key: "urgent",
    lines: [
      "Boa noite, estou me sentindo pior desde ontem. Teria algum encaixe ainda esta semana?",
      "Olá, {first}. Sinto muito. Vou verificar a agenda e já retorno com um horário.",
      "Obrigado. Qualquer horário serve, até no fim do dia.",
    ],
  },
  failed: {
    key: "failed",
    lines: [
      "Olá, gostaria de remarcar minha consulta de quinta.",
      "Olá, {first}! Claro. Temos sexta às 10h ou às 15h30. Qual prefere?",
      "Oi, alguém pode me responder? Preciso remarcar a consulta de quinta.",
    ],
  },
  first: {
    key: "first",
    lines: [
      "Boa tarde! Vocês atendem convênio? Queria marcar uma primeira consulta.",
      "Boa tarde! Atendemos particular e emitimos recibo para reembolso do seu plano. Gostaria de agendar?",
      "Quero sim. Qual o valor da consulta?",
      "A primeira consulta custa R$ 250,00. Temos terça às 9h ou quarta às 14h.",
      "Pode ser terça às 9h.",
      "Agendado para terça às 9h! Chegue 10 minutos antes para o cadastro.",
      "Combinado, obrigada.",
      "Nós que agradecemos. Até terça!",
    ],
  },
  cancel: {
    key: "cancel",
    lines: [
      "Bom dia. Não vou conseguir ir à consulta de hoje, tive um imprevisto no trabalho.",
      "Bom dia, {first}. Sem problemas, vou cancelar. Quer deixar um novo horário marcado?",
      "Quero sim, pode ser semana que vem no mesmo horário?",
      "Temos quarta-feira às 10h. Posso confirmar?",
      "Pode confirmar, por favor.",
      "Confirmado para quarta às 10h. Até lá!",
    ],
  },
  receipt: {
    key: "receipt",
    lines: [
      "Olá! Preciso do recibo das consultas do mês passado para o reembolso do plano.",
      "Olá, {first}! Vou emitir e envio por aqui ainda hoje.",
      "Consegue incluir o CPF e o número do registro profissional?",
      "Sim, o recibo já sai com CPF e registro. Segue em anexo em alguns minutos.",
      "Recebi, muito obrigado!",
      "Disponha! Qualquer coisa é só chamar.",
    ],
  },
  bot: {
    key: "bot",
    lines: [
      "Oi, quais horários vocês têm na próxima semana?",
      "Olá! Eu sou a {assistant}, assistente virtual de {clinic}. Na próxima semana há horários na segunda às 9h, na terça às 16h e na quinta às 11h. Algum deles serve?",
      "Terça às 16h.",
      "Ótimo! Para confirmar, pode me informar seu nome completo e sua data de nascimento?",
      "Sou {first}, pode ver no meu cadastro.",
      "Obrigada, {first}! Sua consulta ficou agendada para terça às 16h. Enviaremos um lembrete um dia antes.",
    ],
  },
  address: {
    key: "address",
    lines: [
      "Oi, qual o endereço do consultório? Tem estacionamento?",
      "Oi, {first}! Estamos na {address}. Há estacionamento conveniado no prédio ao lado.",
      "Ótimo, e o consultório fica aberto até que horas?",
      "Atendemos de segunda a sexta, das 8h às 18h.",
    ],
  },
  confirm: {
    key: "confirm",
    lines: [
      "Oi, recebi o lembrete. Confirmo a consulta de amanhã às 14h.",
      "Obrigada pela confirmação, {first}! Até amanhã.",
      "Posso levar meus exames recentes?",
      "Pode sim, é até melhor. Traga também a lista dos medicamentos que está usando.",
      "Combinado!",
      "Até amanhã, {first}.",
    ],
  },
};

const AI_SYSTEM_PROMPT = `Você é {assistant_name}, assistente virtual de {clinic_name} ({specialty}).
Atenda pacientes pelo WhatsApp com cordialidade, em português do Brasil, com frases curtas.
Você pode: informar endereço e horários de atendimento ({business_hours}), consultar horários livres,
agendar, remarcar ou cancelar consultas e tirar dúvidas administrativas (valores, recibos, documentos).
Nunca dê diagnóstico, orientação clínica ou indicação de medicamentos. Em caso de urgência ou sinais de risco,
oriente a procurar o pronto-socorro mais próximo ou ligar para o SAMU (192) e avise a equipe da clínica.
Quando não souber responder, diga que vai encaminhar a mensagem para a equipe.`;

const ANA_ASSISTANT_INSTRUCTIONS =
  "Sessões de 50 minutos, presenciais ou online. Não comente o conteúdo das sessões. Em caso de crise emocional, " +
  "oriente a ligar para o CVV (188) e avise a Dra. Ana imediatamente.";

// ---------------------------------------------------------------------------------------------------------
// Determinism: ids and random draws come from stable keys, so a second run inserts nothing new.
// ---------------------------------------------------------------------------------------------------------

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** A UUID (v4 layout) derived from `key`: the same key always gives the same id. */
export function demoId(key: string): string {
  const h = sha256(`clinora-demo/${key}`);
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** mulberry32: a small, fast PRNG with 32 bits of state, seeded from `key`. */
function rngFor(key: string): Rng {
  let a = parseInt(sha256(`clinora-demo-rng/${key}`).slice(0, 8), 16) >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
    shuffle: (items) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy;
    },
    weighted: (items) => {
      let r = next() * items.reduce((sum, [, w]) => sum + w, 0);
      for (const [item, w] of items) {
        r -= w;
        if (r < 0) return item;
      }
      return items[items.length - 1]![0];
    },
  };
}

interface Rng {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  shuffle<T>(items: readonly T[]): T[];
  weighted<T>(items: readonly (readonly [T, number])[]): T;
}

const plain = (text: string) => text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase();
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const minutesAgo = (now: Date, minutes: number) => new Date(now.getTime() - minutes * MINUTE);
const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters for the widest table. */
const CHUNK = 500;

async function insertAll<T extends PgTable>(tx: Tx, table: T, rows: PgInsertValue<T>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await tx.insert(table).values(rows.slice(i, i + CHUNK)).onConflictDoNothing();
  }
}

// ---------------------------------------------------------------------------------------------------------
// The seed
// ---------------------------------------------------------------------------------------------------------

export const DEMO_ADMIN = { email: "admin@clinora.com.br", password: "Admin@12345", fullName: "Administrador Clinora" };
export const DEMO_SUPPORT = { email: "suporte@clinora.com.br", password: "Admin@12345", fullName: "Suporte Clinora" };
export const DEMO_PROFESSIONAL_PASSWORD = "Prof@12345";

export interface DemoLogin {
  role: string;
  email: string;
  password: string;
  name: string;
}

export interface DemoResult {
  logins: DemoLogin[];
  /** Rows per table after the run (whole tables, so a second run shows the same figures). */
  counts: Record<string, number>;
}

type PatientInsert = typeof s.patients.$inferInsert & { id: string; name: string; professionalId: string };
type MessageInsert = typeof s.messages.$inferInsert;

/**
 * Fills the database with realistic Brazilian demo data (PRODUCT.md "First run and demo data"), in one
 * transaction. Idempotent: every row has an id derived from a stable key and is inserted with ON CONFLICT
 * DO NOTHING, so running it again (the same day or later) adds nothing that exists. Appointment times depend
 * only on the professional and the date, so a later run adds the new days without overlapping older rows.
 * Existing accounts with a demo email are left untouched (their password is not reset).
 */
export async function seedDemo(db: Db, clock: Clock): Promise<DemoResult> {
  const now = clock.now();
  const [adminHash, professionalHash] = await Promise.all([hashPassword(DEMO_ADMIN.password), hashPassword(DEMO_PROFESSIONAL_PASSWORD)]);

  return db.transaction(async (tx) => {
    // --- accounts and professionals -------------------------------------------------------------------
    const userRows: (typeof s.users.$inferInsert & { id: string; email: string })[] = [];
    const professionalRows: (typeof s.professionals.$inferInsert & { id: string })[] = [];
    const userKey = (key: string) => demoId(`user:${key}`);
    const professionalKey = (key: string) => demoId(`professional:${key}`);

    userRows.push(
      { id: userKey("admin"), email: DEMO_ADMIN.email, passwordHash: adminHash, role: "admin", status: "active", fullName: DEMO_ADMIN.fullName, phone: "+5511999990000", createdAt: new Date(now.getTime() - 420 * DAY), lastLogin: minutesAgo(now, 90) },
      { id: userKey("support"), email: DEMO_SUPPORT.email, passwordHash: adminHash, role: "admin", status: "active", fullName: DEMO_SUPPORT.fullName, phone: "+5511999990001", createdAt: new Date(now.getTime() - 300 * DAY), lastLogin: minutesAgo(now, 60 * 26) },
    );

    DEMO_PROFESSIONALS.forEach((p, i) => {
      const createdAt = new Date(now.getTime() - (380 - i * 35) * DAY);
      const { key, ddd: _ddd, patientCount: _count, ages: _ages, histories: _histories, ...profile } = p;
      professionalRows.push({ id: professionalKey(key), ...profile, createdAt, updatedAt: createdAt });
      userRows.push({
        id: userKey(key),
        email: p.email,
        passwordHash: professionalHash,
        role: "professional",
        status: "active",
        professionalId: professionalKey(key),
        fullName: p.fullName,
        phone: p.phone,
        createdAt,
        lastLogin: i < 5 ? minutesAgo(now, 30 + i * 240) : null,
      });
    });

    const sp = SUSPENDED_PROFESSIONAL;
    const suspendedCreatedAt = new Date(now.getTime() - 200 * DAY);
    const suspendedAt = new Date(now.getTime() - 12 * DAY);
    const { key: _spKey, suspensionReason: _reason, ...suspendedProfile } = sp;
    professionalRows.push({ id: professionalKey(sp.key), ...suspendedProfile, isAvailable: false, createdAt: suspendedCreatedAt, updatedAt: suspendedAt });
    userRows.push(
      {
        id: userKey(sp.key),
        email: sp.email,
        passwordHash: professionalHash,
        role: "professional",
        status: "suspended",
        professionalId: professionalKey(sp.key),
        fullName: sp.fullName,
        phone: sp.phone,
        suspensionReason: sp.suspensionReason,
        suspendedAt,
        suspendedBy: userKey("admin"),
        createdAt: suspendedCreatedAt,
      },
      {
        id: userKey(PENDING_USER.key),
        email: PENDING_USER.email,
        passwordHash: professionalHash,
        role: "professional",
        status: "pending_approval",
        fullName: PENDING_USER.fullName,
        phone: PENDING_USER.phone,
        notes: PENDING_USER.notes,
        createdAt: new Date(now.getTime() - 2 * DAY),
      },
    );

    await insertAll(tx, s.professionals, professionalRows);
    await insertAll(tx, s.users, userRows);

    // An account that already existed under a demo email keeps its id and password: resolve ids by email.
    const existing = await tx
      .select({ id: s.users.id, email: s.users.email })
      .from(s.users)
      .where(inArray(s.users.email, userRows.map((u) => u.email)));
    const idByEmail = new Map(existing.map((u) => [u.email, u.id]));
    const ours = (email: string) => idByEmail.get(email) === userRows.find((u) => u.email === email)?.id;
    const adminId = idByEmail.get(DEMO_ADMIN.email)!;
    const supportId = idByEmail.get(DEMO_SUPPORT.email)!;

    const actionRows: (typeof s.adminActions.$inferInsert)[] = [];
    const action = (key: string, targetEmail: string, by: { id: string; email: string }, type: AdminActionType, daysAgo: number, reason?: string, details?: unknown) => {
      const target = idByEmail.get(targetEmail);
      if (!target || !ours(targetEmail)) return;
      actionRows.push({
        id: demoId(`admin-action:${key}`),
        targetUserId: target,
        performedBy: by.id,
        performedByEmail: by.email,
        action: type,
        reason: reason ?? null,
        details: details ?? null,
        performedAt: new Date(now.getTime() - daysAgo * DAY),
      });
    };
    const admin = { id: adminId, email: DEMO_ADMIN.email };
    const support = { id: supportId, email: DEMO_SUPPORT.email };
    DEMO_PROFESSIONALS.forEach((p, i) => action(`created:${p.key}`, p.email, admin, "created", 380 - i * 35, undefined, { role: "professional" }));
    action("approved:beatriz", DEMO_PROFESSIONALS[2]!.email, admin, "approved_as_professional", 308, "Registro no CRO conferido.");
    action("approved:fernanda", DEMO_PROFESSIONALS[4]!.email, support, "approved_as_professional", 238, "Documentação completa.");
    action("suspended:rafael", DEMO_PROFESSIONALS[3]!.email, admin, "suspended", 95, "Registro no CREFITO vencido.");
    action("reactivated:rafael", DEMO_PROFESSIONALS[3]!.email, admin, "reactivated", 88, "Registro renovado e enviado.");
    action("edited:ana", DEMO_PROFESSIONALS[0]!.email, support, "edited", 20, "Atualização do telefone da clínica a pedido da profissional.", { fields: ["phone", "clinic_phone"] });
    action("edited:lucas", DEMO_PROFESSIONALS[5]!.email, admin, "edited", 6, "Marcado como indisponível durante as férias.", { fields: ["is_available"] });
    action("created:marcelo", sp.email, admin, "created", 200, undefined, { role: "professional" });
    action("suspended:marcelo", sp.email, admin, "suspended", 12, sp.suspensionReason);
    action("notes:juliana", PENDING_USER.email, support, "notes_updated", 1, undefined, { notes: PENDING_USER.notes });
    await insertAll(tx, s.adminActions, actionRows);

    // --- global and per-professional settings ---------------------------------------------------------
    await insertAll(tx, s.aiSettings, [{ id: 1, provider: "openai", model: "gpt-4o-mini", temperature: 0.7, systemPrompt: AI_SYSTEM_PROMPT, updatedBy: adminId }]);
    await insertAll(
      tx,
      s.assistantSettings,
      [...DEMO_PROFESSIONALS.map((p) => p.key), sp.key].map((key) => ({
        professionalId: professionalKey(key),
        aiRoleName: "Marge",
        aiInstructions: key === DEMO_PROFESSIONALS[0]!.key ? ANA_ASSISTANT_INSTRUCTIONS : null,
      })),
    );

    const numbered = DEMO_PROFESSIONALS.slice(0, 5);
    const twilioRows: (typeof s.twilioNumbers.$inferInsert)[] = numbered.map((p, i) => {
      const e164 = `+55${p.ddd}94000000${i + 1}`;
      return { id: demoId(`twilio:${p.key}`), twilioNumber: `whatsapp:${e164}`, e164Number: e164, label: `Recepção ${p.clinicName}`, professionalId: professionalKey(p.key) };
    });
    twilioRows.push({ id: demoId("twilio:spare"), twilioNumber: "whatsapp:+5511940000099", e164Number: "+5511940000099", label: "Número reserva (sem profissional)", professionalId: null });
    await insertAll(tx, s.twilioNumbers, twilioRows);

    const [ana, carlos, beatriz] = DEMO_PROFESSIONALS as [DemoProfessional, DemoProfessional, DemoProfessional];
    await insertAll(tx, s.calendarConnections, [
      { id: demoId(`calendar:${ana.key}`), professionalId: professionalKey(ana.key), accountEmail: "ana.souza.psi@gmail.com", timezone: ana.timezone, status: "connected", lastSyncedAt: minutesAgo(now, 14) },
      { id: demoId(`calendar:${carlos.key}`), professionalId: professionalKey(carlos.key), accountEmail: "agenda.cardiovida@gmail.com", timezone: carlos.timezone, status: "connected", lastSyncedAt: minutesAgo(now, 47) },
      {
        id: demoId(`calendar:${beatriz.key}`),
        professionalId: professionalKey(beatriz.key),
        accountEmail: "beatriz.lima.odonto@gmail.com",
        timezone: beatriz.timezone,
        status: "error",
        lastError: "invalid_grant: o acesso à agenda foi revogado. Reconecte o Google Agenda em Configurações.",
        lastSyncedAt: new Date(now.getTime() - 3 * DAY),
      },
    ]);

    // --- practice data per professional ---------------------------------------------------------------
    const patientRows: PatientInsert[] = [];
    const appointmentRows: (typeof s.appointments.$inferInsert)[] = [];
    const taskRows: (typeof s.tasks.$inferInsert)[] = [];
    const conversationRows: (typeof s.conversations.$inferInsert)[] = [];
    const messageRows: MessageInsert[] = [];
    const usedPhones = new Set<string>(DEMO_PROFESSIONALS.map((p) => p.phone));

    for (const p of DEMO_PROFESSIONALS) {
      const patients = buildPatients(p, professionalKey(p.key), now, usedPhones);
      patientRows.push(...patients);
      appointmentRows.push(...buildAppointments(p, professionalKey(p.key), patients, now, p === ana));
      taskRows.push(...buildTasks(p, professionalKey(p.key), patients, now));
      if (numbered.includes(p)) {
        const built = buildConversations(p, professionalKey(p.key), patients, now);
        conversationRows.push(...built.conversations);
        messageRows.push(...built.messages);
      }
    }

    await insertAll(tx, s.patients, patientRows);
    await insertAll(tx, s.appointments, appointmentRows);
    await insertAll(tx, s.tasks, taskRows);
    await insertAll(tx, s.conversations, conversationRows);
    await insertAll(tx, s.messages, messageRows);
    await insertAll(tx, s.leads, buildLeads(now));

    // --- result --------------------------------------------------------------------------------------
    const tables = {
      users: s.users,
      professionals: s.professionals,
      patients: s.patients,
      appointments: s.appointments,
      tasks: s.tasks,
      leads: s.leads,
      conversations: s.conversations,
      messages: s.messages,
      twilio_numbers: s.twilioNumbers,
      admin_actions: s.adminActions,
      calendar_connections: s.calendarConnections,
      assistant_settings: s.assistantSettings,
      ai_settings: s.aiSettings,
    };
    const counts: Record<string, number> = {};
    for (const [name, table] of Object.entries(tables)) {
      const [row] = await tx.select({ n: count() }).from(table as PgTable);
      counts[name] = row?.n ?? 0;
    }

    const kept = "(conta já existia; senha mantida)";
    const login = (role: string, email: string, password: string, name: string): DemoLogin => ({ role, email, password: ours(email) ? password : kept, name });
    const logins: DemoLogin[] = [
      login("admin", DEMO_ADMIN.email, DEMO_ADMIN.password, DEMO_ADMIN.fullName),
      login("admin", DEMO_SUPPORT.email, DEMO_SUPPORT.password, DEMO_SUPPORT.fullName),
      ...DEMO_PROFESSIONALS.map((p) => login("professional", p.email, DEMO_PROFESSIONAL_PASSWORD, `${p.fullName} (${p.specialty}, ${p.clinicCity}/${p.clinicState})`)),
      login("professional (suspenso)", sp.email, DEMO_PROFESSIONAL_PASSWORD, sp.fullName),
      login("professional (pendente)", PENDING_USER.email, DEMO_PROFESSIONAL_PASSWORD, PENDING_USER.fullName),
    ];
    return { logins, counts };
  });
}

// ---------------------------------------------------------------------------------------------------------
// Builders: pure functions of (professional, now) and their own seeded PRNGs.
// ---------------------------------------------------------------------------------------------------------

function buildPatients(p: DemoProfessional, professionalId: string, now: Date, usedPhones: Set<string>): PatientInsert[] {
  const rng = rngFor(`patients:${p.key}`);
  const names = new Set<string>();
  const emails = new Set<string>();
  const cpfs = new Set<string>();
  const street = CITY_STREETS[p.clinicCity]!;
  const pediatric = p.ages[1] < 18;
  const year = now.getUTCFullYear();
  const rows: PatientInsert[] = [];

  const mobile = () => {
    let phone: string;
    do phone = `+55${p.ddd}9${rng.int(6, 9)}${String(rng.int(0, 9_999_999)).padStart(7, "0")}`;
    while (usedPhones.has(phone));
    usedPhones.add(phone);
    return phone;
  };

  for (let i = 0; i < p.patientCount; i++) {
    let first: string;
    let name: string;
    do {
      first = rng.chance(0.55) ? rng.pick(FEMALE_NAMES) : rng.pick(MALE_NAMES);
      const surnames = rng.shuffle(SURNAMES).slice(0, rng.chance(0.6) ? 2 : 1);
      name = [first, ...surnames].join(" ");
    } while (names.has(name));
    names.add(name);
    const last = name.split(" ").at(-1)!;

    let cpf: string | null = null;
    if (rng.chance(0.92)) {
      do cpf = generateCpf(rng.next);
      while (cpfs.has(cpf));
      cpfs.add(cpf);
    }

    // A child's contact details are a parent's.
    const guardian = rng.pick(FEMALE_NAMES);
    let email: string | null = null;
    if (rng.chance(pediatric ? 0.5 : 0.88)) {
      const local = `${plain(pediatric ? guardian : first)}.${plain(last)}`;
      let candidate = `${local}${rng.chance(0.4) ? rng.int(1, 99) : ""}@${rng.pick(EMAIL_DOMAINS)}`;
      while (emails.has(candidate)) candidate = `${local}${rng.int(100, 999)}@${rng.pick(EMAIL_DOMAINS)}`;
      emails.add(candidate);
      email = candidate;
    }

    const phone = mobile();
    const age = rng.int(p.ages[0], p.ages[1]);
    const birthDate = `${year - age - 1 + (rng.chance(0.5) ? 1 : 0)}-${String(rng.int(1, 12)).padStart(2, "0")}-${String(rng.int(1, 28)).padStart(2, "0")}`;
    const address = rng.chance(0.7)
      ? `${rng.pick(street.streets)}, ${rng.int(10, 2999)}${rng.chance(0.4) ? `, apto ${rng.int(11, 184)}` : ""} - ${rng.pick(street.districts)}, ${p.clinicCity} - ${p.clinicState}`
      : null;
    const emergencyContact = pediatric
      ? `${guardian} ${last} (mãe) - ${formatPhoneBR(phone)}`
      : rng.chance(0.5)
        ? `${rng.chance(0.5) ? rng.pick(FEMALE_NAMES) : rng.pick(MALE_NAMES)} ${last} (${rng.pick(["cônjuge", "irmã", "irmão", "mãe", "pai", "filha", "filho"])}) - ${formatPhoneBR(mobile())}`
        : null;
    const createdAt = new Date(now.getTime() - rng.int(3, 700) * DAY - rng.int(0, 600) * MINUTE);

    const row = {
      id: demoId(`patient:${p.key}:${i}`),
      professionalId,
      name,
      phone,
      email,
      birthDate,
      cpf,
      address,
      preferredTime: rng.chance(0.6) ? rng.pick(PREFERRED_TIMES) : null,
      notes: rng.chance(0.45) ? rng.pick(PATIENT_NOTES) : null,
      medicalHistory: rng.chance(0.65) ? rng.pick(p.histories) : null,
      emergencyContact,
      createdAt,
      updatedAt: createdAt,
    };
    rows.push({ ...row, searchText: patientSearchText(row) });
  }
  return rows;
}

/**
 * Business days from 15 days before today to 15 days after (and today itself, even on a weekend, so the
 * dashboard always has a day in progress). The times of a day depend only on (professional, date), never on
 * the hour of the run, which keeps a later run from adding rows that overlap earlier ones.
 */
function buildAppointments(p: DemoProfessional, professionalId: string, patients: PatientInsert[], now: Date, busy: boolean) {
  const today = todayIn(p.timezone, now);
  const rows: (typeof s.appointments.$inferInsert)[] = [];
  const duration = p.appointmentDuration;
  const open = 8 * 60;
  const close = toMinutes(p.businessEnd ?? "18:00");
  const candidates: number[] = [];
  for (let t = open; t + duration <= close; t += 30) if (t < 12 * 60 || t >= 13 * 60) candidates.push(t);

  for (let offset = -15; offset <= 15; offset++) {
    const date = addDays(today, offset);
    const weekday = weekdayOf(date);
    if (offset !== 0 && (weekday === 0 || weekday === 6)) continue;
    const rng = rngFor(`appointments:${p.key}:${date}`);
    const wanted = busy ? rng.int(4, 6) : rng.int(2, 6);

    const chosen: number[] = [];
    const fits = (t: number) => chosen.every((c) => t + duration <= c || c + duration <= t);
    // The busy professional always has an afternoon and a late appointment, so "later today" exists most of the day.
    const order = busy
      ? [rng.pick(candidates.filter((t) => t >= 14 * 60 && t < 17 * 60)), rng.pick(candidates.filter((t) => t >= 17 * 60 + 30)), ...rng.shuffle(candidates)]
      : rng.shuffle(candidates);
    for (const t of order) if (chosen.length < wanted && fits(t)) chosen.push(t);
    chosen.sort((a, b) => a - b);

    const dayPatients = rng.shuffle(patients);
    chosen.forEach((minutes, slot) => {
      const time = hhmm(minutes);
      const startsAt = localToInstant(date, time, p.timezone);
      const endsAt = new Date(startsAt.getTime() + duration * MINUTE);
      const patient = dayPatients[slot % dayPatients.length]!;
      const roll = rng.next();
      let status: AppointmentStatus;
      if (endsAt <= now) status = roll < 0.1 ? "cancelled" : "completed";
      else if (startsAt <= now) status = "confirmed";
      else if (offset === 0) status = roll < 0.6 ? "confirmed" : "pending";
      else if (offset <= 2) status = roll < 0.5 ? "confirmed" : "pending";
      else status = roll < 0.25 ? "confirmed" : "pending";
      const bookedAt = new Date(Math.min(now.getTime(), startsAt.getTime() - rng.int(1, 20) * DAY) - rng.int(0, 600) * MINUTE);
      rows.push({
        id: demoId(`appointment:${p.key}:${date}:${time}`),
        professionalId,
        patientId: patient.id,
        appointmentDate: date,
        appointmentTime: time,
        duration,
        appointmentType: rng.weighted(APPOINTMENT_TYPES),
        notes: rng.chance(0.2) ? rng.pick(APPOINTMENT_NOTES) : null,
        status,
        startsAt,
        endsAt,
        source: rng.chance(0.15) ? "assistant" : "manual",
        createdAt: bookedAt,
        updatedAt: status === "completed" || status === "cancelled" ? new Date(Math.min(now.getTime(), endsAt.getTime())) : bookedAt,
      });
    });
  }
  return rows;
}

type DueKind = "overdue" | "today" | "soon" | "later" | "none";
const TASK_PLAN: { status: TaskStatus; priority: TaskPriority; due: DueKind; patient: boolean }[] = [
  { status: "todo", priority: "urgent", due: "overdue", patient: true },
  { status: "in_progress", priority: "high", due: "overdue", patient: false },
  { status: "todo", priority: "high", due: "today", patient: true },
  { status: "todo", priority: "medium", due: "soon", patient: false },
  { status: "in_progress", priority: "medium", due: "soon", patient: true },
  { status: "todo", priority: "low", due: "later", patient: false },
  { status: "todo", priority: "medium", due: "none", patient: false },
  { status: "done", priority: "high", due: "overdue", patient: true },
  { status: "done", priority: "medium", due: "today", patient: false },
  { status: "done", priority: "low", due: "none", patient: false },
];

function buildTasks(p: DemoProfessional, professionalId: string, patients: PatientInsert[], now: Date) {
  const rng = rngFor(`tasks:${p.key}`);
  const today = todayIn(p.timezone, now);
  const extra = Array.from({ length: rng.int(0, 2) }, () => ({
    status: rng.pick(TASK_STATUSES),
    priority: rng.pick(TASK_PRIORITIES),
    due: rng.pick<DueKind>(["overdue", "today", "soon", "later", "none"]),
    patient: rng.chance(0.4),
  }));
  const patientTitles = rng.shuffle(PATIENT_TASK_TITLES);
  const generalTitles = rng.shuffle(GENERAL_TASK_TITLES);
  return [...TASK_PLAN, ...extra].map((plan, i) => {
    const patient = plan.patient ? rng.pick(patients) : null;
    const dueDate =
      plan.due === "overdue" ? addDays(today, -rng.int(1, 10))
      : plan.due === "today" ? today
      : plan.due === "soon" ? addDays(today, rng.int(1, 3))
      : plan.due === "later" ? addDays(today, rng.int(5, 30))
      : null;
    const createdAt = new Date(now.getTime() - rng.int(2, 25) * DAY - rng.int(0, 600) * MINUTE);
    const completedAt = plan.status === "done" ? new Date(now.getTime() - rng.int(30, 2 * 24 * 60) * MINUTE) : null;
    const note = rng.pick(TASK_DESCRIPTIONS);
    return {
      id: demoId(`task:${p.key}:${i}`),
      professionalId,
      patientId: patient?.id ?? null,
      title: patient ? patientTitles[i % patientTitles.length]! : generalTitles[i % generalTitles.length]!,
      description: patient ? `Paciente: ${patient.name}.${note ? ` ${note}` : ""}` : note,
      status: plan.status,
      priority: plan.priority,
      dueDate,
      completedAt,
      createdAt,
      updatedAt: completedAt ?? createdAt,
    } satisfies typeof s.tasks.$inferInsert;
  });
}

/** Eight conversations per professional with a WhatsApp number; their shape guarantees every status is shown. */
const CONVERSATION_PLAN: {
  status: ConversationStatus;
  channel: ConversationChannel;
  /** Minutes since the last message: [min, max]. */
  age: [number, number];
  script: keyof typeof CONVERSATION_SCRIPTS;
  /** Messages in the thread; a waiting thread ends with the patient's (odd count). */
  length: number[];
  urgency: number;
  /** Which outbound message failed (index in the conversation), if any. */
  failed?: number;
}[] = [
  { status: "waiting", channel: "whatsapp", age: [260, 420], script: "urgent", length: [3], urgency: 2 },
  { status: "waiting", channel: "whatsapp", age: [140, 200], script: "failed", length: [3], urgency: 1, failed: 1 },
  { status: "waiting", channel: "whatsapp", age: [6, 25], script: "first", length: [3, 5, 7], urgency: 0 },
  { status: "in_progress", channel: "whatsapp", age: [35, 70], script: "cancel", length: [6], urgency: 0, failed: 5 },
  { status: "resolved", channel: "whatsapp", age: [60 * 26, 60 * 40], script: "receipt", length: [4, 6], urgency: 0 },
  { status: "bot_handling", channel: "whatsapp", age: [2, 8], script: "bot", length: [4, 6], urgency: 0 },
  { status: "resolved", channel: "web_chat", age: [60 * 24 * 3, 60 * 24 * 5], script: "address", length: [4], urgency: 0 },
  { status: "in_progress", channel: "web_chat", age: [60 * 5, 60 * 9], script: "confirm", length: [3, 5], urgency: 0 },
];

/** Twilio error codes: 63016 = outside the 24 h session window, 30008 = unknown delivery error. */
const FAILURE_CODES = ["63016", "30008"];

function buildConversations(p: DemoProfessional, professionalId: string, patients: PatientInsert[], now: Date) {
  const rng = rngFor(`conversations:${p.key}`);
  const people = rng.shuffle(patients);
  const conversations: (typeof s.conversations.$inferInsert)[] = [];
  const messages: MessageInsert[] = [];

  CONVERSATION_PLAN.forEach((plan, c) => {
    const patient = people[c]!;
    const first = patient.name.split(" ")[0]!;
    const lines = CONVERSATION_SCRIPTS[plan.script]!.lines.slice(0, rng.pick(plan.length)).map((line) =>
      line
        .replaceAll("{first}", first)
        .replaceAll("{clinic}", p.clinicName)
        .replaceAll("{address}", `${p.clinicAddress}, ${p.clinicCity}`)
        .replaceAll("{assistant}", "Marge"),
    );
    // Walk back from the last message, a few minutes between replies.
    const sentAt: Date[] = [];
    let t = now.getTime() - rng.int(plan.age[0], plan.age[1]) * MINUTE;
    for (let i = lines.length - 1; i >= 0; i--) {
      sentAt[i] = new Date(t);
      t -= rng.int(1, 12) * MINUTE + rng.int(0, 59) * 1000;
    }
    const conversationId = demoId(`conversation:${p.key}:${c}`);
    lines.forEach((content, i) => {
      const outbound = i % 2 === 1;
      const key = `message:${p.key}:${c}:${i}`;
      const ageMinutes = (now.getTime() - sentAt[i]!.getTime()) / MINUTE;
      const failed = outbound && plan.failed === i;
      const status: MessageStatus | null = !outbound
        ? null
        : failed ? "failed"
        : ageMinutes < 10 ? "sent"
        : ageMinutes < 120 ? (rng.chance(0.6) ? "delivered" : "read")
        : rng.chance(0.85) ? "read" : "delivered";
      messages.push({
        id: demoId(key),
        professionalId,
        conversationId,
        direction: outbound ? "outbound" : "inbound",
        content,
        status,
        externalId: plan.channel === "whatsapp" ? `SM${sha256(`sid:${key}`).slice(0, 32)}` : null,
        errorCode: failed ? rng.pick(FAILURE_CODES) : null,
        sentAt: sentAt[i]!,
        createdAt: sentAt[i]!,
        updatedAt: sentAt[i]!,
      });
    });
    let trailingInbound = 0;
    for (let i = lines.length - 1; i >= 0 && i % 2 === 0; i--) trailingInbound++;
    const last = lines.length - 1;
    conversations.push({
      id: conversationId,
      professionalId,
      patientId: patient.id,
      patientName: patient.name,
      phoneNumber: patient.phone,
      channel: plan.channel,
      status: plan.status,
      lastMessage: lines[last]!,
      lastMessageAt: sentAt[last]!,
      unreadCount: plan.status === "waiting" || plan.status === "in_progress" ? trailingInbound : 0,
      urgency: plan.urgency,
      createdAt: sentAt[0]!,
      updatedAt: sentAt[last]!,
    });
  });
  return { conversations, messages };
}

function buildLeads(now: Date): (typeof s.leads.$inferInsert)[] {
  const rng = rngFor("leads");
  const statuses = rng.shuffle<LeadStatus>([
    ...Array<LeadStatus>(8).fill("new"),
    ...Array<LeadStatus>(7).fill("contacted"),
    ...Array<LeadStatus>(6).fill("qualified"),
    ...Array<LeadStatus>(5).fill("converted"),
    ...Array<LeadStatus>(4).fill("lost"),
  ]);
  return statuses.map((status, i) => {
    const female = rng.chance(0.6);
    const first = female ? rng.pick(FEMALE_NAMES) : rng.pick(MALE_NAMES);
    const last = rng.pick(SURNAMES);
    const [specialty, city] = rng.pick(LEAD_SPECIALTIES);
    const contactForm = rng.chance(0.55)
      ? `${plain(first)}.${plain(last)}${rng.chance(0.3) ? rng.int(1, 99) : ""}@${rng.pick(EMAIL_DOMAINS)}`
      : `+55${rng.pick(LEAD_DDDS)}9${rng.int(6, 9)}${String(rng.int(0, 9_999_999)).padStart(7, "0")}`;
    const createdAt = new Date(now.getTime() - rng.int(0, 60 * 24 * 60) * MINUTE);
    const updatedAt = status === "new" ? createdAt : new Date(Math.min(now.getTime(), createdAt.getTime() + rng.int(1, 10) * DAY));
    return {
      id: demoId(`lead:${i}`),
      name: `${female ? "Dra." : "Dr."} ${first} ${last}`,
      contactForm,
      status,
      source: rng.pick(LEAD_SOURCES),
      notes: `${specialty} · ${city}. ${rng.pick(LEAD_NOTES[status]!)}`,
      createdAt,
      updatedAt,
    };
  });
}
