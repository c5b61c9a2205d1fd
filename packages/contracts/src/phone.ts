/**
 * Phone numbers are stored in E.164 and shown formatted (docs/product/patients.md §10.1). Brazilian numbers are a
 * two-digit area code (DDD) and either a 9-digit mobile starting with 9 or an 8-digit landline starting 2-5.
 */

const SEPARATORS = /[\s().\-/]/g;

/** The E.164 form of a Brazilian national number (DDD + subscriber), or null when it is not one. */
function brazilianNational(national: string): string | null {
  const ddd = Number(national.slice(0, 2));
  const subscriber = national.slice(2);
  if (!/^\d{2}$/.test(national.slice(0, 2)) || ddd < 11 || ddd > 99) return null;
  const mobile = /^9\d{8}$/.test(subscriber);
  const landline = /^[2-5]\d{7}$/.test(subscriber);
  return mobile || landline ? `+55${national}` : null;
}

/**
 * "(11) 98765-4321", "11987654321", "+55 11 98765-4321", "5511987654321", "(11) 3456-7890" ->
 * "+5511987654321" / "+551134567890". A number of another country already in E.164 ("+14155552671")
 * is kept (without separators). Anything else answers null.
 */
export function toE164BR(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed === "") return null;
  const international = trimmed.startsWith("+");
  const digits = (international ? trimmed.slice(1) : trimmed).replace(SEPARATORS, "");
  if (!/^\d+$/.test(digits)) return null;

  if (international) {
    if (digits.startsWith("55")) return brazilianNational(digits.slice(2));
    return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;
  }
  // The long-distance trunk prefix: "0 11 98765-4321".
  if (digits.startsWith("0")) return digits.length === 11 || digits.length === 12 ? brazilianNational(digits.slice(1)) : null;
  if (digits.length === 10 || digits.length === 11) return brazilianNational(digits);
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith("55")) return brazilianNational(digits.slice(2));
  return null;
}

/** "+5511987654321" -> "(11) 98765-4321", "+551134567890" -> "(11) 3456-7890"; anything else as given. */
export function formatPhoneBR(e164: string): string {
  const m = /^\+55(\d{2})(9\d{4}|[2-5]\d{3})(\d{4})$/.exec(e164);
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : e164;
}
