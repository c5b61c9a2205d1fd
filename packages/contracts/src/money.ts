/** Money as people read it, free of zod so the public booking page can show a price without the schemas. */

/** "R$ 1.234,56" for 123456 centavos, the way a Brazilian reads it, whatever the browser's language. */
export function formatCents(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.trunc(cents));
  const reais = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  const centavos = String(abs % 100).padStart(2, "0");
  return `${negative ? "-" : ""}R$ ${reais},${centavos}`;
}
