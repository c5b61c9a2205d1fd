/** CPF check digits (Receita Federal's modulo-11 rule); shared so forms and server agree. */

export function normalizeCpf(input: string): string {
  return input.replace(/\D/g, "");
}

export function isValidCpf(input: string): boolean {
  const cpf = normalizeCpf(input);
  if (cpf.length !== 11 || /^(\d)\1{10}$/.test(cpf)) return false;
  const digits = [...cpf].map(Number);
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += digits[i]! * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === digits[9] && check(10) === digits[10];
}

/** 12345678909 -> 123.456.789-09 */
export function formatCpf(input: string): string {
  const d = normalizeCpf(input);
  return d.length === 11 ? `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}` : input;
}
