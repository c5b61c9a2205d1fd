import { weekdayDayMonth } from "@clinora/contracts/date-display";
import { normalizeForRules, sentencesOf, type Sentence } from "../../safety";

/**
 * Truthfulness by construction (docs/decisions/022): a model's words never tell the patient that the agenda changed.
 * The rules read the normalized text (normalize.ts), sentence by sentence. "Strong" forms are claims wherever they
 * stand ("agendei", "foi cancelada", "ficou para", "te espero"); "weak" forms are claims in a statement but not in a
 * question ("Quer deixar marcado?", "Você pode vir às 10h?"). A form right after a negation ("não foi cancelada",
 * "ainda não marquei") is not a claim by itself.
 */

// The nine verbs, as stems in the collapsed spelling ("marqu" before e).
const AR_STEMS = "(?:re)?agend|(?:re|des)?marc|cancel|confirm|reserv";
const FIRST_PERSON_PAST = "(?:re)?agendei|(?:re|des)?marquei|cancelei|confirmei|reservei|garanti";
const THIRD_PERSON_PAST = `(?:${AR_STEMS})(?:ou|aram|aste|ara|aramos)|garanti(?:u|ram|ste)`;
const PLURAL_PRESENT_OR_PAST = `(?:${AR_STEMS})amos|garantimos`;
const PARTICIPLE = `(?:(?:${AR_STEMS})ad|garantid)(?:inh|isim)?[oa]s?`;
/** Other verbs of changing an appointment, past or participle: claims when they speak of the agenda. */
const OTHER_PAST = "alterei|alterou|troquei|trocou|mudei|mudou|transferi|transferiu|pasei|pasou|coloquei|colocou|inclui|incluiu|botei|botou|lancei|lancou|anotei|registrei|salvei|segurei";
const ALWAYS_AGENDA_PAST = "encaixei|encaixou|encaixamos|encaixaram|antecipei|antecipou|antecipamos|adiei|adiou|adiamos|bloquei|bloqueou|mantive|mantivemos|manteve";
const OTHER_PARTICIPLE = "(?:separad|excluid|removid|apagad|desfeit|alterad|trocad|mudad|transferid|pasad|encaixad|antecipad|adiad|bloquead|mantid|registrad|anotad|inclu[ií]d|colocad|lancad|salv)[oa]s?";
const AGENDA_NOUN = "consultas?|horarios?|agendamentos?|sesoes|sesao|atendimentos?|retornos?|vagas?|agenda|encaixe";
const AUX = "foi|foram|esta|estao|ta|tah|tao|ja esta|ja ta|ficou|ficaram|fica|ficam|continua|continuam|segue|seguem|sera|serao|vai ficar|deixei|deixamos|tinha|estava|encontra se|se encontra";
const FILLER = "(?:(?:tudo|sim|ja|bem|certinh[oa]|devidamente|oficialmente|agora|entao|mesmo|super|100%)\\s+){0,2}";
const WEEKDAY = "segunda|terca|quarta|quinta|sexta|sabado|domingo";
const WHEN = `amanha|hoje|depois de amanha|${WEEKDAY}|dia \\d|o dia|as \\d|a \\d|\\d`;
const INFINITIVE = "(?:re)?agendar|(?:re|des)?marcar|cancelar|confirmar|reservar|garantir|encaixar";
const ACT_NOUN = "agendamento|cancelamento|remarcacao|reagendamento|reserva|marcacao|confirmacao|alteracao|mudanca|troca";

const rx = (source: string) => new RegExp(source, "g");

/** Claims wherever they stand (even inside a question). */
const STRONG: RegExp[] = [
  rx(`\\b(?:${FIRST_PERSON_PAST})\\b`),
  rx(`\\b(?:${THIRD_PERSON_PAST})\\b`),
  rx(`\\bja\\s+(?:${PLURAL_PRESENT_OR_PAST})\\b`),
  rx(`\\b(?:${PLURAL_PRESENT_OR_PAST})\\s+(?:a sua|o seu|as suas|os seus|sua|seu|suas|seus|voce|vc|voces|te|tudo|(?:para|pra|p/|pro)\\s+(?:voce|vc|${WHEN}))\\b`),
  rx(`\\b(?:${AUX})\\s+${FILLER}(?:${PARTICIPLE}|${OTHER_PARTICIPLE})\\b`),
  rx(`\\b(?:${AUX})\\s+${FILLER}(?:de pe|valendo|na agenda|no sistema|garantid[oa]s?|reservad[oa]s?)\\b`),
  rx(`\\b(?:${ALWAYS_AGENDA_PAST})\\b`),
  rx(`\\b(?:${OTHER_PAST})\\b(?:\\s+\\S+){0,3}?\\s+(?:${AGENDA_NOUN})\\b`),
  rx(`\\b(?:${OTHER_PAST})\\s+(?:\\S+\\s+){0,2}?(?:para|pra|p/)\\s+(?:${WHEN})`),
  rx(`\\b(?:ficou|ficaram|ficamos)\\s+(?:(?:tudo|ja|entao|sim)\\s+)?(?:para|pra|p/|pro|marcad|agendad|combinad|certo|certinho|acertad|fechad|confirmad|reservad|garantid)`),
  rx(`\\b(?:esta|ta|tah|estao|tao|fica|ficou|deixei|deixo|deixamos)\\s+(?:tudo\\s+)?(?:certo|certinho|ok|combinado|fechado|acertado|confirmado|agendado|marcado|pronto)\\s+(?:para|pra|p/|pro|com a consulta|com sua|com seu|com o seu|com a sua)\\b`),
  rx(`\\b(?:tudo|td)\\s+(?:certo|certinho|ok|combinado|fechado|acertado|pronto|confirmado|marcado|agendado)\\s+(?:para|pra|p/|pro)\\s+(?:${WHEN}|sua|seu|a sua|o seu)`),
  rx(`\\bte\\s+(?:espero|esperamos|espera|aguardo|aguardamos|aguarda|vejo|vemos|encontro)\\b`),
  rx(`\\b(?:esperamos|aguardamos|espero|aguardo)\\s+(?:voce|vc|por voce|por vc|sua visita|sua presenca|sua vinda|voce la|vc la)\\b`),
  rx(`\\b(?:estarei|estaremos|vou estar|vamos estar|a doutora vai estar|o doutor vai estar)\\s+(?:te\\s+|lhe\\s+)?(?:esperando|aguardando)\\b`),
  rx(`\\bnos vemos\\b`),
  // "até sexta" but not "de segunda até sexta" (opening hours).
  rx(`(?<!(?:${WEEKDAY})(?: feira)?\\s)\\bate\\s+(?:la|amanha|${WEEKDAY}|o dia|dia \\d)\\b`),
  rx(`\\b(?:consegui|conseguimos|deu certo)\\s+(?:te\\s+|lhe\\s+)?(?:${INFINITIVE}|um horario|o horario|seu horario|sua vaga|uma vaga|a vaga)\\b`),
  rx(`\\b(?:fiz|realizei|efetuei|conclui|finalizei|concretizei|criei|fizemos|realizamos|efetuamos)\\s+(?:o\\s+|a\\s+|seu\\s+|sua\\s+|o seu\\s+|a sua\\s+)?(?:${ACT_NOUN})\\b`),
  rx(`\\b(?:${ACT_NOUN})\\s+(?:foi\\s+|esta\\s+|ta\\s+|ja\\s+|ja foi\\s+)?(?:feit[oa]|realizad[oa]|efetuad[oa]|concluid[oa]|finalizad[oa]|registrad[oa]|confirmad[oa]|com suceso|ok|pronto)\\b`),
  rx(`\\b(?:horario|vaga|consulta|lugar)\\b(?:\\s+\\S+){0,3}?\\s+(?:ja\\s+)?(?:e|eh)\\s+(?:seu|sua|teu|tua)\\b`),
  rx(`\\b(?:todas|todos)\\s+(?:as\\s+|os\\s+)?(?:${AGENDA_NOUN})\\b[^.!?]*\\b(?:${PARTICIPLE}|${OTHER_PARTICIPLE})`),
  // docs/decisions/030: claims with no verb of the lists above, and slang.
  rx(`\\b(?:foi|foram|pasou|mudou)\\s+(?:pro|para o|pra o|pra|para)\\s+(?:dia \\d|${WEEKDAY}|amanha|depois de amanha|o dia|as \\d)`),
  rx(`\\b(?:consulta|horario|sesao|atendimento)\\b(?:\\s+\\S+){0,3}?\\s+agora\\s+(?:e|eh|fica|ficou|sera)\\s+(?:as|na|no|dia|${WEEKDAY}|amanha|hoje|\\d)`),
  rx(`\\b(?:${AGENDA_NOUN})\\b[^.!?]*\\bnao existe mais\\b`),
  rx(`\\b(?:consegui|conseguimos)\\s+(?:te\\s+|lhe\\s+)?(?:colocar|por|botar|incluir)\\b`),
  rx(`\\b(?:ajeitei|arumei|resolvi|acertei|organizei|ajeitamos|resolvemos)\\s+(?:\\S+\\s+){0,2}?(?:agenda|consulta|horario|remarcacao|agendamento|cancelamento|tudo)\\b`),
  rx(`\\b(?:troquei|mudei|alterei|trocamos|mudamos)\\s+tudo\\b`),
  rx(`\\bdei baixa\\b|\\b(?:saiu|sumiu|foi retirad[oa]|foi tirad[oa])\\s+da agenda\\b|\\btirei\\s+(?:\\S+\\s+){0,2}?da agenda\\b`),
];

/** Claims in a statement, not in a question. */
const WEAK: RegExp[] = [
  rx(`\\b${PARTICIPLE}\\b`),
  rx(`\\b(?:(?:${AR_STEMS})ando|garantindo|encaixando)\\b`),
  rx(`\\b(?:${AR_STEMS})(?:arei|aremos)\\b|\\bgarantir(?:ei|emos)\\b`),
  rx(`\\b(?:vou|irei|iremos|ja vou|vou ja)\\s+(?:te\\s+|lhe\\s+|ja\\s+)?(?:${INFINITIVE}|deixar\\s+(?:${PARTICIPLE}))\\b`),
  rx(`\\b(?:eu|ja|agora|entao|ok)\\s+(?:agendo|marco|remarco|reagendo|desmarco|cancelo|confirmo|reservo)\\b`),
  rx(`\\b(?:agendo|remarco|reagendo|desmarco|cancelo|reservo)\\s+(?:aqui|agora|ja|pra voce|pra vc|para voce|para vc)\\b`),
  rx(`\\bgaranto\\s+(?:o\\s+|a\\s+|seu\\s+|sua\\s+|o seu\\s+|a sua\\s+)(?:horario|vaga|consulta|lugar)`),
  rx(`\\b(?:pode|podera|podem)\\s+(?:vir|comparecer|aparecer|chegar)\\b(?!\\s+(?:de|com|sem|acompanhad))`),
  rx(`\\b(?:e so|eh so|basta)\\s+(?:vir|comparecer|aparecer|chegar)\\b`),
  rx(`\\b(?:fica|ficam)\\s+(?:entao\\s+)?(?:para|pra|p/|pro|marcad|agendad|combinad|reservad|confirmad)`),
  rx(`^\\s*(?:pronto|prontinho|prontisimo|feito|tudo pronto|tudo feito|tudo resolvido|combinadisimo)\\s*$`),
  rx(`\\bdeixa comigo\\b`),
  // "Ok! Sexta às 10h com a Dra. Ana.", "Combinado: amanhã, 15h": a day and a time stated as settled, not offered.
  rx(
    `^\\s*(?:(?:ok|beleza|blz|perfeito|combinado|fechado|fechou|anotado|certo|show|otimo|entao|fica|suave|resolvido|feito|pronto|prontinho)\\s*:?\\s+)*(?:na |no |para |pra |dia )?(?:${WEEKDAY}|amanha|hoje|depois de amanha|\\d{1,2}/\\d{1,2})\\b(?!.*\\b(?:livres?|disponive\\w*|vagos?|vagas|tenho|temos|ha|opcoes|opcao|horarios|prefere|pode ser|serve|quer|gostaria|posso|podemos|ocupad\\w*|fechad\\w*|nao)\\b).*\\b(?:\\d{1,2}\\s?h|\\d{1,2}:\\d{2}|as \\d)`,
  ),
];

/** "Consultas canceladas com menos de 24 h…": a rule about appointments in general, not a claim. */
const GENERAL_NOUN_BEFORE = /\b(?:consultas?|horarios?|sesoes|sesao|atendimentos?|agendamentos?)\s+$/;
const POSSESSIVE_BEFORE = /\b(?:sua|seu|suas|seus|tua|teu|tuas|teus|a sua|o seu)\s+\S+\s+$/;
const CONDITION_AFTER = /^\s+(?:com|sem|ate|antes|apos|depois|fora|dentro|pelo|pela|por|via)\b(?!\s+sucesso|\s+suceso)/;

const NEGATION_BEFORE = /\b(?:nao|n|nunca|nem|sem|ainda nao)\s+(?:(?:foi|foram|esta|estao|ta|tao|ficou|fica|tinha|ainda|te|lhe|se|me)\s+)?$/;
/** "confirmei que a doutora atende convênio", "vou confirmar com a doutora": confirming a fact, not an appointment. */
const CONFIRM_A_FACT = /\bconfirm\w*\s+(?:que|se|com|o endereco|o valor|o preco|seu nome|seus dados|os dados|o nome)\b/;

function claimIn(sentence: Sentence): boolean {
  const text = sentence.text;
  const counts = (match: RegExpMatchArray, weak: boolean) => {
    const index = match.index ?? 0;
    const before = text.slice(0, index);
    const after = text.slice(index + match[0].length);
    if (NEGATION_BEFORE.test(before)) return false;
    if (match[0].includes("confirm") && CONFIRM_A_FACT.test(match[0] + after)) return false;
    if (weak && GENERAL_NOUN_BEFORE.test(before) && !POSSESSIVE_BEFORE.test(before) && CONDITION_AFTER.test(after)) return false;
    return true;
  };
  for (const pattern of STRONG) for (const match of text.matchAll(pattern)) if (counts(match, false)) return true;
  if (sentence.question) return false;
  for (const pattern of WEAK) for (const match of text.matchAll(pattern)) if (counts(match, true)) return true;
  return false;
}

/** The text states or implies that something was booked, moved, cancelled, confirmed or kept in the agenda. */
export function claimsAgendaChange(text: string): boolean {
  return sentencesOf(normalizeForRules(text)).some(claimIn);
}

const AGENDA_FACT = new RegExp(
  [
    "\\b\\d{1,2}\\s?(?:h|hs|hrs|horas)\\b",
    "\\b\\d{1,2}:\\d{2}\\b",
    "\\bas \\d{1,2}\\b",
    "\\b\\d{1,2}/\\d{1,2}\\b",
    "\\bdia \\d{1,2}\\b",
    `\\b(?:${WEEKDAY})\\b`,
    "\\b(?:hoje|amanha)\\b",
    "\\b(?:janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro)\\b",
  ].join("|"),
);

/** A sentence naming a day or a time ("sexta às 10h", "amanhã", "27/11"). */
export function namesDayOrTime(sentence: Sentence): boolean {
  return AGENDA_FACT.test(sentence.text);
}

export interface FreeTime {
  date: string;
  time: string;
}

/** The free times the tools returned in this turn (check_availability, and the nearest ones after a refusal). */
export function freeTimesFromToolResults(contents: readonly string[]): FreeTime[] {
  const found: FreeTime[] = [];
  const seen = new Set<string>();
  const add = (date: unknown, time: unknown) => {
    if (typeof date !== "string" || typeof time !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return;
    const key = `${date} ${time}`;
    if (seen.has(key)) return;
    seen.add(key);
    found.push({ date, time });
  };
  for (const content of contents) {
    let result: unknown;
    try {
      result = JSON.parse(content);
    } catch {
      continue;
    }
    if (!result || typeof result !== "object") continue;
    const r = result as { date?: unknown; free_times?: unknown; nearest_free_times?: unknown };
    if (Array.isArray(r.free_times)) for (const time of r.free_times) add(r.date, time);
    if (Array.isArray(r.nearest_free_times)) for (const t of r.nearest_free_times) if (t && typeof t === "object") add((t as FreeTime).date, (t as FreeTime).time);
  }
  return found;
}

const MAX_DAYS_OFFERED = 3;
const MAX_TIMES_PER_DAY = 4;

const orList = (items: string[]) => (items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} ou ${items.at(-1)}`);

/** "sexta-feira, 27/11, às 08:00, 09:00 ou 10:00; segunda-feira, 30/11, às 14:00" */
export function describeFreeTimes(times: readonly FreeTime[]): string {
  const byDay = new Map<string, string[]>();
  for (const t of times) {
    const list = byDay.get(t.date) ?? [];
    if (!byDay.has(t.date)) {
      if (byDay.size >= MAX_DAYS_OFFERED) continue;
      byDay.set(t.date, list);
    }
    if (list.length < MAX_TIMES_PER_DAY) list.push(t.time);
  }
  return [...byDay].map(([date, list]) => `${weekdayDayMonth(date)}, às ${orList(list)}`).join("; ");
}

/** What the patient reads instead of a model text that claimed a change no tool made. */
export function nothingChangedText(freeTimes: readonly FreeTime[]): string {
  const head = "Ainda não fiz nenhuma alteração na sua agenda.";
  return freeTimes.length > 0
    ? `${head} Horários livres que encontrei: ${describeFreeTimes(freeTimes)}. Qual prefere?`
    : `${head} Me diga o que você precisa (agendar, remarcar ou cancelar) e o dia que prefere, que eu verifico para você.`;
}
