import { foldAccents } from "@clinora/contracts/text-fold";

/**
 * Reads a patient's answer to a reminder ("Responda 1 para confirmar ou 2 para cancelar"). Only clear answers are
 * taken: anything that also talks about moving the appointment, mixes a yes and a no, or says more than an answer
 * is left to the assistant (when on) or to the professional, so a patient is never cancelled by a misreading.
 */
export type ReminderReplyIntent = "confirm" | "cancel";

const fold = (text: string) => foldAccents(text).toLowerCase();

/** Keycap digits (1️⃣) and emoji that mean yes or no, turned into words first. */
const SYMBOLS: [RegExp, string][] = [
  [/1\uFE0F?\u20E3/gu, " 1 "],
  [/2\uFE0F?\u20E3/gu, " 2 "],
  [/[\u{1F44D}\u2705\u2714\u{1F44C}]/gu, " sim "],
  [/[\u274C\u{1F44E}]/gu, " nao "],
];

/** Words that may surround an answer without changing it ("ok, confirmo obrigado"). */
const FILLER = new Set(
  "ok okay oi ola bom dia boa tarde noite obrigado obrigada obg grato grata valeu pode por favor pf pfv favor entao certo claro com certeza ta bem beleza perfeito a e eu sim doutora doutor dra dr".split(" "),
);

const CONFIRM_PHRASES = [
  /^1$/,
  /^(sim|s|confirmo|confirmado|confirmada|confirmar|confirma|confirmo sim|confirmadissimo)$/,
  /^(estarei (la|ai|presente)|vou sim|irei|vou estar (la|ai)|estarei|vou|to confirmad[oa]|estou confirmad[oa]|presenca confirmada)$/,
  /^(pode confirmar|quero confirmar|confirmo a consulta|confirmo presenca|confirmo minha presenca|confirmada a consulta)$/,
];

const CANCEL_PHRASES = [
  /^2$/,
  /^(cancelar|cancela|cancelo|cancele|cancelada|cancelado|desmarcar|desmarca|desmarque)$/,
  /^(pode cancelar|quero cancelar|preciso cancelar|vou cancelar|cancelar a consulta|cancela a consulta|cancelar consulta|pode desmarcar|quero desmarcar|preciso desmarcar)$/,
  /^(nao vou|nao vou poder|nao vou poder ir|nao poderei|nao poderei ir|nao vou conseguir|nao vou conseguir ir|nao consigo ir|nao posso ir|nao irei|infelizmente nao vou poder|infelizmente nao poderei|nao vou poder comparecer|nao poderei comparecer)$/,
];

/** A patient who wants another time is not cancelling: that is a conversation, not a "2". */
const AMBIGUOUS = /\b(remarc|reagend|outro (dia|horario)|mudar|trocar|adiar|antecipar|mais tarde|mais cedo|talvez|nao sei|duvida|\?)/;

/** The answer a reminder reply gives, or null when it is not a clear confirm or cancel. */
export function matchReminderReply(text: string): ReminderReplyIntent | null {
  let t = fold(text);
  for (const [pattern, word] of SYMBOLS) t = t.replace(pattern, word);
  if (AMBIGUOUS.test(t)) return null;
  const words = t
    .replace(/[^a-z0-9\s]/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0 || words.length > 10) return null;
  const core = dropFiller(words);
  const phrase = (core.length ? core : words).join(" ");
  const confirm = CONFIRM_PHRASES.some((p) => p.test(phrase)) || (core.length === 0 && words.includes("sim"));
  const cancel = CANCEL_PHRASES.some((p) => p.test(phrase));
  if (confirm === cancel) return null;
  return confirm ? "confirm" : "cancel";
}

/** Leading and trailing courtesy words, and a "sim," before a confirmation ("sim, confirmo"). */
function dropFiller(words: string[]): string[] {
  let start = 0;
  let end = words.length;
  while (start < end && FILLER.has(words[start]!)) start++;
  while (end > start && FILLER.has(words[end - 1]!)) end--;
  return words.slice(start, end);
}
