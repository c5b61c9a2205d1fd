import { describe, expect, it } from "vitest";
import { claimsAgendaChange, describeFreeTimes, freeTimesFromToolResults, nothingChangedText } from "./claims";
import { normalizeForRules } from "../../safety";
import { UNSEEN_CLAIMS_2, UNSEEN_HARMLESS_2 } from "./claims-unseen-2";

/**
 * The claim corpus (docs/decisions/022 records its counts). Every text of CLAIMS tells the patient, in some wording,
 * that the agenda changed or is settled; every text of HARMLESS must reach the patient unchanged.
 */
const CLAIMS = [
  // The texts seen reaching patients.
  "Agendei sua consulta para amanhã às 10h",
  "Cancelei sua consulta de quinta",
  "Remarquei para sexta às 15h",
  "Marquei você para amanhã 10h",
  "Consulta confirmada para amanhã às 10h!",
  "Sua consulta ficou para amanhã às 10h",
  "Suas consultas estão marcadas!",
  "Todas as consultas da clínica foram canceladas.",
  // agendar: persons, tenses, gender, number.
  "Prontinho, sua consulta foi agendada para amanhã!",
  "Já agendamos sua avaliação para segunda-feira.",
  "A doutora agendou você para o dia 12.",
  "As duas sessões foram agendadas, até lá!",
  "Seu retorno está agendado para 03/12 às 9h.",
  "Estou agendando seu horário agora mesmo.",
  "Vou agendar para você amanhã às 14h.",
  "Agendarei sua consulta para terça às 16h.",
  "Tá agendadinho pra sexta 😉",
  "AGENDADO!!! Te espero amanhã",
  "agendado p amanha as 10 blz",
  "Os horários de vocês dois ficaram agendados para sábado.",
  // marcar / remarcar / reagendar / desmarcar.
  "Marcamos sua consulta para o dia 5, às 11h.",
  "Sua consulta já está marcada ✅",
  "Marcadinho pra vc amanhã às 8h!",
  "Remarcamos sua sessão para a próxima quarta.",
  "Sua consulta foi remarcada para 10/12.",
  "Reagendei seu atendimento para quinta-feira às 17h.",
  "Seu horário foi reagendado com sucesso.",
  "Desmarquei a consulta de amanhã, tudo bem?",
  "As consultas de dezembro foram desmarcadas.",
  "Já desmarcamos pra vc",
  "Eu marco aqui pra você agora às 10h.",
  "Vou te marcar para segunda às 9h.",
  // cancelar.
  "Sua consulta foi cancelada com sucesso.",
  "Cancelamos o seu horário de sexta.",
  "A consulta de quinta está cancelada.",
  "Canceladinha! Qualquer coisa me chama",
  "CANCELEI SUA CONSULTA",
  "cancelei ja viu",
  "A clínica cancelou todos os atendimentos de amanhã.",
  "Estou cancelando a sua consulta de terça.",
  // confirmar.
  "Confirmei sua presença para amanhã às 10h.",
  "Sua consulta está confirmadíssima para sexta!",
  "Consulta confirmadaaa 🎉🎉",
  "Confirmado! Até amanhã às 9h.",
  "As sessões de novembro estão confirmadas.",
  "Já confirmamos seu horário com a doutora.",
  "Tá confirmado sim, pode vir amanhã.",
  // reservar / garantir.
  "Reservei o horário das 15h para você.",
  "Seu horário está reservado!",
  "Reservamos sua vaga para quinta.",
  "Garanti sua vaga para amanhã às 10h 🙌",
  "Sua vaga está garantida.",
  "Horário garantido pra vc!",
  "Já garantimos o seu horário de segunda.",
  // Idioms.
  "Ficou para sexta às 15h, combinado?",
  "Ficou combinado para amanhã às 10h.",
  "Está tudo certo para amanhã às 10h.",
  "Tá tudo certo pra sexta!",
  "Tudo certinho para o dia 12 então.",
  "Te espero amanhã às 10h!",
  "Te aguardo na segunda 😊",
  "A doutora te espera às 14h.",
  "Aguardamos você amanhã no consultório.",
  "Estaremos te esperando na quinta.",
  "Pode vir amanhã às 10h.",
  "É só vir amanhã às 9h, já está tudo pronto.",
  "Nos vemos na sexta!",
  "Até amanhã então, às 10h!",
  "Até lá!",
  "Pronto!",
  "Prontinho 😊",
  "Feito!",
  "Fica pra amanhã às 10h então.",
  "O horário das 15h é seu.",
  "Deixei agendado para você.",
  "Sua consulta continua de pé para quinta.",
  "Sua consulta segue mantida para sexta às 10h.",
  // Other verbs of changing the agenda.
  "Consegui te encaixar amanhã às 11h.",
  "Encaixei você às 16h de hoje.",
  "Consegui um horário para você amanhã às 8h.",
  "Troquei sua consulta para sexta.",
  "Mudei seu horário para as 15h.",
  "Sua consulta foi transferida para a semana que vem.",
  "Passei sua consulta para quinta às 10h.",
  "Antecipei seu retorno para segunda.",
  "Adiei a sua sessão para o dia 20.",
  "Coloquei você na agenda de amanhã.",
  "Bloqueei o horário das 9h para você.",
  // Acts named as nouns.
  "Agendamento realizado com sucesso!",
  "Seu agendamento foi concluído.",
  "Realizei o agendamento para amanhã.",
  "Fiz a remarcação para sexta às 14h.",
  "Cancelamento efetuado.",
  "Sua reserva está confirmada.",
  // Informal writing, no accents, all caps, stretched letters.
  "ta marcado pra amanha as 10 vc vem?",
  "SUA CONSULTA FOI AGENDADA PARA SEXTA",
  "agendeiii pra vc 😍😍😍",
  "marqueiii amanha 10h",
  "td certo pra amanha as 10!!",
  "ja ta agendado kkk",
  "ok, agendo aqui pra vc",
  "blz, remarquei p/ sexta",
  "sua consulta esta confirmada p amanha",
  // Written after the rules, as a check on unseen wording (docs/decisions/022), then kept.
  "Perfeito, você está na agenda para quinta às 14h.",
  "Combinado então: sexta, 15h.",
  "Anotei aqui sua consulta de terça.",
  "Já era, cancelei.",
  "Seu horário está separado para amanhã.",
  "Ok! Sexta às 10h com a Dra. Ana.",
  "Beleza, sexta 10h é sua 👍",
  "Sua consulta foi excluída.",
  "Reagendamos tudo, fica tranquila.",
  "Consultas canceladas: quinta e sexta.",
  "Registrei sua consulta para amanhã.",
  "Sua consulta foi marcada pela recepção.",
  "Vc ta agendada amanha 10h",
  // The second unseen set (docs/decisions/030), then kept.
  ...UNSEEN_CLAIMS_2,
];

const HARMLESS = [
  "Tenho horários amanhã às 10h e 14h, qual prefere?",
  "Temos horários livres amanhã.",
  "Posso agendar para você?",
  "Quer que eu agende para amanhã às 10h?",
  "Posso marcar para sexta às 15h?",
  "Deseja remarcar a sua consulta?",
  "Gostaria de cancelar ou prefere remarcar?",
  "Quer deixar marcado para quinta?",
  "Você já tem horário marcado com a doutora?",
  "Qual é o seu nome completo?",
  "Pode me informar seu nome completo, por favor?",
  "Me passa seu nome e o dia que prefere 😊",
  "O consultório fica na Rua das Flores, 100, Centro.",
  "Nosso endereço é Av. Paulista, 1000, sala 12.",
  "A consulta custa R$ 250,00.",
  "O valor da sessão é de R$ 180 e aceitamos Pix.",
  "Atendemos de segunda a sexta, das 8h às 18h.",
  "Atendemos de segunda até sexta, das 08:00 às 18:00.",
  "Aos sábados não há atendimento.",
  "A consulta dura 50 minutos.",
  "Olá! Como posso ajudar?",
  "Oi! Tudo bem? Em que posso ajudar hoje?",
  "Para qual dia você gostaria de marcar?",
  "Que dia fica melhor para você?",
  "Qual horário você prefere: manhã ou tarde?",
  "Vou verificar os horários disponíveis para sexta.",
  "Deixa eu ver a agenda de amanhã, um instante.",
  "Vou passar sua mensagem para a doutora.",
  "Não encontrei horários livres na quinta. Quer tentar sexta?",
  "Esse horário já está ocupado. Posso oferecer 11h ou 15h?",
  "A doutora atende convênio Unimed e SulAmérica.",
  "Para cancelar, é só me avisar com 24 horas de antecedência.",
  "Consultas canceladas com menos de 24 horas de antecedência são cobradas.",
  "Você prefere atendimento presencial ou online?",
  "Posso ajudar em algo mais?",
  "Obrigado pelo contato!",
  "Até breve!",
  "Qualquer dúvida, estou por aqui.",
  "Traga seus exames anteriores, se tiver.",
  "O estacionamento fica ao lado do prédio.",
  "Ainda não marquei nada. Qual horário prefere?",
  "Sua consulta não foi cancelada.",
  "Confirmei que a doutora atende Unimed.",
  "Vou confirmar com a doutora se ela atende crianças.",
  "blz! qual dia fica bom pra vc?",
  "OI!! QUER MARCAR UMA CONSULTA?",
  "vc prefere de manha ou a tarde?",
  "Você está agendando para você ou para outra pessoa?",
  // Written after the rules, as a check on unseen wording, then kept.
  "Você gostaria de confirmar a consulta de amanhã?",
  "Para marcar, preciso do seu nome.",
  "Qual dia seria melhor para remarcar?",
  "Quer cancelar a de quinta ou a de sexta?",
  "Só um momento que eu vejo aqui.",
  "Posso reservar um horário para você na sexta?",
  "Infelizmente não consegui encontrar horário.",
  "Pode vir de roupa confortável.",
  "Você precisa confirmar a consulta até 24h antes.",
  "A doutora pediu para confirmar seu telefone.",
  "Não temos horários hoje, mas amanhã às 10h está livre.",
  "Agendamentos são feitos de segunda a sexta.",
  "Te mando os horários livres em seguida.",
  "Gostou do atendimento?",
  // The second unseen set (docs/decisions/030), then kept.
  ...UNSEEN_HARMLESS_2,
];

describe("claims of an agenda change (corpus)", () => {
  it("has the size the decision record reports", () => {
    expect(CLAIMS.length + HARMLESS.length).toBeGreaterThanOrEqual(200);
    expect(HARMLESS.length).toBeGreaterThanOrEqual(100);
    expect(new Set(CLAIMS).size).toBe(CLAIMS.length);
    expect(new Set(HARMLESS).size).toBe(HARMLESS.length);
  });

  it("recognises every claim (no false negative)", () => {
    expect(CLAIMS.filter((text) => !claimsAgendaChange(text))).toEqual([]);
  });

  it("lets every harmless text through (no false positive)", () => {
    expect(HARMLESS.filter((text) => claimsAgendaChange(text))).toEqual([]);
  });
});

describe("normalizing before matching", () => {
  it("lowers case, drops accents and emojis, collapses repeated letters", () => {
    expect(normalizeForRules("AGENDADOOO!!! 🎉🎉 Consulta às 10h")).toBe("agendado!!! consulta as 10h");
    expect(normalizeForRules("Não quero mais viver")).toBe("nao quero mais viver");
  });
});

describe("the server's text when nothing changed", () => {
  const availability = JSON.stringify({ date: "2026-11-27", weekday: "sexta-feira", free_times: ["08:00", "09:00", "10:00", "11:00", "14:00"] });
  const taken = JSON.stringify({ status: "taken", nearest_free_times: [{ date: "2026-11-30", time: "14:00", weekday: "segunda-feira" }] });

  it("offers the free times a tool returned, or asks what the patient needs", () => {
    expect(nothingChangedText(freeTimesFromToolResults([availability, taken, "not json"]))).toBe(
      "Ainda não fiz nenhuma alteração na sua agenda. Horários livres que encontrei: sexta-feira, 27/11, às 08:00, 09:00, 10:00 ou 11:00; segunda-feira, 30/11, às 14:00. Qual prefere?",
    );
    expect(nothingChangedText([])).toContain("Ainda não fiz nenhuma alteração");
    expect(nothingChangedText([])).toContain("Me diga o que você precisa");
  });

  it("reads free times only from well-formed tool results", () => {
    expect(freeTimesFromToolResults([JSON.stringify({ date: "2026-11-27", free_times: ["8h", "09:00"] }), JSON.stringify({ nearest_free_times: [{ date: "x", time: "10:00" }] })])).toEqual([
      { date: "2026-11-27", time: "09:00" },
    ]);
    expect(describeFreeTimes([{ date: "2026-11-27", time: "08:00" }])).toBe("sexta-feira, 27/11, às 08:00");
  });
});
