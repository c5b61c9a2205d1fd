/**
 * The material patients (and leads) are drawn from: common Brazilian names, e-mail providers, streets of the
 * professionals' cities, notes. Data only; patients.rows.ts and leads.rows.ts draw from it with seeded PRNGs.
 */

export const FEMALE_NAMES = [
  "Ana", "Maria", "Juliana", "Fernanda", "Camila", "Beatriz", "Larissa", "Gabriela", "Mariana", "Patrícia",
  "Aline", "Bruna", "Letícia", "Amanda", "Carolina", "Isabela", "Luana", "Vanessa", "Natália", "Renata",
  "Cláudia", "Sandra", "Helena", "Alice", "Laura", "Valentina", "Sofia", "Manuela", "Júlia", "Lívia",
  "Tatiane", "Débora", "Priscila", "Simone", "Adriana", "Rosângela", "Francisca", "Antônia", "Luíza", "Giovanna",
];

export const MALE_NAMES = [
  "João", "José", "Pedro", "Lucas", "Gabriel", "Rafael", "Matheus", "Gustavo", "Felipe", "Bruno",
  "Rodrigo", "Thiago", "André", "Marcelo", "Carlos", "Eduardo", "Daniel", "Leonardo", "Vinícius", "Diego",
  "Fábio", "Ricardo", "Paulo", "Antônio", "Francisco", "Luiz", "Sérgio", "Henrique", "Miguel", "Arthur",
  "Heitor", "Bernardo", "Davi", "Caio", "Otávio", "Renan", "Igor", "Samuel", "Enzo", "Murilo",
];

export const SURNAMES = [
  "Silva", "Santos", "Oliveira", "Souza", "Rodrigues", "Ferreira", "Alves", "Pereira", "Lima", "Gomes",
  "Costa", "Ribeiro", "Martins", "Carvalho", "Almeida", "Lopes", "Soares", "Fernandes", "Vieira", "Barbosa",
  "Rocha", "Dias", "Nascimento", "Andrade", "Moreira", "Nunes", "Marques", "Machado", "Mendes", "Freitas",
  "Cardoso", "Ramos", "Gonçalves", "Santana", "Teixeira", "Araújo", "Cavalcanti", "Monteiro", "Moura", "Correia",
  "Pinto", "Campos", "Batista", "Farias", "Castro", "Azevedo", "Melo", "Brandão", "Xavier", "Queiroz",
];

export const EMAIL_DOMAINS = ["gmail.com", "gmail.com", "gmail.com", "hotmail.com", "outlook.com", "yahoo.com.br", "uol.com.br", "icloud.com", "terra.com.br"];

/** Streets and neighbourhoods per city, for patients' addresses. */
export const CITY_STREETS: Record<string, { streets: string[]; districts: string[] }> = {
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

export const PATIENT_NOTES = [
  "Prefere contato por WhatsApp.",
  "Solicita recibo para reembolso do plano de saúde.",
  "Costuma chegar com antecedência.",
  "Encaminhado por indicação de outro paciente.",
  "Prefere horários no fim da tarde.",
  "Tem dificuldade de locomoção; precisa de elevador.",
  "Pagamento via PIX.",
  "Atendimento online quando estiver viajando.",
];

export const PREFERRED_TIMES = ["Manhã", "Tarde", "Noite"];

/** Who a patient's emergency contact is. */
export const EMERGENCY_RELATIONS = ["cônjuge", "irmã", "irmão", "mãe", "pai", "filha", "filho"];
