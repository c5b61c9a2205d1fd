/** The platform's sales leads: sources, specialties and notes per status. Data only; leads.rows.ts builds the rows. */
import type { LeadStatus } from "@clinora/contracts";

export const LEAD_SOURCES = ["Instagram", "Indicação", "Google", "Site", "Evento", "WhatsApp"];

export const LEAD_SPECIALTIES: [string, string][] = [
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

export const LEAD_DDDS = ["11", "19", "21", "27", "31", "41", "48", "61", "62", "71", "81", "85", "91"];

export const LEAD_NOTES: Record<LeadStatus, string[]> = {
  new: ["Preencheu o formulário do site pedindo uma demonstração.", "Mandou mensagem perguntando o preço do plano.", "Deixou contato no estande do evento."],
  contacted: ["Primeiro contato por telefone; pediu material por e-mail.", "Respondeu no WhatsApp; quer conversar na próxima semana.", "E-mail enviado com a apresentação do produto."],
  qualified: ["Agenda cheia e duas secretárias; interesse no assistente de WhatsApp.", "Atende em dois consultórios; precisa de agenda única.", "Demonstração feita; pediu proposta para 3 profissionais."],
  converted: ["Assinou o plano mensal; conta criada.", "Fechou o plano anual com desconto de lançamento.", "Migrou da planilha; importação de pacientes concluída."],
  lost: ["Optou por outro sistema por causa do preço.", "Sem retorno após três tentativas de contato.", "Vai adiar a decisão para o próximo ano."],
};
/** How many leads of each status, in this order before shuffling. */
export const LEAD_STATUS_MIX: Record<LeadStatus, number> = { new: 8, contacted: 7, qualified: 6, converted: 5, lost: 4 };
