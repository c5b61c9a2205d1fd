/** The most characters Twilio accepts in one WhatsApp body (error 21617 past it). */
export const WHATSAPP_MAX_BODY = 1600;

/** Breaks a piece of text that alone is too long: at the last space before the limit, else exactly at it. */
function breakLong(piece: string, max: number): string[] {
  const out: string[] = [];
  let rest = piece.trim();
  while (rest.length > max) {
    const space = rest.lastIndexOf(" ", max);
    const cut = space > max / 2 ? space : max;
    out.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) out.push(rest);
  return out;
}

/**
 * A text as WhatsApp bodies of at most `max` characters, in order: cut between sentences (after . ! ? … or a line
 * break), a sentence longer than a whole part between words, a word longer than that where it must. A text that fits
 * comes back as it is, alone.
 */
export function splitForWhatsapp(text: string, max = WHATSAPP_MAX_BODY): string[] {
  if (text.length <= max) return [text];
  // Sentences keep their own ending and the spaces or line breaks after it, so a part reads as written.
  const sentences = text.match(/[^\n.!?…]*(?:[.!?…]+["')\]]*|\n|$)\s*/g)?.filter((s) => s.length > 0) ?? [text];
  const parts: string[] = [];
  let current = "";
  const flush = () => {
    if (current.trim()) parts.push(current.trim());
    current = "";
  };
  for (const sentence of sentences) {
    if (current.length + sentence.trimEnd().length <= max) {
      current += sentence;
      continue;
    }
    flush();
    if (sentence.trimEnd().length <= max) current = sentence;
    else parts.push(...breakLong(sentence, max));
  }
  flush();
  return parts;
}
