import type { LedgerYear } from "@clinora/contracts";

const SHORT_MONTHS = ["jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"];
const HEIGHT = 140;

/**
 * Income and expenses by month as bars (docs/product/payments.md §2). A picture only: the same figures are in the
 * year's table right below it, which screen readers read instead (WCAG 1.1.1, a text alternative).
 */
export function LedgerChart({ ledger }: { ledger: LedgerYear }) {
  const top = Math.max(1, ...ledger.months.flatMap((m) => [m.income_cents, m.expenses_cents]));
  const bar = (cents: number) => Math.round((cents / top) * HEIGHT);
  return (
    <figure className="space-y-2">
      <figcaption className="flex flex-wrap items-center gap-4 text-xs text-slate-600">
        <span>Receitas e despesas por mês de {ledger.year} (os valores estão na tabela abaixo)</span>
        <span className="flex items-center gap-1">
          <span aria-hidden className="inline-block size-3 rounded-sm bg-emerald-600" /> Receitas
        </span>
        <span className="flex items-center gap-1">
          <span aria-hidden className="inline-block size-3 rounded-sm bg-rose-600" /> Despesas
        </span>
      </figcaption>
      <svg aria-hidden="true" data-testid="ledger-chart" viewBox={`0 0 ${12 * 30} ${HEIGHT + 16}`} className="h-40 w-full" preserveAspectRatio="none">
        {ledger.months.map((m, i) => (
          <g key={m.month} transform={`translate(${i * 30 + 4}, 0)`}>
            <rect x={0} y={HEIGHT - bar(m.income_cents)} width={10} height={bar(m.income_cents)} className="fill-emerald-600" />
            <rect x={11} y={HEIGHT - bar(m.expenses_cents)} width={10} height={bar(m.expenses_cents)} className="fill-rose-600" />
            <text x={11} y={HEIGHT + 12} textAnchor="middle" className="fill-slate-600 text-[8px]">
              {SHORT_MONTHS[i]}
            </text>
          </g>
        ))}
      </svg>
    </figure>
  );
}
