import { foldAccents } from "@clinora/contracts/text-fold";

/**
 * The form every safety rule reads (docs/decisions/022): lower case, no accents, emojis and symbols turned into
 * spaces, every run of one repeated letter collapsed to one ("AGENDADOOO" → "agendado", "morrer" → "morer"), so
 * ALL CAPS, missing accents and stretched WhatsApp spelling all meet the same patterns. The patterns are written
 * in this collapsed form ("pasei", "existise", "morer").
 */
export function normalizeForRules(text: string): string {
  return foldAccents(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s.!?,;:/]/gu, " ")
    .replace(/(\p{L})\1+/gu, "$1")
    .replace(/[ \t\u00a0]+/g, " ")
    .trim();
}

export interface Sentence {
  /** The sentence in normalized form, without its end mark, padded with one space on each side. */
  text: string;
  /** It ends with a question mark. */
  question: boolean;
}

/** The sentences of an already normalized text (split at . ! ? ; and line breaks). */
export function sentencesOf(normalized: string): Sentence[] {
  const found: Sentence[] = [];
  for (const match of normalized.matchAll(/([^.!?;\n]+)([.!?;\n]*)/g)) {
    const body = match[1]!.replace(/,/g, " ").replace(/ +/g, " ").trim();
    if (!body) continue;
    found.push({ text: ` ${body} `, question: match[2]!.includes("?") });
  }
  return found;
}

/**
 * Chat spelling as the crisis rules read it (docs/decisions/030), on an already normalized text: the usual
 * abbreviations written out ("q" → "que", "vc" → "voce", "pq" → "porque", "tb" → "tambem", "td" → "tudo",
 * "n" → "nao", "msm" → "mesmo", "mto" → "muito", "hj" → "hoje", "qnd" → "quando", "qro/kero" → "quero",
 * "vo" → "vou", "ngm" → "ninguem", "cmg" → "comigo", "nd" → "nada") and common misspellings ("sucidio", "me mata"
 * after intent, "morre" after intent).
 */
const CHAT_WORDS: Record<string, string> = {
  q: "que", vc: "voce", vcs: "voces", pq: "porque", tb: "tambem", tbm: "tambem", td: "tudo", tds: "todos", n: "nao", naum: "nao", nao: "nao",
  msm: "mesmo", mto: "muito", mt: "muito", mta: "muita", hj: "hoje", qnd: "quando", qdo: "quando", qd: "quando", qro: "quero", kero: "quero",
  qero: "quero", vo: "vou", ngm: "ninguem", ninguen: "ninguem", cmg: "comigo", nd: "nada", oq: "o que", tou: "to", tô: "to", axo: "acho",
  aki: "aqui", eh: "e", pra: "pra", p: "pra", sla: "sei la", dps: "depois", mds: "meu deus", blz: "beleza", vdd: "verdade", nunk: "nunca",
  sucidio: "suicidio", suicidio: "suicidio", suisidio: "suicidio", sucidar: "suicidar",
};

export function expandChatSpelling(normalized: string): string {
  return normalized
    .replace(/[\p{L}\p{N}]+/gu, (word) => CHAT_WORDS[word] ?? word)
    .replace(/\b(quero|vou|penso em|pensando em|vontade de|queria)\s+me\s+mata\b/g, "$1 me matar")
    .replace(/\b(quero|vou|queria|vontade de)\s+more\b/g, "$1 morer");
}
