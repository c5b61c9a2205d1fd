import { normalizeForRules, sentencesOf } from "../../safety";

/**
 * Payment facts only from the server (docs/decisions/035, built as the agenda facts of docs/decisions/030): a model's
 * sentence that tells the patient a payment was received, confirmed or is settled is never sent; the server states
 * what its own data says instead. The rules read the normalized text (doubled letters collapsed: "pasou", "sesao").
 */
const MONEY = "pagamento|pagamentos|pix|transferencia|deposito|valor|cobranca|boleto|mensalidade|sesao paga|consulta paga";
const RECEIVED = "recebid[oa]s?|confirmad[oa]s?|aprovad[oa]s?|identificad[oa]s?|compensad[oa]s?|creditad[oa]s?|registrad[oa]s?|baixad[oa]s?|quitad[oa]s?|pag[oa]s?|efetuad[oa]s?|realizad[oa]s?|feit[oa]s?|ok";
const AUX = "foi|foram|esta|estao|ta|tah|consta como|aparece como|ficou|ficaram";

const rx = (source: string) => new RegExp(source, "g");

const RULES: RegExp[] = [
  // "recebemos seu pagamento", "recebi o pix", "confirmamos o pagamento", "identificamos a transferência"
  rx(`\\b(?:recebemos|recebi|recebeu|confirmamos|confirmei|identificamos|identifiquei|registramos|registrei|baixamos|dei baixa n[oa])\\b(?:\\s+\\S+){0,3}?\\s+(?:${MONEY})\\b`),
  // "o pagamento foi recebido", "a cobrança já está quitada", "seu pix consta como pago"
  rx(`\\b(?:${MONEY})\\b(?:\\s+\\S+){0,3}?\\s+(?:ja\\s+)?(?:${AUX})\\s+(?:ja\\s+|tudo\\s+|sim\\s+)?(?:${RECEIVED})\\b`),
  // "seu pix já caiu", "a transferência entrou"
  rx(`\\b(?:${MONEY})\\b(?:\\s+\\S+){0,3}?\\s+(?:ja\\s+)?(?:caiu|cairam|entrou|entraram|compensou|foi aprovado)\\b`),
  // "está pago", "consta como pago", "já está tudo pago", "tudo quitado"
  rx(`\\b(?:esta|ta|consta|consta como|ficou|aparece como)\\s+(?:tudo\\s+|ja\\s+)?(?:pag[oa]s?|quitad[oa]s?)\\b`),
  rx(`\\b(?:tudo|td)\\s+(?:pago|quitado|certo com o pagamento|certo com o pix)\\b`),
  rx(`\\b(?:pagamento|pix)\\s+(?:recebido|confirmado|aprovado|identificado|compensado)\\b`),
];

/** A negation just before the claim ("ainda não recebemos", "não consta como pago") states no payment. */
const NEGATED_BEFORE = /\b(?:nao|nenhum|nenhuma|sem)(?:\s+\S+){0,2}\s*$/;

/** Whether a model's text tells the patient that a payment was received or is settled. */
export function claimsPaymentReceived(text: string): boolean {
  for (const sentence of sentencesOf(normalizeForRules(text))) {
    // A question ("Você já fez o pix?") asks; it does not state.
    if (sentence.question) continue;
    for (const rule of RULES) {
      for (const match of sentence.text.matchAll(rule)) {
        if (/\b(?:nao|nunca)\b/.test(match[0])) continue;
        if (!NEGATED_BEFORE.test(sentence.text.slice(0, match.index))) return true;
      }
    }
  }
  return false;
}
