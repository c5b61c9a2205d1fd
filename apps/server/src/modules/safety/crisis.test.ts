import { describe, expect, it } from "vitest";
import { safetyCaseOf } from "./crisis";
import { safetyAnswerFor, safetyConversationValues } from "./safety-answer";
import { UNSEEN_CRISIS_2, UNSEEN_ORDINARY_2 } from "./crisis-unseen-2";
import { patientWindow } from "./window";

/** The crisis corpus (docs/decisions/022 records its counts): self-harm and suicidal thoughts, direct and indirect. */
const CRISIS = [
  "às vezes penso em me machucar",
  "não quero mais viver",
  "tenho pensado em tirar a minha própria vida",
  "quero sumir e acabar com tudo",
  "me cortei de novo",
  "seria melhor se eu não existisse",
  "Tenho pensamentos suicidas",
  "penso em suicídio todos os dias",
  "Estou pensando em me matar",
  "vou me matar",
  "quero me mata",
  "Tenho vontade de morrer",
  "queria morrer",
  "às vezes queria estar morta",
  "seria melhor eu morrer",
  "não aguento mais viver assim",
  "nao quero mais viver",
  "NÃO QUERO MAIS VIVER",
  "n quero mais viver 😞",
  "naaao quero mais viveeer",
  "não vejo mais sentido na vida",
  "a vida não tem mais sentido",
  "perdi a vontade de viver",
  "não tenho motivo pra viver",
  "estou cansada de viver",
  "vou desistir da vida",
  "todo mundo ficaria melhor sem mim",
  "ninguém ia sentir a minha falta",
  "queria nunca ter nascido",
  "queria dormir e não acordar mais",
  "queria dormir pra sempre",
  "não quero mais acordar",
  "me corto quando fico ansiosa",
  "eu me cortei ontem à noite",
  "penso em me cortar",
  "me machuquei de propósito",
  "tenho vontade de me ferir",
  "tenho feito automutilação",
  "cortei os pulsos",
  "tomei todos os remédios de uma vez",
  "pensei em pular da ponte",
  "quero me jogar da janela",
  "tenho medo de fazer uma besteira comigo",
  "to com vontade de sumir",
  "quero desaparecer pra sempre",
  "não vejo saída",
  "quero acabar com a minha vida",
  "vou dar fim na minha vida",
  "tô pensando em acabar com tudo",
  "minha filha disse que quer se matar",
  // Written after the rules, as a check on unseen wording (docs/decisions/022), then kept.
  "as vezes eu penso que seria melhor morrer",
  "já não tenho forças pra continuar",
  "to pensando em tomar todos os meus remédios pra acabar com isso",
  "queria que tudo acabasse",
  "não sei se aguento mais, penso em morrer",
  "eu me odeio e queria sumir do mundo",
  "planejo me matar semana que vem",
  "vontade de me cortar de novo",
  "NAO AGUENTO MAIS ESSA VIDA",
  "tentei suicidio ano passado e voltou a vontade",
  "meu filho se cortou de proposito",
  "às vezes só queria não acordar",
  "nao tenho mais razao pra viver",
  // Written with the rules of docs/decisions/030 (chat spelling, warning signs, English and Spanish).
  ...UNSEEN_CRISIS_2,
  "ngm ia sentir minha falta",
  "mds eu so qro sumir pra sempre",
  "td q eu faço da errado, n quero mais existir",
  "pq eu n consigo parar de pensar em me matar",
  "eu sou um estorvo na vida de todo mundo",
  "minha familia ia ficar melhor sem mim",
  "perdi toda a esperança",
  "tomei 30 comprimidos de dipirona",
  "engoli a caixa toda de calmante",
  "meu marido bebeu veneno",
  "i want to die",
  "I keep cutting myself",
  "voy a suicidarme",
  "ja tenho a corda",
  "escrevi um bilhete de despedida pros meus filhos",
  "tomou uma overdose de remedio, o que eu faço",
];

/** Ordinary sentences that must not trigger it. */
const ORDINARY = [
  "morrendo de vontade de marcar",
  "essa fila me mata",
  "acabou a consulta?",
  "to morta de cansaço",
  "matar a saudade",
  "minha mãe vai me matar se eu faltar de novo",
  "esse calor vai me matar",
  "quase morri de rir com o vídeo",
  "quero morrer de vergonha, esqueci a consulta kkk",
  "Me cortei na cozinha, preciso de ponto?",
  "me cortei sem querer com papel",
  "tenho medo de me machucar na academia",
  "vou cortar o cabelo antes da consulta",
  "quero acabar com essa dor nas costas",
  "não aguento mais essa dor de dente",
  "quero sumir com essas manchas do rosto",
  "estou morrendo de saudade da doutora",
  "preciso matar aula pra ir na consulta?",
  "quero tirar uma dúvida sobre o valor",
  "não quero mais remarcar, pode manter",
  "não quero mais a consulta das 10h",
  "a vida anda corrida, por isso faltei",
  "desisti da consulta de quinta",
  "meu celular morreu, desculpa a demora",
  "isso me mata de rir",
  "quero viver com mais saúde",
  "to cansada do trabalho, posso remarcar?",
  "vou acabar me atrasando uns 10 minutos",
  "não consigo acordar cedo, tem horário à tarde?",
  "tomei todos os remédios certinho essa semana",
  "preciso tomar todos os remédios antes da consulta?",
  "me machuquei jogando bola, vocês atendem?",
  "quero acordar cedo amanhã",
  "a doutora salvou minha vida",
  "não vejo a hora da consulta",
  "vou me jogar na piscina hoje kkk",
  "acabei com tudo que tinha de remédio, preciso de receita",
  // Written after the rules, as a check on unseen wording, then kept.
  "quero marcar pra minha filha",
  "minha avó morreu mês passado, quero remarcar",
  "a consulta me matou de tanto esperar",
  "vou matar a fome antes",
  "preciso acabar com essa insônia",
  "a dor acaba comigo",
  "estou me sentindo um pouco triste ultimamente",
  "pode me cortar da lista de espera?",
  "quero cortar o açúcar",
  "morro de medo de agulha",
  "não quero mais ir na outra clínica",
  "a vida tá difícil mas estou bem",
  // Written with the rules of docs/decisions/030.
  ...UNSEEN_ORDINARY_2,
  "q dia vc tem livre?",
  "n consigo ir, pode cancelar?",
  "vc sabe se a doutora atende unimed?",
  "tb queria saber o valor",
  "mto obrigado, ate sexta",
  "I need to cancel my appointment",
  "necesito cambiar mi cita",
  "comprei uma corda de pular pra fazer exercicio",
  "tomei todos os remedios certinho",
  "meu filho bebeu agua e melhorou",
  "vou acabar com tudo que tenho de pendencia essa semana",
  "se eu morrer de rir a culpa é sua kkk",
]
;

describe("crisis first (corpus)", () => {
  it("has the size the decision record reports", () => {
    expect(CRISIS.length).toBeGreaterThanOrEqual(120);
    expect(ORDINARY.length).toBeGreaterThanOrEqual(100);
    expect(new Set([...CRISIS, ...ORDINARY]).size).toBe(CRISIS.length + ORDINARY.length);
  });

  it("recognises every crisis phrasing (no false negative)", () => {
    expect(CRISIS.filter((text) => safetyCaseOf(text) !== "crisis")).toEqual([]);
  });

  it("leaves every ordinary sentence alone (no false positive)", () => {
    expect(ORDINARY.filter((text) => safetyCaseOf(text) === "crisis")).toEqual([]);
  });

  it("keeps medical emergencies on SAMU 192, and a crisis beside an emergency is a crisis", () => {
    expect(safetyCaseOf("meu pai está com dor no peito e falta de ar")).toBe("emergency");
    expect(safetyCaseOf("ela desmaiou agora")).toBe("emergency");
    expect(safetyCaseOf("tomei todos os comprimidos de uma vez e estou com falta de ar")).toBe("crisis");
    expect(safetyCaseOf("Quero marcar uma consulta")).toBeNull();
  });
});

describe("the server's safety answer", () => {
  it("gives CVV 188 (free, 24 hours, and its chat) and SAMU 192 for a crisis, SAMU 192 for an emergency", () => {
    const crisis = safetyAnswerFor("não quero mais viver", "Dra. Ana Souza")!;
    expect(crisis.found).toBe("crisis");
    expect(crisis.text).toContain("CVV no 188 (ligação gratuita, 24 horas)");
    expect(crisis.text).toContain("cvv.org.br");
    expect(crisis.text).toContain("SAMU (192)");
    expect(crisis.text).toContain("Dra. Ana");
    expect(crisis.urgency).toBe(3);
    const emergency = safetyAnswerFor("dor no peito", "Carlos Mendes")!;
    expect(emergency.text).toContain("SAMU (192)");
    expect(emergency.text).not.toContain("188");
    expect(safetyAnswerFor("Oi, tudo bem?", "Carlos")).toBeNull();
  });

  it("hands the conversation to the professional at the highest urgency; a person already answering keeps it", () => {
    expect(safetyConversationValues({ status: "bot_handling", urgency: 0 })).toEqual({ status: "waiting", urgency: 3 });
    expect(safetyConversationValues({ status: "in_progress", urgency: 2 })).toEqual({ status: "in_progress", urgency: 3 });
    expect(safetyConversationValues({ status: null, urgency: 0 })).toEqual({ status: "waiting", urgency: 3 });
  });
});

describe("chat spelling and the window (docs/decisions/030)", () => {
  it("reads chat spelling, missing accents and stretched letters as the patterns do", () => {
    for (const text of ["n qro mais viver", "vo me mata", "to pensando em me mata hj", "pq eu ainda to vivo", "NAUM AGUENTO MAIS ESSA VIDAAAA"]) {
      expect(safetyCaseOf(text), text).toBe("crisis");
    }
  });

  it("reads the patient's messages of the last 30 minutes together, whatever was answered in between", () => {
    const now = new Date("2026-03-02T12:00:00Z");
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
    const messages = [
      { direction: "inbound", content: "eu nao quero mais", transcript: null, sentAt: at(40) },
      { direction: "inbound", content: "eu não quero mais", transcript: null, sentAt: at(6) },
      { direction: "outbound", content: "Como posso ajudar?", transcript: null, sentAt: at(5) },
      { direction: "inbound", content: null, transcript: "viver", sentAt: at(1) },
    ];
    const window = patientWindow(messages, now);
    expect(window).toEqual(["eu não quero mais", "viver"]);
    expect(safetyCaseOf(window.join(" "))).toBe("crisis");
    expect(safetyCaseOf(window.at(-1)!)).toBeNull();
  });

  it("keeps at most the last 5 messages", () => {
    const now = new Date("2026-03-02T12:00:00Z");
    const messages = Array.from({ length: 8 }, (_, i) => ({ direction: "inbound", content: `m${i}`, transcript: null, sentAt: new Date(now.getTime() - (8 - i) * 60_000) }));
    expect(patientWindow(messages, now)).toEqual(["m3", "m4", "m5", "m6", "m7"]);
  });
});
