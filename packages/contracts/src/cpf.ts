/**
 * CPF (Cadastro de Pessoas Físicas): 9 base digits and 2 check digits, each a weighted sum modulo 11
 * (docs/product/patients.md §10.2: stored as 11 digits, validated when given).
 */

/** Only the digits of `input` ("123.456.789-09" -> "12345678909"). */
export function normalizeCpf(input: string): string {
  return input.replace(/\D/g, "");
}

/** The check digit for `digits` (9 digits for the first, 10 for the second). */
function checkDigit(digits: string): number {
  let sum = 0;
  const weight = digits.length + 1;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (weight - i);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/**
 * True for 11 digits, not all equal, with both check digits right. Accepts the usual punctuation
 * ("123.456.789-09"); any other character makes it invalid.
 */
export function isValidCpf(input: string): boolean {
  if (/[^\d.\-\s]/.test(input)) return false;
  const cpf = normalizeCpf(input);
  if (cpf.length !== 11 || /^(\d)\1{10}$/.test(cpf)) return false;
  return checkDigit(cpf.slice(0, 9)) === Number(cpf[9]) && checkDigit(cpf.slice(0, 10)) === Number(cpf[10]);
}

/** "12345678909" -> "123.456.789-09"; anything that is not 11 digits is returned as given. */
export function formatCpf(input: string): string {
  const cpf = normalizeCpf(input);
  if (cpf.length !== 11) return input;
  return `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
}

/** A valid CPF (digits only) drawn from `random` (values in [0, 1), e.g. a seeded PRNG). */
export function generateCpf(random: () => number): string {
  let base: string;
  do {
    base = Array.from({ length: 9 }, () => Math.min(9, Math.floor(random() * 10))).join("");
  } while (/^(\d)\1{8}$/.test(base));
  const first = checkDigit(base);
  const second = checkDigit(`${base}${first}`);
  return `${base}${first}${second}`;
}
