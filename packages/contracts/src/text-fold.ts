/**
 * Text without its accents ("Não" → "Nao", "ç" → "c"): the letters decomposed and their combining marks dropped.
 * The one accent folding of the product's text rules (keywords, the crisis rules, replies to reminders, the
 * assistant's texts, booking page addresses, Pix fields); case is left to the caller.
 */
export function foldAccents(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "");
}
