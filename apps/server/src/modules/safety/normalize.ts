/**
 * The form every safety rule reads (docs/decisions/022): lower case, no accents, emojis and symbols turned into
 * spaces, every run of one repeated letter collapsed to one ("AGENDADOOO" → "agendado", "morrer" → "morer"), so
 * ALL CAPS, missing accents and stretched WhatsApp spelling all meet the same patterns. The patterns are written
 * in this collapsed form ("pasei", "existise", "morer").
 */
export function normalizeForRules(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
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
